import { createFileRoute } from '@tanstack/react-router'
import { AdminLayout } from '@/features/admin/components/admin-layout'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/admin')({
  head: () => titleMeta('Admin'),
  component: AdminLayout,
})
