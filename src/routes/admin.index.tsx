import { createFileRoute } from '@tanstack/react-router'
import { validateOverviewSearch } from '@/features/admin/admin-search'
import { AdminOverviewPage } from '@/features/admin/components/admin-overview-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/admin/')({
  validateSearch: validateOverviewSearch,
  head: () => titleMeta('Admin overview'),
  component: () => <AdminOverviewPage />,
})
