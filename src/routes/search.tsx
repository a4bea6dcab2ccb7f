import { createFileRoute } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useAppSelector } from '@/lib/app-state'
import { paths } from '@/config/paths'
import { findProduct, selectProductLookup } from '@/features/catalogue/catalogue-slice'
import { ListingView } from '@/features/catalogue/components/listing-view'
import {
  validateListingSearch,
  type ListingSearch,
} from '@/features/catalogue/listing/listing-search'
import type { Product } from '@/features/catalogue/types'
import { useProductMatches } from '@/features/search/use-product-matches'
import { titleMeta } from '@/lib/page-title'

/** What was searched for, as the address holds it: plain text, at most 120 characters. */
function queryOf(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return ''
  return (
    String(value)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .trim()
      .slice(0, 120)
  )
}

export const Route = createFileRoute('/search')({
  staticData: { plainStyles: true },
  validateSearch: (raw: Record<string, unknown>): ListingSearch & { q?: string } => {
    const q = queryOf(raw.q)
    return { ...validateListingSearch(raw), ...(q ? { q } : {}) }
  },
  head: ({ match }) => titleMeta(match.search.q ? `Search: ${match.search.q}` : 'Search'),
  component: SearchResults,
})

/**
 * `/search?q=…`, where Enter in the search dialog leads: every product the query matches (the dialog
 * shows the first 8), best match first, with the listing's filters and sort.
 */
function SearchResults() {
  const q = Route.useSearch({ select: (search) => search.q ?? '' })
  const ids = useProductMatches(q)
  const lookup = useAppSelector(selectProductLookup)
  const products = useMemo(
    () => ids.map((id) => findProduct(lookup, id)).filter((p): p is Product => p !== undefined),
    [ids, lookup],
  )
  const title = q ? `Results for “${q}”` : 'Search'
  return (
    <ListingView
      preset="all"
      title={title}
      eyebrow="Search"
      intro=""
      crumbs={[{ label: 'Home', to: paths.home }, { label: 'Search' }]}
      products={products}
      empty={
        q
          ? {
              title: `No results found for "${q}"`,
              text: 'Try different keywords or browse our categories',
            }
          : { title: 'Search the shop', text: 'Type what you are looking for in the search box.' }
      }
    />
  )
}
