import { createFileRoute } from '@tanstack/react-router'
import { StorePage } from '@/features/catalogue/components/store-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/luxury-watches-store')({
  head: () => titleMeta('Luxury watch store'),
  component: () => <StorePage store="luxury-watches" />,
})
