import { createFileRoute } from '@tanstack/react-router'
import { AdminPayoutsPage } from '@/features/admin/components/admin-payouts-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/admin/payouts')({
  head: () => titleMeta('Admin: payouts'),
  component: () => <AdminPayoutsPage />,
})
