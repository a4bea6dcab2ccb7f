import { ListingView } from './listing-view'

/**
 * A listing by preset: all, a category (women, men, kids, beauty, accessories, watches), sale, new
 * arrivals, heritage, or any category or subcategory slug from `/products/{category}`.
 */
export function ListingPage({ preset }: { preset: string }) {
  return <ListingView preset={preset} />
}
