import { createFileRoute } from '@tanstack/react-router'
import { AdminStaffPage } from '@/features/admin/components/admin-staff-page'
import { titleMeta } from '@/lib/page-title'

/** Admins only: the page tells managers so, and the database refuses them every staff change. */
export const Route = createFileRoute('/admin/staff')({
  head: () => titleMeta('Admin: staff'),
  component: () => <AdminStaffPage />,
})
