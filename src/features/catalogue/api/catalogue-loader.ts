import type { Catalogue } from '../types'
import { type CatalogueCache, deviceCatalogueCache } from './catalogue-cache'
import { CatalogueOfflineError, fetchCatalogue } from './fetch-catalogue'

export type CatalogueSource = 'device' | 'network'

export type LoadOutcome =
  | { kind: 'fresh' }
  | { kind: 'stale'; reason: 'offline' | 'error' }
  | { kind: 'offline-empty' }
  | { kind: 'error'; message: string }

export interface CatalogueLoader {
  /** The copy already in memory, if any (synchronous: for titles and first renders). */
  peek(): Catalogue | undefined
  /** Memory, else the device copy; never waits for the network. */
  loadFromDevice(): Promise<Catalogue | undefined>
  /**
   * Stale-while-revalidate: hands over the device copy as soon as it is read (unless the network wins the
   * race), then the network copy when its version differs. Concurrent calls share one request.
   */
  load(onData: (catalogue: Catalogue, source: CatalogueSource) => void): Promise<LoadOutcome>
  /** A newer catalogue exists (the service worker saw one): the next load asks the network again. */
  markStale(): void
}

export function createCatalogueLoader(deps: {
  fetchCatalogue: () => Promise<Catalogue>
  cache: CatalogueCache
}): CatalogueLoader {
  let memory: Catalogue | undefined
  let fresh = false
  let deviceRead: Promise<Catalogue | undefined> | undefined
  let running: Promise<LoadOutcome> | undefined
  const listeners = new Set<(catalogue: Catalogue, source: CatalogueSource) => void>()

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
      const catalogue = await deps.fetchCatalogue()
      networkAnswered = true
      const previous = memory
      fresh = true
      if (!previous || previous.version !== catalogue.version || !catalogue.version) {
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

  return {
    peek: () => memory,
    loadFromDevice,
    markStale() {
      fresh = false
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
  }
}

/** The app's one loader: the real endpoint and IndexedDB. */
export const catalogueLoader = createCatalogueLoader({
  fetchCatalogue: () => fetchCatalogue(),
  cache: deviceCatalogueCache,
})
