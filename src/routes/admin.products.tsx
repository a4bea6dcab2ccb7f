import { createFileRoute } from '@tanstack/react-router'
import { AdminProductsPage } from '@/features/admin/components/admin-products-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/admin/products')({
  head: () => titleMeta('Admin: products'),
  component: () => <AdminProductsPage />,
})
