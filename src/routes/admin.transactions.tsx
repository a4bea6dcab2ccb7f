import { createFileRoute } from '@tanstack/react-router'
import { AdminTransactionsPage } from '@/features/admin/components/admin-transactions-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/admin/transactions')({
  head: () => titleMeta('Admin: transactions'),
  component: () => <AdminTransactionsPage />,
})
