import { createFileRoute } from '@tanstack/react-router'
import { AdminOverviewPage } from '@/features/admin/components/admin-overview-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/admin/')({
  head: () => titleMeta('Admin overview'),
  component: () => <AdminOverviewPage />,
})
