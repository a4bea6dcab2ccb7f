import { lazy, Suspense, useEffect, useState } from 'react'
import { useAppSelector } from '@/app/hooks'
import { selectSearchOpen } from '../search-slice'
import { loadSearchDialog } from './load-search-dialog'

const SearchDialogView = lazy(() =>
  loadSearchDialog().then((module) => ({ default: module.SearchDialogView })),
)

/**
 * The 'Search Fashion' dialog, rendered once by the shell. Nothing of it is on the first route: its code
 * is fetched when the browser is idle or when it first opens.
 */
export function SearchDialog() {
  const open = useAppSelector(selectSearchOpen)
  const [wanted, setWanted] = useState(open)
  if (open && !wanted) setWanted(true)

  useEffect(() => {
    if (wanted) return
    const prefetch = () => void loadSearchDialog()
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: 8000 })
      return () => window.cancelIdleCallback(handle)
    }
    const handle = window.setTimeout(prefetch, 4000)
    return () => window.clearTimeout(handle)
  }, [wanted])

  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <SearchDialogView />
    </Suspense>
  )
}
