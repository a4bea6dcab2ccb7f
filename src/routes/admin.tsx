import { createFileRoute } from '@tanstack/react-router'
import { AdminLayout } from '@/features/admin/components/admin-layout'
import { titleMeta } from '@/lib/page-title'

/** The admin area. Its layout is the door: visitors sign in, shoppers are told no, staff come in. */
export const Route = createFileRoute('/admin')({
  head: () => titleMeta('Admin'),
  component: AdminLayout,
})
