import { createFileRoute } from '@tanstack/react-router'
import { AdminAffiliatesPage } from '@/features/admin/components/admin-affiliates-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/admin/affiliates')({
  head: () => titleMeta('Admin: affiliates'),
  component: () => <AdminAffiliatesPage />,
})
