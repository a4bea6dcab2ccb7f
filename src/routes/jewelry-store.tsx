import { createFileRoute } from '@tanstack/react-router'
import { StorePage } from '@/features/catalogue/components/store-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/jewelry-store')({
  head: () => titleMeta('Jewelry store'),
  component: () => <StorePage store="jewelry" />,
})
