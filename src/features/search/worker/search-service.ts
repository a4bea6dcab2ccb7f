import { createSearchEngine } from '../engine/search-engine'
import type { SearchableBrand, SearchableProduct, SearchResult } from '../engine/types'
import type { SearchWorkerRequest, SearchWorkerResponse } from './protocol'
import { nextTask } from '@/lib/next-task'

export interface SearchCatalogue {
  version: string
  products: readonly SearchableProduct[]
  brands: readonly SearchableBrand[]
}

export interface SearchService {
  /** Indexes a catalogue; the same version again is ignored. Searches wait until indexing is done. */
  setCatalogue(catalogue: SearchCatalogue): void
  search(query: string): Promise<SearchResult[]>
  /** Where the current catalogue is searched. */
  readonly mode: 'main-thread' | 'worker'
}

/** From this many products on, indexing and searching move to a Web Worker. */
export const workerThreshold = 5000
/** Products indexed per step on the main thread: each step stays well under 50 ms on a slow phone. */
const mainThreadChunk = 200
/** Products per message to the worker: cloning one message costs the main thread a few ms. */
const workerChunk = 1000

/** Only the fields search reads cross to the worker (smaller messages, cheaper to clone). */
function searchable(product: SearchableProduct): SearchableProduct {
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    subcategory: product.subcategory ?? null,
    brand: product.brand,
    description: product.description,
    price: product.price,
    discount: product.discount ?? 0,
    image: product.image,
  }
}

function searchableBrand(brand: SearchableBrand): SearchableBrand {
  const { id, slug, name, kind, category, description, country, logo } = brand
  return { id, slug, name, kind, category, description, country, logo }
}

function defaultWorker(): Worker {
  return new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' })
}

export function createSearchService(
  options: { workerThreshold?: number; createWorker?: () => Worker } = {},
): SearchService {
  const threshold = options.workerThreshold ?? workerThreshold
  const createWorker = options.createWorker ?? defaultWorker
  // Pages are searchable before any catalogue arrives.
  let engine = createSearchEngine()
  let ready: Promise<void> = Promise.resolve()
  let indexedKey: string | undefined
  let generation = 0
  let worker: Worker | undefined
  let mode: SearchService['mode'] = 'main-thread'
  /** Searches sent to the worker, by id, with their query in case they must be asked again. */
  const pending = new Map<
    number,
    { query: string; answer: (response: SearchWorkerResponse) => void }
  >()
  let nextId = 1
  let current: SearchCatalogue | undefined
  let workerFailed = false

  function post(message: SearchWorkerRequest) {
    worker?.postMessage(message)
  }

  function startWorker(): Worker | undefined {
    if (worker) return worker
    try {
      worker = createWorker()
    } catch (error) {
      console.warn('Search runs on the main thread: the worker could not start', error)
      return undefined
    }
    worker.addEventListener('message', (event: MessageEvent<SearchWorkerResponse>) => {
      const waiting = pending.get(event.data.id)
      pending.delete(event.data.id)
      waiting?.answer(event.data)
    })
    // The worker's script could not be fetched (offline, before it was ever kept) or the worker broke:
    // the catalogue is indexed on the main thread instead, and what was asked is answered from there.
    worker.addEventListener('error', () => {
      worker?.terminate()
      worker = undefined
      workerFailed = true
      const waiting = [...pending.values()]
      pending.clear()
      if (current) {
        indexedKey = undefined
        service.setCatalogue(current)
      }
      for (const { query, answer } of waiting) {
        service.search(query).then(
          (results) => answer({ type: 'results', id: 0, results }),
          (error: unknown) => answer({ type: 'error', id: 0, message: String(error) }),
        )
      }
    })
    return worker
  }

  const service: SearchService = {
    get mode() {
      return mode
    },
    setCatalogue(catalogue) {
      current = catalogue
      const key = `${catalogue.version}:${catalogue.products.length}:${catalogue.brands.length}`
      if (key === indexedKey) return
      indexedKey = key
      const mine = ++generation
      const { products, brands } = catalogue
      const inWorker = products.length >= threshold && !workerFailed ? startWorker() : undefined
      if (inWorker) {
        mode = 'worker'
        ready = (async () => {
          post({ type: 'reset' })
          post({ type: 'brands', brands: brands.map(searchableBrand) })
          for (let from = 0; from < products.length; from += workerChunk) {
            if (mine !== generation) return
            post({
              type: 'products',
              products: products.slice(from, from + workerChunk).map(searchable),
            })
            await nextTask()
          }
        })()
        return
      }
      const next = createSearchEngine()
      next.setBrands(brands)
      ready = (async () => {
        for (let from = 0; from < products.length; from += mainThreadChunk) {
          if (mine !== generation) return
          next.addProducts(products.slice(from, from + mainThreadChunk))
          // Yield between steps so typing and scrolling stay smooth while the index is built.
          if (from + mainThreadChunk < products.length) await nextTask()
        }
        if (mine !== generation) return
        engine = next
        mode = 'main-thread'
      })()
    },
    async search(query) {
      await ready
      if (mode === 'main-thread' || !worker) return engine.search(query)
      const id = nextId++
      const target = worker
      return new Promise<SearchResult[]>((resolve, reject) => {
        pending.set(id, {
          query,
          answer: (response) => {
            if (response.type === 'results') resolve(response.results)
            else reject(new Error(`Search failed in the worker: ${response.message}`))
          },
        })
        target.postMessage({ type: 'search', id, query } satisfies SearchWorkerRequest)
      })
    },
  }
  return service
}

let shared: SearchService | undefined

/** The app's one search service (the dialog opens and closes; the index stays). */
export function getSearchService(): SearchService {
  shared ??= createSearchService()
  return shared
}
