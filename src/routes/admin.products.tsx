import { createFileRoute } from '@tanstack/react-router'
import { validateProductsSearch } from '@/features/admin/admin-search'
import { AdminProductsPage } from '@/features/admin/components/admin-products-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/admin/products')({
  validateSearch: validateProductsSearch,
  head: () => titleMeta('Admin: products'),
  component: () => <AdminProductsPage />,
})
