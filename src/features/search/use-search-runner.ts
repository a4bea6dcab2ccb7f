import { useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { timings } from '@/config/site'
import {
  ensureCatalogue,
  selectBrands,
  selectCatalogueContentKey,
  selectProducts,
} from '@/features/catalogue/catalogue-slice'
import { searchFinished, selectSearchQuery } from './search-slice'
import type { SearchService } from './worker/search-service'

/**
 * Runs the query in the box against the local catalogue (spec §4): nothing for a blank query; otherwise
 * loading for `searchDelayMs`, then the results. A newer keystroke cancels the pending search. An error
 * gives an empty list and logs 'Search error'. The catalogue is loaded (from the device when offline) on
 * first use and indexed again whenever a new version arrives, and again once its descriptions (which
 * come after the list) are merged in: until then names, brands and categories are searched.
 */
export function useSearchRunner(service: SearchService) {
  const dispatch = useAppDispatch()
  const query = useAppSelector(selectSearchQuery)
  const version = useAppSelector(selectCatalogueContentKey)
  const products = useAppSelector(selectProducts)
  const brands = useAppSelector(selectBrands)

  useEffect(() => {
    void dispatch(ensureCatalogue())
  }, [dispatch])

  useEffect(() => {
    if (products.length > 0 || brands.length > 0)
      service.setCatalogue({ version, products, brands })
  }, [service, version, products, brands])

  useEffect(() => {
    if (query.trim() === '') return
    let current = true
    const timer = setTimeout(() => {
      const finish = (results: Awaited<ReturnType<SearchService['search']>>) => {
        if (current) dispatch(searchFinished({ query, results }))
      }
      service.search(query).then(finish, (error: unknown) => {
        console.error('Search error', error)
        finish([])
      })
    }, timings.searchDelayMs)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [dispatch, service, query, products, brands])
}
