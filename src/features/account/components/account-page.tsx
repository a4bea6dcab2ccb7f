import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { buttonLinkStyle } from '@/components/button-link'
import { HeartIcon } from '@/components/icons'
import { PageLoading } from '@/components/page-loading'
import {
  selectAuthReady,
  selectAuthUser,
  selectLinkError,
  startAuth,
  type AuthUser,
} from '@/features/auth/auth-slice'
import { signOutWarning, useOutboxItems, type OutboxItem } from '@/features/outbox/outbox'
import { selectWishlistCount } from '@/features/wishlist/wishlist-slice'
import { SectionCard } from './account-ui'
import { AddressesSection } from './addresses-section'
import { OrdersSection, type WaitingOrder } from './orders-section'
import { PasswordSection } from './password-section'
import { ProfileSection } from './profile-section'
import { TwoStepSection } from './two-step-section'
import { SignOutCard } from './sign-out-card'
import { Notice } from '@/components/ui/notice'

/**
 * /account: profile, saved addresses, orders, wishlist and sign-out for the signed-in shopper; a
 * prompt to sign in for everyone else. Also where the sign-up confirmation link lands (supabase-js
 * reads the session from the link when the auth listener starts).
 */
export function AccountPage() {
  const dispatch = useAppDispatch()
  const ready = useAppSelector(selectAuthReady)
  const user = useAppSelector(selectAuthUser)

  useEffect(() => {
    dispatch(startAuth())
  }, [dispatch])

  if (!ready) return <PageLoading />
  if (!user) return <SignedOutPrompt />
  return <AccountView user={user} />
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? ''

const sections = [
  { id: 'profile', label: 'Profile' },
  { id: 'addresses', label: 'Addresses' },
  { id: 'password', label: 'Password' },
  { id: 'orders', label: 'Orders' },
  { id: 'wishlist', label: 'Wishlist' },
]

/** An order queued on this device, as the order history shows it (the payload holds no prices). */
function toWaitingOrder(item: OutboxItem): WaitingOrder {
  const lines = Array.isArray(item.payload.items) ? (item.payload.items as unknown[]) : []
  const itemCount = lines.reduce<number>((sum, line) => {
    const quantity = (line as { quantity?: unknown } | null)?.quantity
    return sum + (typeof quantity === 'number' && quantity > 0 ? quantity : 0)
  }, 0)
  return {
    id: item.id,
    createdAt: new Date(item.createdAt).toISOString(),
    itemCount,
    needsSignIn: item.status === 'needs-auth',
  }
}

function AccountView({ user }: { user: AuthUser }) {
  const name = firstName(user.fullName)
  const queued = useOutboxItems('order')
  const waiting = useMemo(() => queued.map(toWaitingOrder), [queued])
  const warning = useAppSelector((state) => signOutWarning(state, user.id))
  return (
    <Box maxW="4xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <chakra.header mb={{ base: '6', md: '8' }}>
        <chakra.p
          fontSize="xs"
          fontWeight="semibold"
          letterSpacing="0.2em"
          textTransform="uppercase"
          color="brand.gold"
          mb="2"
        >
          My account
        </chakra.p>
        <chakra.h1
          fontFamily="heading"
          fontSize={{ base: '3xl', md: '4xl' }}
          color="brand.ink"
          lineHeight="1.15"
        >
          {name ? `Hello, ${name}` : 'Hello'}
        </chakra.h1>
        <chakra.p mt="2" color="brand.muted" overflowWrap="anywhere">
          Signed in as {user.email}
        </chakra.p>
      </chakra.header>

      <chakra.nav aria-label="Account sections" mb="6" overflowX="auto">
        <chakra.ul listStyleType="none" display="flex" gap="2">
          {sections.map((section) => (
            <li key={section.id}>
              <chakra.a
                href={`#${section.id}`}
                display="inline-flex"
                alignItems="center"
                minH="10"
                px="4"
                borderWidth="1px"
                borderColor="brand.line"
                borderRadius="full"
                fontSize="sm"
                whiteSpace="nowrap"
                color="brand.ink"
                bg="white"
                _hover={{ borderColor: 'brand.gold' }}
              >
                {section.label}
              </chakra.a>
            </li>
          ))}
        </chakra.ul>
      </chakra.nav>

      <Box display="grid" gap={{ base: '5', md: '6' }}>
        <ProfileSection user={user} />
        <AddressesSection userId={user.id} />
        <PasswordSection email={user.email} />
        <OrdersSection userId={user.id} waiting={waiting} />
        <WishlistCard />
        <TwoStepSection />
        <SignOutCard warning={warning} />
      </Box>
    </Box>
  )
}

function WishlistCard() {
  const count = useAppSelector(selectWishlistCount)
  return (
    <SectionCard
      id="wishlist"
      title="Wishlist"
      description="The pieces you saved for later, kept on this device."
    >
      <chakra.div display="flex" flexWrap="wrap" alignItems="center" gap="4">
        <chakra.span display="inline-flex" alignItems="center" gap="2" color="brand.charcoal">
          <chakra.span color="brand.gold">
            <HeartIcon size={20} />
          </chakra.span>
          {count === 0 ? 'Nothing saved yet' : `${count} ${count === 1 ? 'item' : 'items'} saved`}
        </chakra.span>
        <Link to="/wishlist">
          <chakra.span css={buttonLinkStyle('outline')}>View wishlist</chakra.span>
        </Link>
      </chakra.div>
    </SectionCard>
  )
}

function SignedOutPrompt() {
  // A confirmation link that failed (expired, already used) lands here with its reason.
  const linkError = useAppSelector(selectLinkError)
  return (
    <Box
      maxW="xl"
      mx="auto"
      px={{ base: '4', md: '6' }}
      py={{ base: '12', md: '20' }}
      textAlign="center"
    >
      <chakra.p
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="0.2em"
        textTransform="uppercase"
        color="brand.gold"
        mb="3"
      >
        My account
      </chakra.p>
      <chakra.h1
        fontFamily="heading"
        fontSize={{ base: '2xl', md: '3xl' }}
        color="brand.ink"
        mb="3"
      >
        Sign in to see your account
      </chakra.h1>
      <chakra.p color="brand.charcoal" mb="8">
        Follow your orders, keep your delivery addresses and check out faster.
      </chakra.p>
      {linkError ? (
        <Box mb="8" textAlign="start">
          <Notice tone="error" role="alert" title="That email link did not work">
            {linkError}. Sign in, or ask for a new link from the sign-in page.
          </Notice>
        </Box>
      ) : null}
      <chakra.div display="flex" flexWrap="wrap" justifyContent="center" gap="3">
        <Link to="/auth" search={{ redirect: '/account' }}>
          <chakra.span css={buttonLinkStyle('solid')}>Sign in</chakra.span>
        </Link>
        <Link to="/auth" search={{ mode: 'signup', redirect: '/account' }}>
          <chakra.span css={buttonLinkStyle('outline')}>Create account</chakra.span>
        </Link>
      </chakra.div>
    </Box>
  )
}
