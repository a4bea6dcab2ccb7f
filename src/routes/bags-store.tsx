import { createFileRoute } from '@tanstack/react-router'
import { StorePage } from '@/features/catalogue/components/store-page'
import { validateListingSearch } from '@/features/catalogue/listing/listing-search'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/bags-store')({
  staticData: { plainStyles: true },
  validateSearch: validateListingSearch,
  head: () => titleMeta('Bags store'),
  component: () => <StorePage store="bags" />,
})
