import { createFileRoute } from '@tanstack/react-router'
import { ListingPage } from '@/features/catalogue/components/listing-page'
import { validateListingSearch } from '@/features/catalogue/listing/listing-search'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/men')({
  staticData: { plainStyles: true },
  validateSearch: validateListingSearch,
  head: () => titleMeta('Men'),
  component: () => <ListingPage preset="men" />,
})
