import { createFileRoute } from '@tanstack/react-router'
import { ListingPage } from '@/features/catalogue/components/listing-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/luxury-watches')({
  head: () => titleMeta('Luxury watches'),
  component: () => <ListingPage preset="luxury-watches" />,
})
