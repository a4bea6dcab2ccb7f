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
  const setSearch = (next: ListingSearch, replace = false) =>
    void navigate({ to: '.', search: next as never, replace, resetScroll: false })
  return [search, setSearch]
}
