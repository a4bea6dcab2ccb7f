import { createFileRoute } from '@tanstack/react-router'
import { StorePage } from '@/features/catalogue/components/store-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/shoes-store')({
  head: () => titleMeta('Shoes store'),
  component: () => <StorePage store="shoes" />,
})
