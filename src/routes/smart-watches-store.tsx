import { createFileRoute } from '@tanstack/react-router'
import { StorePage } from '@/features/catalogue/components/store-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/smart-watches-store')({
  head: () => titleMeta('Smart watch store'),
  component: () => <StorePage store="smart-watches" />,
})
