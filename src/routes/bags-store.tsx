import { createFileRoute } from '@tanstack/react-router'
import { StorePage } from '@/features/catalogue/components/store-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/bags-store')({
  head: () => titleMeta('Bags store'),
  component: () => <StorePage store="bags" />,
})
