import type { AnyRouter } from '@tanstack/react-router'
import { rootReducer, type RootState } from '@/app/store'
import { catalogueFromBuild } from '@/features/catalogue/catalogue-slice'
import type { Catalogue } from '@/features/catalogue/types'
import { nextTask } from '@/lib/next-task'
import { prerenderedData } from './prerendered-data'

/** A prebuilt page: the catalogue it was rendered from, and the app state it was rendered in. */
export interface Prebuilt {
  catalogue: Catalogue
  /** A fresh store's state holding that catalogue, as the build rendered the page. */
  state: RootState
}

/**
 * For a page the build prerendered: the catalogue snapshot it was rendered from, fetched (the page
 * loader preloads it once the page has loaded). Null when the page was not prerendered (the app shell) or the snapshot cannot be read:
 * then the app renders from scratch.
 */
export async function loadPrebuilt(): Promise<Prebuilt | null> {
  const data = prerenderedData()
  if (!data) return null
  try {
    const response = await fetch(data.snapshot)
    if (!response.ok) return null
    const documents = (await response.json()) as { catalogue: unknown; details: unknown }
    // The list is read in a task after the one that parsed the file: together they made one task of
    // 36 ms at 4x CPU.
    await nextTask()
    const { snapshotCatalogueInSteps } = await import('./snapshot')
    const catalogue = await snapshotCatalogueInSteps(documents)
    await nextTask()
    return { catalogue, state: rootReducer()(undefined, catalogueFromBuild(catalogue)) }
  } catch {
    return null
  }
}

/**
 * Whether the page at this URL renders as the build rendered its path: every matched route reads from
 * the URL's query what it reads from none (a listing opened with filters does not; a link's referral or
 * tracking parameters do not matter).
 */
export function rendersAsBuilt(router: AnyRouter): boolean {
  const search = router.state.location.search as Record<string, unknown>
  if (Object.keys(search).length === 0) return true
  return router.state.matches.every((match) => {
    const validate = router.routesById[match.routeId as string]?.options.validateSearch as unknown
    if (typeof validate !== 'function') return true
    try {
      const read = (validate as (raw: Record<string, unknown>) => unknown)(search)
      const none = (validate as (raw: Record<string, unknown>) => unknown)({})
      return JSON.stringify(read) === JSON.stringify(none)
    } catch {
      return false
    }
  })
}
