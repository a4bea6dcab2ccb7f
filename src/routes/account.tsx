import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '@/features/account/components/account-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/account')({
  head: () => titleMeta('My account'),
  component: () => <AccountPage />,
})
