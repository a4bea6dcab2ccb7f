import { createFileRoute } from '@tanstack/react-router'
import { validateTransactionsSearch } from '@/features/admin/admin-search'
import { AdminTransactionsPage } from '@/features/admin/components/admin-transactions-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/admin/transactions')({
  validateSearch: validateTransactionsSearch,
  head: () => titleMeta('Admin: transactions'),
  component: () => <AdminTransactionsPage />,
})
