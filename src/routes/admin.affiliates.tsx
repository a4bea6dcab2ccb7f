import { createFileRoute } from '@tanstack/react-router'
import { validateAffiliatesSearch } from '@/features/admin/admin-search'
import { AdminAffiliatesPage } from '@/features/admin/components/admin-affiliates-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/admin/affiliates')({
  validateSearch: validateAffiliatesSearch,
  head: () => titleMeta('Admin: affiliates'),
  component: () => <AdminAffiliatesPage />,
})
