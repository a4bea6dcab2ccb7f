import { createFileRoute } from '@tanstack/react-router'
import { AdminAuditPage } from '@/features/admin/components/admin-audit-page'
import { titleMeta } from '@/lib/page-title'

/** Admins only: the page tells managers so, and the database shows them no audit rows. */
export const Route = createFileRoute('/admin/audit')({
  head: () => titleMeta('Admin: audit trail'),
  component: () => <AdminAuditPage />,
})
