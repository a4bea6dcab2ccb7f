import { createFileRoute } from '@tanstack/react-router'
import { ListingPage } from '@/features/catalogue/components/listing-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/kids')({
  head: () => titleMeta('Kids'),
  component: () => <ListingPage preset="kids" />,
})
