import { Box } from '@chakra-ui/react/box'
import { Spinner } from '@chakra-ui/react/spinner'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { Drawer } from '@/components/drawer'
import { MenuIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { CodeForm, TotpSetupPanel } from '@/components/two-step'
import { NewOrdersContext, useNewOrdersFeed } from '../new-orders'
import { StaffContext, type Staff } from '../staff-context'
import { useStaffAccess } from '../use-staff-access'
import { AdminNav, adminNavItems, StaffCard } from './admin-nav'
import { AdminButton, ErrorState } from './admin-ui'

/**
 * The admin area's frame and its door. Visitors are sent to sign in and brought back; signed-in
 * shoppers see that the area is not for them; staff get a side navigation on wide screens and a top
 * bar with a menu on phones. While the session or the role lookup is still loading, a spinner shows
 * (never a flash of the wrong screen). Row-level security guards the data whatever the screen shows.
 */
export function AdminLayout() {
  const access = useStaffAccess()

  switch (access.state) {
    case 'checking':
      return <Checking />
    case 'signed-out':
      return <SendToSignIn />
    case 'no-access':
      return <NoAccess email={access.user.email} />
    case 'error':
      return (
        <Box maxW="40rem" mx="auto" px="4" py="16">
          <ErrorState message={access.message} onRetry={access.retry} />
        </Box>
      )
    case 'second-step':
      return <StaffSecondStep factorId={access.factorId} onDone={access.done} />
    case 'staff':
      return <StaffFrame user={access.user} roles={access.roles} />
  }
}

/** Staff finish signing in with a code, or set up an authenticator app first if they have none. */
function StaffSecondStep({ factorId, onDone }: { factorId: string | null; onDone: () => void }) {
  return (
    <Box maxW="32rem" mx="auto" px="4" py={{ base: '10', md: '16' }} display="grid" gap="5">
      <chakra.h1 fontFamily="heading" fontSize={{ base: '2xl', md: '3xl' }} color="brand.ink">
        {factorId ? 'Two-step sign-in' : 'Set up two-step sign-in'}
      </chakra.h1>
      <chakra.p color="brand.charcoal">
        {factorId
          ? 'Staff accounts need a second step. Enter the 6-digit code from your authenticator app.'
          : 'Staff accounts need a second step at every sign-in. Set up an authenticator app to open the admin area.'}
      </chakra.p>
      {factorId ? (
        <CodeForm factorId={factorId} onVerified={onDone} />
      ) : (
        <TotpSetupPanel onEnabled={onDone} />
      )}
    </Box>
  )
}

function Checking({ label = 'Checking your access…' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      minH="60vh"
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap="3"
    >
      <Spinner size="lg" color="brand.gold" />
      <chakra.p color="brand.muted">{label}</chakra.p>
    </Box>
  )
}

/** Sends a visitor to sign in, with the admin page they asked for as the way back. */
function SendToSignIn() {
  const router = useRouter()
  // The address at the moment access was refused: once the redirect starts, the router's location is
  // already /auth while this screen is still on show, and must not be sent back as the way back.
  const [from] = useState(() => router.state.location.href)
  useEffect(() => {
    router.history.replace(`${paths.auth}?redirect=${encodeURIComponent(from)}`)
  }, [router, from])
  return <Checking label="Taking you to sign in…" />
}

function NoAccess({ email }: { email: string }) {
  return (
    <Box maxW="36rem" mx="auto" px="4" py={{ base: '12', md: '20' }} textAlign="center">
      <chakra.h1 fontFamily="heading" fontSize={{ base: '2xl', md: '3xl' }} color="brand.ink">
        You don&apos;t have access to the admin area
      </chakra.h1>
      <chakra.p mt="3" color="brand.charcoal">
        You are signed in as <strong>{email}</strong>. The admin area is for Luxe Kenya staff. If
        you work with us, ask an admin to give your account a staff role.
      </chakra.p>
      <chakra.p mt="6">
        <Link to={paths.home}>
          <chakra.span
            display="inline-flex"
            alignItems="center"
            minH="11"
            px="6"
            bg="brand.ink"
            color="white"
            fontWeight="semibold"
          >
            Go to the home page
          </chakra.span>
        </Link>
      </chakra.p>
    </Box>
  )
}

function StaffFrame({ user, roles }: Pick<Staff, 'user' | 'roles'>) {
  const staff = useMemo<Staff>(
    () => ({ user, roles, isAdmin: roles.includes('admin') }),
    [user, roles],
  )
  const [menuOpen, setMenuOpen] = useState(false)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const newOrders = useNewOrdersFeed()
  const items = adminNavItems(staff.isAdmin).map((item) =>
    item.to === paths.adminTransactions ? { ...item, badge: newOrders.count } : item,
  )
  const current =
    [...items].reverse().find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
      ?.label ?? 'Overview'

  // A tap on a menu link navigates; the menu closes with it.
  const [menuPath, setMenuPath] = useState(pathname)
  if (menuPath !== pathname) {
    setMenuPath(pathname)
    setMenuOpen(false)
  }

  return (
    <StaffContext.Provider value={staff}>
      <NewOrdersContext.Provider value={newOrders}>
        <Box
          display="grid"
          gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: '15rem minmax(0, 1fr)' }}
          minH="70vh"
          bg="brand.cream"
        >
          <chakra.aside
            display={{ base: 'none', lg: 'flex' }}
            flexDirection="column"
            borderEndWidth="1px"
            borderColor="brand.line"
            bg="white"
            px="4"
            py="6"
            gap="6"
          >
            <chakra.p
              fontSize="xs"
              fontWeight="semibold"
              letterSpacing="0.18em"
              textTransform="uppercase"
              color="brand.goldDeep"
              px="3"
            >
              Admin
            </chakra.p>
            <AdminNav items={items} />
            <Box mt="auto">
              <StaffCard staff={staff} />
            </Box>
          </chakra.aside>

          <Box minW="0">
            <Box
              display={{ base: 'flex', lg: 'none' }}
              alignItems="center"
              justifyContent="space-between"
              gap="3"
              px="4"
              py="2"
              bg="white"
              borderBottomWidth="1px"
              borderColor="brand.line"
              position="sticky"
              top="0"
              zIndex="docked"
            >
              <chakra.p fontSize="sm" minW="0" truncate>
                <chakra.span color="brand.goldDeep" fontWeight="semibold">
                  Admin
                </chakra.span>
                <chakra.span color="brand.muted"> / </chakra.span>
                <chakra.span fontWeight="semibold">{current}</chakra.span>
              </chakra.p>
              <AdminButton
                tone="secondary"
                onClick={() => setMenuOpen(true)}
                aria-haspopup="dialog"
                aria-expanded={menuOpen}
              >
                <MenuIcon size={18} /> Admin menu
              </AdminButton>
            </Box>
            <Box px={{ base: '4', md: '6', xl: '8' }} py={{ base: '5', md: '8' }} maxW="80rem">
              <Outlet />
            </Box>
          </Box>
        </Box>

        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          title="Admin menu"
          side="left"
          size="xs"
        >
          <Box display="flex" flexDirection="column" gap="6" py="2">
            <AdminNav items={items} />
            <StaffCard staff={staff} />
          </Box>
        </Drawer>
      </NewOrdersContext.Provider>
    </StaffContext.Provider>
  )
}
