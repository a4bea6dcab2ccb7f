import { createSearchEngine, type SearchLimits } from './engine/search-engine'
import type { SearchableProduct } from './engine/types'

/** The results page lists every product the query matches: no brands or pages, no cap. */
const everyProduct: SearchLimits = {
  total: Number.MAX_SAFE_INTEGER,
  products: Number.MAX_SAFE_INTEGER,
  pages: 0,
  luxuryBrands: 0,
  smartBrands: 0,
  brandCandidates: 0,
}

/**
 * The ids of every product the query matches, best match first, by the same rules as the search dialog
 * (which shows the first 8 of them). A blank query matches nothing.
 */
export function matchingProductIds(
  products: readonly SearchableProduct[],
  query: string,
): string[] {
  if (query.trim() === '') return []
  const engine = createSearchEngine({ pages: [], limits: everyProduct })
  engine.addProducts(products)
  return engine.search(query).flatMap((result) => (result.productId ? [result.productId] : []))
}
