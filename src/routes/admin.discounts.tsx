import { createFileRoute } from '@tanstack/react-router'
import { AdminDiscountsPage } from '@/features/admin/components/admin-discounts-page'
import { titleMeta } from '@/lib/page-title'

/** Staff create discount codes and see their use. */
export const Route = createFileRoute('/admin/discounts')({
  head: () => titleMeta('Admin: discount codes'),
  component: () => <AdminDiscountsPage />,
})
