import { createFileRoute } from '@tanstack/react-router'
import { validatePayoutsSearch } from '@/features/admin/admin-search'
import { AdminPayoutsPage } from '@/features/admin/components/admin-payouts-page'
import { titleMeta } from '@/lib/page-title'

/** Admins only: the page itself says so to managers, and the database shows them no payouts. */
export const Route = createFileRoute('/admin/payouts')({
  validateSearch: validatePayoutsSearch,
  head: () => titleMeta('Admin: payouts'),
  component: () => <AdminPayoutsPage />,
})
