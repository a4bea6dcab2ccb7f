import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import type { Staff } from '../staff-context'
import { StatusBadge } from './admin-ui'

export interface AdminNavItem {
  to: string
  label: string
  exact?: boolean
  /** New items waiting there (new orders). */
  badge?: number
}

/** The admin sections; payouts only for admins (managers cannot see payouts at all). */
export function adminNavItems(isAdmin: boolean): AdminNavItem[] {
  return [
    { to: paths.admin, label: 'Overview', exact: true },
    { to: paths.adminProducts, label: 'Products' },
    { to: paths.adminTransactions, label: 'Transactions' },
    { to: paths.adminAffiliates, label: 'Affiliates' },
    { to: paths.adminDiscounts, label: 'Discount codes' },
    ...(isAdmin
      ? [
          { to: paths.adminPayouts, label: 'Payouts' },
          { to: paths.adminStaff, label: 'Staff' },
          { to: paths.adminAudit, label: 'Audit trail' },
        ]
      : []),
  ]
}

export function AdminNav({ items }: { items: AdminNavItem[] }) {
  return (
    <chakra.nav aria-label="Admin">
      <chakra.ul listStyleType="none" display="grid" gap="1">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} activeOptions={{ exact: item.exact ?? false, includeSearch: false }}>
              {({ isActive }) => (
                <chakra.span
                  display="flex"
                  alignItems="center"
                  minH="11"
                  px="3"
                  borderRadius="sm"
                  fontWeight={isActive ? 'semibold' : 'normal'}
                  bg={isActive ? 'brand.ink' : 'transparent'}
                  color={isActive ? 'white' : 'brand.ink'}
                  _hover={{ bg: isActive ? 'brand.ink' : 'brand.cream' }}
                >
                  {item.label}
                  {item.badge ? (
                    <chakra.span
                      ms="auto"
                      minW="6"
                      px="1.5"
                      borderRadius="full"
                      bg="brand.gold"
                      color="brand.ink"
                      fontSize="xs"
                      fontWeight="semibold"
                      textAlign="center"
                      aria-label={`${item.badge} new`}
                    >
                      {item.badge}
                    </chakra.span>
                  ) : null}
                </chakra.span>
              )}
            </Link>
          </li>
        ))}
      </chakra.ul>
    </chakra.nav>
  )
}

/** Who is signed in, and with which role. */
export function StaffCard({ staff }: { staff: Staff }) {
  const { user, isAdmin } = staff
  return (
    <Box borderTopWidth="1px" borderColor="brand.line" pt="4" px="3" fontSize="sm">
      <chakra.p color="brand.muted" fontSize="xs">
        Signed in as
      </chakra.p>
      <chakra.p fontWeight="semibold" color="brand.ink" truncate>
        {user.fullName || user.email}
      </chakra.p>
      {user.fullName ? (
        <chakra.p color="brand.muted" truncate>
          {user.email}
        </chakra.p>
      ) : null}
      <Box mt="2">
        <StatusBadge tone={isAdmin ? 'purple' : 'blue'}>
          {isAdmin ? 'Admin' : 'Manager'}
        </StatusBadge>
      </Box>
    </Box>
  )
}
