// @vitest-environment node
import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import {
  catalogueDatabase,
  deviceCatalogueCache,
  type CatalogueCache,
} from '@/features/catalogue/api/catalogue-cache'
import { createCatalogueLoader } from '@/features/catalogue/api/catalogue-loader'
import { decodeCatalogue, detailsOf } from '@/features/catalogue/api/decode-catalogue'
import { CatalogueHttpError, CatalogueOfflineError } from '@/features/catalogue/api/fetch-catalogue'
import type { Catalogue, CatalogueDetails } from '@/features/catalogue/types'
import { catalogue, catalogueJson } from './catalogue-fixture'

const older: Catalogue = {
  ...catalogue,
  version: 'fixture-0',
  products: catalogue.products.slice(0, 3),
}

/** The list as the network gives it: no details merged yet. */
const list: Catalogue = decodeCatalogue(catalogueJson())
const details: CatalogueDetails = detailsOf(catalogue)!

const mergedFields = () => ({
  detailsMerged: 'details-1',
  products: [...catalogue.products].sort((a, b) => (a.id < b.id ? -1 : 1)),
  brands: catalogue.brands,
})

const noDetails = () => Promise.reject(new CatalogueOfflineError(new TypeError('Failed to fetch')))

function memoryCache(initial?: Catalogue): CatalogueCache & { saved: Catalogue[] } {
  let stored = initial
  const saved: Catalogue[] = []
  return {
    saved,
    read: async () => stored,
    write: async (next) => {
      stored = next
      saved.push(next)
    },
  }
}

describe('loading the catalogue (stale-while-revalidate)', () => {
  it('hands over the device copy first, then the newer network copy, and saves it', async () => {
    const cache = memoryCache(older)
    let release!: (value: Catalogue) => void
    const loader = createCatalogueLoader({
      fetchDetails: noDetails,
      cache,
      fetchCatalogue: () => new Promise((resolve) => (release = resolve)),
    })
    const seen: string[] = []
    const done = loader.load((data, source) => seen.push(`${source}:${data.version}`))
    await vi.waitFor(() => expect(seen).toEqual(['device:fixture-0']))
    release(catalogue)
    expect(await done).toEqual({ kind: 'fresh' })
    expect(seen).toEqual(['device:fixture-0', 'network:fixture-1'])
    await vi.waitFor(() => expect(cache.saved).toEqual([catalogue]))
    expect(loader.peek()).toEqual(catalogue)
  })

  it('does not hand over the same version twice', async () => {
    let release!: (value: Catalogue) => void
    const loader = createCatalogueLoader({
      fetchDetails: noDetails,
      cache: memoryCache(catalogue),
      fetchCatalogue: () => new Promise((resolve) => (release = resolve)),
    })
    const seen: string[] = []
    const done = loader.load((data, source) => seen.push(`${source}:${data.version}`))
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    release({ ...catalogue })
    await done
    expect(seen).toEqual(['device:fixture-1'])
  })

  it('skips the device copy when the network answers first', async () => {
    const loader = createCatalogueLoader({
      fetchDetails: noDetails,
      cache: { read: () => new Promise(() => {}), write: async () => {} },
      fetchCatalogue: async () => catalogue,
    })
    const seen: string[] = []
    await loader.load((data, source) => seen.push(`${source}:${data.version}`))
    expect(seen).toEqual(['network:fixture-1'])
  })

  it('keeps the device copy when offline, and says it is stale', async () => {
    const loader = createCatalogueLoader({
      fetchDetails: noDetails,
      cache: memoryCache(older),
      fetchCatalogue: async () => {
        throw new CatalogueOfflineError(new TypeError('Failed to fetch'))
      },
    })
    const seen: string[] = []
    expect(await loader.load((data) => seen.push(data.version))).toEqual({
      kind: 'stale',
      reason: 'offline',
    })
    expect(seen).toEqual(['fixture-0'])
  })

  it('is offline-empty with nothing saved, and an error on a bad answer', async () => {
    const offline = createCatalogueLoader({
      fetchDetails: noDetails,
      cache: memoryCache(),
      fetchCatalogue: async () => {
        throw new CatalogueOfflineError(new TypeError('Failed to fetch'))
      },
    })
    expect(await offline.load(() => {})).toEqual({ kind: 'offline-empty' })
    const broken = createCatalogueLoader({
      fetchDetails: noDetails,
      cache: memoryCache(),
      fetchCatalogue: async () => {
        throw new CatalogueHttpError(500)
      },
    })
    expect(await broken.load(() => {})).toMatchObject({ kind: 'error' })
  })

  it('shares one request between concurrent callers and reuses a fresh copy', async () => {
    const fetcher = vi.fn(async () => catalogue)
    const loader = createCatalogueLoader({
      cache: memoryCache(),
      fetchCatalogue: fetcher,
      fetchDetails: noDetails,
    })
    const first = vi.fn()
    const second = vi.fn()
    await Promise.all([loader.load(first), loader.load(second)])
    expect(fetcher).toHaveBeenCalledTimes(1)
    expect(first).toHaveBeenCalledWith(catalogue, 'network')
    expect(second).toHaveBeenCalledWith(catalogue, 'network')
    const third = vi.fn()
    await loader.load(third)
    expect(fetcher).toHaveBeenCalledTimes(1)
    expect(third).toHaveBeenCalledWith(catalogue, 'network')
  })

  it('asks the network again once told a newer catalogue exists, without flashing the old one', async () => {
    const newer = { ...catalogue, version: 'fixture-2' }
    const fetcher = vi.fn<() => Promise<Catalogue>>().mockResolvedValueOnce(catalogue)
    const loader = createCatalogueLoader({
      cache: memoryCache(older),
      fetchCatalogue: fetcher,
      fetchDetails: noDetails,
    })
    await loader.load(() => {})
    fetcher.mockResolvedValueOnce(newer)
    loader.markStale()
    const seen: string[] = []
    expect(await loader.load((data, source) => seen.push(`${source}:${data.version}`))).toEqual({
      kind: 'fresh',
    })
    expect(seen).toEqual(['network:fixture-2'])
    expect(fetcher).toHaveBeenCalledTimes(2)
  })

  it('reads only the device (never the network) for titles', async () => {
    const fetcher = vi.fn(async () => catalogue)
    const loader = createCatalogueLoader({
      cache: memoryCache(older),
      fetchCatalogue: fetcher,
      fetchDetails: noDetails,
    })
    expect(loader.peek()).toBeUndefined()
    expect(await loader.loadFromDevice()).toBe(older)
    expect(loader.peek()).toBe(older)
    expect(fetcher).not.toHaveBeenCalled()
  })
})

describe('asking for the version before the list', () => {
  it('does not download the list again when the device copy is current', async () => {
    const cache = memoryCache(catalogue)
    const fetcher = vi.fn(async () => catalogue)
    const loader = createCatalogueLoader({
      cache,
      fetchCatalogue: fetcher,
      fetchDetails: noDetails,
      // The device is read before the server answers.
      fetchVersion: () => new Promise((resolve) => setTimeout(() => resolve('fixture-1'), 20)),
    })
    const seen: string[] = []
    expect(await loader.load((data, source) => seen.push(`${source}:${data.version}`))).toEqual({
      kind: 'fresh',
    })
    expect(fetcher).not.toHaveBeenCalled()
    expect(seen).toEqual(['device:fixture-1'])
    expect(cache.saved).toEqual([])
  })

  it("takes a prebuilt page's copy for current on a first visit, and keeps it on the device", async () => {
    const cache = memoryCache()
    const fetcher = vi.fn(async () => catalogue)
    const loader = createCatalogueLoader({
      cache,
      fetchCatalogue: fetcher,
      fetchDetails: noDetails,
      fetchVersion: async () => 'fixture-1',
      buildCopy: async () => catalogue,
    })
    const seen: string[] = []
    expect(await loader.load((data, source) => seen.push(`${source}:${data.version}`))).toEqual({
      kind: 'fresh',
    })
    expect(fetcher).not.toHaveBeenCalled()
    expect(seen).toEqual(['network:fixture-1'])
    expect(cache.saved).toEqual([catalogue])
    expect(loader.peek()).toBe(catalogue)
  })

  it('downloads the list, past every cache, when the server names another version', async () => {
    const fetcher = vi.fn(async (_changed?: boolean) => catalogue)
    const loader = createCatalogueLoader({
      cache: memoryCache(),
      fetchCatalogue: fetcher,
      fetchDetails: noDetails,
      fetchVersion: async () => 'fixture-1',
      buildCopy: async () => older,
    })
    const seen: string[] = []
    await loader.load((data, source) => seen.push(`${source}:${data.version}`))
    expect(fetcher).toHaveBeenCalledWith(true)
    expect(seen).toEqual(['network:fixture-1'])
  })

  it("keeps a prebuilt page's details with a changed list that names the same ones", async () => {
    const fetchDetails = vi.fn(noDetails)
    const loader = createCatalogueLoader({
      cache: memoryCache(),
      fetchCatalogue: async () => ({ ...list, version: 'fixture-2' }),
      fetchDetails,
      fetchVersion: async () => 'fixture-2',
      buildCopy: async () => catalogue,
    })
    await loader.load(() => {})
    expect(loader.peek()).toMatchObject({ version: 'fixture-2', ...mergedFields() })
    expect(await loader.loadDetails(() => {})).toBe('complete')
    expect(fetchDetails).not.toHaveBeenCalled()
  })

  it('downloads the list as before when the version cannot be read (offline: the saved copy)', async () => {
    const fetcher = vi.fn(async (_changed?: boolean) => {
      throw new CatalogueOfflineError(new TypeError('Failed to fetch'))
    })
    const loader = createCatalogueLoader({
      cache: memoryCache(older),
      fetchCatalogue: fetcher,
      fetchDetails: noDetails,
      fetchVersion: async () => {
        throw new CatalogueOfflineError(new TypeError('Failed to fetch'))
      },
      buildCopy: async () => catalogue,
    })
    const seen: string[] = []
    expect(await loader.load((data) => seen.push(data.version))).toEqual({
      kind: 'stale',
      reason: 'offline',
    })
    // Asked without `changed`: the service worker's saved copy may answer.
    expect(fetcher).toHaveBeenCalledWith(false)
    expect(seen).toEqual(['fixture-0'])
  })
})

describe("whether the prebuilt page's copy is the one shown, confirmed current", () => {
  const loaderWith = (version: string, buildCopy?: Catalogue) =>
    createCatalogueLoader({
      cache: memoryCache(),
      fetchCatalogue: async () => ({ ...catalogue, version }),
      fetchDetails: noDetails,
      fetchVersion: async () => version,
      buildCopy: async () => buildCopy,
    })

  it('is so once the server has named its version, waiting for a load under way', async () => {
    const loader = loaderWith('fixture-1', catalogue)
    expect(await loader.buildCopyConfirmed()).toBe(false)
    void loader.load(() => {})
    expect(await loader.buildCopyConfirmed()).toBe(true)
    loader.markStale()
    expect(await loader.buildCopyConfirmed()).toBe(false)
  })

  it('is not when the server names another version, or the page was not prebuilt', async () => {
    const changed = loaderWith('fixture-2', catalogue)
    await changed.load(() => {})
    expect(await changed.buildCopyConfirmed()).toBe(false)
    const shell = loaderWith('fixture-1')
    await shell.load(() => {})
    expect(await shell.buildCopyConfirmed()).toBe(false)
  })
})

describe('loading the details after the list', () => {
  it('reads the details the list names, merges them, hands them over and saves them', async () => {
    const cache = memoryCache()
    const fetchDetails = vi.fn(async () => details)
    const loader = createCatalogueLoader({ cache, fetchCatalogue: async () => list, fetchDetails })
    expect(await loader.loadDetails(() => {})).toBe('failed')
    await loader.load(() => {})
    expect(loader.peek()?.detailsMerged).toBe('')
    expect(fetchDetails).not.toHaveBeenCalled()
    const seen: Catalogue[] = []
    const [first, second] = await Promise.all([
      loader.loadDetails((data) => seen.push(data)),
      loader.loadDetails((data) => seen.push(data)),
    ])
    expect([first, second]).toEqual(['complete', 'complete'])
    expect(fetchDetails).toHaveBeenCalledTimes(1)
    expect(seen).toHaveLength(2)
    expect(seen[0]).toEqual({ ...list, ...mergedFields() })
    expect(cache.saved.at(-1)).toEqual(seen[0])
    expect(await loader.loadDetails(() => {})).toBe('complete')
    expect(fetchDetails).toHaveBeenCalledTimes(1)
  })

  it('keeps the details it holds for a newer list that names the same ones', async () => {
    const fetchDetails = vi.fn(async () => details)
    const loader = createCatalogueLoader({
      cache: memoryCache(catalogue),
      fetchCatalogue: async () => ({ ...list, version: 'fixture-2' }),
      fetchDetails,
    })
    const seen: string[] = []
    await loader.load((data, source) =>
      seen.push(`${source}:${data.version}:${data.detailsMerged}`),
    )
    expect(seen.at(-1)).toBe('network:fixture-2:details-1')
    expect(loader.peek()?.products.find((p) => p.id === 'dress-001')?.description).toMatch(/silk/)
    expect(await loader.loadDetails(() => {})).toBe('complete')
    expect(fetchDetails).not.toHaveBeenCalled()
  })

  it('shows older details until the named ones come, and says when it could not read them', async () => {
    const newer = { ...list, version: 'fixture-2', detailsVersion: 'details-2' }
    const fetchDetails = vi
      .fn<() => Promise<CatalogueDetails>>()
      .mockRejectedValueOnce(new CatalogueOfflineError(new TypeError('Failed to fetch')))
      .mockResolvedValueOnce(details)
      .mockResolvedValueOnce({ ...details, version: 'details-2' })
    const loader = createCatalogueLoader({
      cache: memoryCache(catalogue),
      fetchCatalogue: async () => newer,
      fetchDetails,
    })
    await loader.load(() => {})
    expect(loader.peek()).toMatchObject({ detailsVersion: 'details-2', detailsMerged: 'details-1' })
    // Offline: the older details stay. An older copy answering: merged, still not the named ones.
    expect(await loader.loadDetails(() => {})).toBe('partial')
    expect(await loader.loadDetails(() => {})).toBe('partial')
    expect(await loader.loadDetails(() => {})).toBe('complete')
    expect(loader.peek()?.detailsMerged).toBe('details-2')

    const empty = createCatalogueLoader({
      cache: memoryCache(),
      fetchCatalogue: async () => list,
      fetchDetails: noDetails,
    })
    await empty.load(() => {})
    expect(await empty.loadDetails(() => {})).toBe('failed')
  })
})

describe('the device copy (IndexedDB through localforage)', () => {
  it('saves and reads back the catalogue, details and all', async () => {
    await deviceCatalogueCache.write(catalogue)
    expect(await deviceCatalogueCache.read()).toEqual(catalogue)
  })

  it('reads a damaged or foreign copy as nothing, without throwing', async () => {
    const localforage = (await import('localforage')).default
    const store = localforage.createInstance({ name: catalogueDatabase, storeName: 'catalogue' })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await store.setItem('catalogue', { format: 2, catalogue: { products: 'oops' } })
    expect(await deviceCatalogueCache.read()).toBeUndefined()
    // A copy saved by the app before the list and its details were split is read afresh.
    await store.setItem('catalogue', { format: 1, catalogue })
    expect(await deviceCatalogueCache.read()).toBeUndefined()
    await store.setItem('catalogue', { format: 99, catalogue })
    expect(await deviceCatalogueCache.read()).toBeUndefined()
    await store.setItem('catalogue', 'junk')
    expect(await deviceCatalogueCache.read()).toBeUndefined()
  })
})
