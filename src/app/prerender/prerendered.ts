import { catalogueReceived } from '@/features/catalogue/catalogue-slice'
import type { AppStore } from '@/app/store'

/** What a prebuilt page names: the catalogue snapshot it was rendered from. */
interface PrerenderedData {
  snapshot: string
}

function readData(): PrerenderedData | null {
  const element = document.getElementById('luxe-prerendered')
  if (!element?.textContent) return null
  try {
    const data = JSON.parse(element.textContent) as Partial<PrerenderedData>
    return typeof data.snapshot === 'string' && data.snapshot.startsWith('/')
      ? (data as PrerenderedData)
      : null
  } catch {
    return null
  }
}

/**
 * For a page the build prerendered: puts the catalogue it was rendered from into the store, so the first
 * render in the browser matches the HTML and can hydrate it. The live catalogue (read right after, as on
 * every start) then corrects any price or stock that changed since the build, in place. Resolves false
 * when the page was not prerendered (the app shell) or the snapshot cannot be read: render from scratch.
 */
export async function loadPrerenderedCatalogue(store: AppStore): Promise<boolean> {
  const data = readData()
  if (!data) return false
  try {
    const response = await fetch(data.snapshot)
    if (!response.ok) return false
    const documents = (await response.json()) as { catalogue: unknown; details: unknown }
    const { snapshotCatalogue } = await import('./snapshot')
    store.dispatch(
      catalogueReceived({ catalogue: snapshotCatalogue(documents), fromDevice: false }),
    )
    return true
  } catch {
    return false
  }
}
