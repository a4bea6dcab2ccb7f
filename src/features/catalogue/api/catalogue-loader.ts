import type { Catalogue, CatalogueDetails } from '../types'
import { buildCatalogue } from './build-catalogue'
import { type CatalogueCache, deviceCatalogueCache } from './catalogue-cache'
import { detailsOf, mergeDetails } from './decode-catalogue'
import {
  CatalogueOfflineError,
  fetchCatalogue,
  fetchCatalogueDetails,
  fetchCatalogueVersion,
} from './fetch-catalogue'

export type CatalogueSource = 'device' | 'network'

export type LoadOutcome =
  | { kind: 'fresh' }
  | { kind: 'stale'; reason: 'offline' | 'error' }
  | { kind: 'offline-empty' }
  | { kind: 'error'; message: string }

/**
 * `complete`: the details the list names are in. `partial`: some details are in, but not those (an older
 * copy answered, or the list changed meanwhile). `failed`: none could be read.
 */
export type DetailsOutcome = 'complete' | 'partial' | 'failed'

export interface CatalogueLoader {
  /** The copy already in memory, if any (synchronous: for titles and first renders). */
  peek(): Catalogue | undefined
  /** Memory, else the device copy; never waits for the network. */
  loadFromDevice(): Promise<Catalogue | undefined>
  /**
   * Stale-while-revalidate: hands over the device copy as soon as it is read (unless the network wins the
   * race), then the network copy when its version differs. The server is asked for the version first: a
   * copy on hand (in memory, on the device, or the one a prebuilt page came with) that carries it is
   * current, and the list is not downloaded again. Concurrent calls share one request.
   */
  load(onData: (catalogue: Catalogue, source: CatalogueSource) => void): Promise<LoadOutcome>
  /**
   * Brings the details (descriptions, tags, specifications, brand stories) the list in memory names, when they are not
   * in yet, and hands over the catalogue with them merged. For after the first render: the list alone
   * draws every card. Concurrent calls share one request.
   */
  loadDetails(onData: (catalogue: Catalogue) => void): Promise<DetailsOutcome>
  /** A newer catalogue exists (the service worker saw one): the next load asks the network again. */
  markStale(): void
  /**
   * Whether the catalogue in memory is the one the prebuilt page came with, and the server has said in
   * this visit that it is current (a load under way is waited for; none is started).
   */
  buildCopyConfirmed(): Promise<boolean>
}

function detailsComplete(catalogue: Catalogue): boolean {
  return catalogue.detailsMerged !== '' && catalogue.detailsMerged === catalogue.detailsVersion
}

export function createCatalogueLoader(deps: {
  /** `changed`: the server said the list changed since the copy on hand (no cache may answer). */
  fetchCatalogue: (changed?: boolean) => Promise<Catalogue>
  fetchDetails: () => Promise<CatalogueDetails>
  cache: CatalogueCache
  /** The version the server's list carries now. Left out: the list is downloaded every time. */
  fetchVersion?: () => Promise<string>
  /** The catalogue a prebuilt page was rendered from, if the page is one. */
  buildCopy?: () => Promise<Catalogue | undefined>
}): CatalogueLoader {
  let memory: Catalogue | undefined
  let fresh = false
  let deviceRead: Promise<Catalogue | undefined> | undefined
  let running: Promise<LoadOutcome> | undefined
  let detailsRunning: Promise<DetailsOutcome> | undefined
  const listeners = new Set<(catalogue: Catalogue, source: CatalogueSource) => void>()
  const detailsListeners = new Set<(catalogue: Catalogue) => void>()

  function deliver(catalogue: Catalogue, source: CatalogueSource) {
    memory = catalogue
    for (const listener of listeners) listener(catalogue, source)
  }

  function loadFromDevice() {
    if (memory) return Promise.resolve(memory)
    deviceRead ??= deps.cache.read().then((cached) => {
      memory ??= cached
      return memory
    })
    return deviceRead
  }

  async function run(): Promise<LoadOutcome> {
    // The device copy is shown unless the network answered first; after a network failure it is
    // what the shopper browses.
    let networkAnswered = false
    const shown = memory !== undefined
    const device = loadFromDevice().then((cached) => {
      if (cached && !networkAnswered && !shown) deliver(cached, 'device')
      return cached
    })
    try {
      // A few bytes instead of the whole list (about 20 KB compressed) when the copy on hand is current:
      // on a first visit the prebuilt page's own copy, on a later one the device's.
      const current = deps.fetchVersion
        ? await deps.fetchVersion().catch(() => undefined)
        : undefined
      const onHand = memory ?? (await deps.buildCopy?.())
      if (current && onHand?.version === current) {
        networkAnswered = true
        fresh = true
        if (memory !== onHand) {
          deliver(onHand, 'network')
          void deps.cache.write(onHand)
        }
        return { kind: 'fresh' }
      }
      const list = await deps.fetchCatalogue(current !== undefined)
      networkAnswered = true
      // The details already shown (or the prebuilt page's) go on with the new list: an order that
      // changed a stock count leaves them current, and otherwise they serve until the new ones arrive.
      const previous = memory
      const prior = previous ?? onHand
      const held = prior && detailsOf(prior)
      const catalogue = held ? mergeDetails(list, held) : list
      fresh = true
      if (
        !previous ||
        previous.version !== catalogue.version ||
        !catalogue.version ||
        previous.detailsMerged !== catalogue.detailsMerged
      ) {
        deliver(catalogue, 'network')
      }
      void deps.cache.write(catalogue)
      return { kind: 'fresh' }
    } catch (error) {
      const cached = await device
      const offline = error instanceof CatalogueOfflineError
      if (cached) return { kind: 'stale', reason: offline ? 'offline' : 'error' }
      if (offline) return { kind: 'offline-empty' }
      return { kind: 'error', message: error instanceof Error ? error.message : String(error) }
    }
  }

  async function runDetails(): Promise<DetailsOutcome> {
    try {
      const details = await deps.fetchDetails()
      // The list may have been replaced while the details were on their way: merge into the newest.
      const current = memory
      if (!current) return 'failed'
      const merged = mergeDetails(current, details)
      memory = merged
      for (const listener of detailsListeners) listener(merged)
      void deps.cache.write(merged)
      return detailsComplete(merged) ? 'complete' : 'partial'
    } catch {
      return memory?.detailsMerged ? 'partial' : 'failed'
    }
  }

  return {
    peek: () => memory,
    loadFromDevice,
    markStale() {
      fresh = false
    },
    async buildCopyConfirmed() {
      await running
      const built = await deps.buildCopy?.()
      return fresh && built !== undefined && memory?.version === built.version
    },
    async load(onData) {
      if (memory && fresh) {
        onData(memory, 'network')
        return { kind: 'fresh' }
      }
      listeners.add(onData)
      try {
        running ??= run().finally(() => {
          running = undefined
        })
        return await running
      } finally {
        listeners.delete(onData)
      }
    },
    async loadDetails(onData) {
      if (!memory) return 'failed'
      if (detailsComplete(memory)) return 'complete'
      detailsListeners.add(onData)
      try {
        detailsRunning ??= runDetails().finally(() => {
          detailsRunning = undefined
        })
        return await detailsRunning
      } finally {
        detailsListeners.delete(onData)
      }
    },
  }
}

/** The app's one loader: the real endpoints and IndexedDB. */
export const catalogueLoader = createCatalogueLoader({
  fetchCatalogue: (changed) => fetchCatalogue({ changed }),
  fetchDetails: () => fetchCatalogueDetails(),
  cache: deviceCatalogueCache,
  fetchVersion: () => fetchCatalogueVersion(),
  buildCopy: buildCatalogue,
})
