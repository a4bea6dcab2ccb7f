import { useNavigate, useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { validateListingSearch, type ListingSearch } from './listing/listing-search'

/** The listing's search from the URL (already checked by the route; checked again for the type). */
export function useListingSearch(): [
  ListingSearch,
  (next: ListingSearch, replace?: boolean) => void,
] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const search = useMemo(() => validateListingSearch(raw), [raw])
  const navigate = useNavigate()
  // The filters change; what the page itself is about (a results page's `q`) stays.
  const setSearch = (next: ListingSearch, replace = false) =>
    void navigate({
      to: '.',
      search: (typeof raw.q === 'string' ? { q: raw.q, ...next } : next) as never,
      replace,
      resetScroll: false,
    })
  return [search, setSearch]
}
