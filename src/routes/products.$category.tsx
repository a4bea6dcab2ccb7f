import { createFileRoute } from '@tanstack/react-router'
import { ListingPage } from '@/features/catalogue/components/listing-page'
import { validateListingSearch } from '@/features/catalogue/listing/listing-search'
import { titleMeta } from '@/lib/page-title'

function titleCase(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

export const Route = createFileRoute('/products/$category')({
  staticData: { plainStyles: true },
  validateSearch: validateListingSearch,
  head: ({ params }) => titleMeta(titleCase(params.category)),
  component: function ProductsInCategory() {
    const { category } = Route.useParams()
    return <ListingPage preset={category} />
  },
})
