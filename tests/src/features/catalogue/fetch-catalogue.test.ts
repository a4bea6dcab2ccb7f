// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { decodeCatalogue, detailsOf } from '@/features/catalogue/api/decode-catalogue'
import {
  CatalogueHttpError,
  CatalogueOfflineError,
  catalogueDetailsUrl,
  catalogueUrl,
  catalogueVersionUrl,
  fetchCatalogue,
  fetchCatalogueDetails,
  fetchCatalogueVersion,
} from '@/features/catalogue/api/fetch-catalogue'
import { catalogue, catalogueDetailsJson, catalogueJson } from './catalogue-fixture'

/** The list as the network gives it: no details merged yet. */
const list = decodeCatalogue(catalogueJson())
const details = detailsOf(catalogue)!

/** A fetch that answers `body`, and the address and options of its call `n`. */
function answering(body: unknown) {
  const fetcher = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(body))
  const call = (n = 0) => {
    const [url, init] = fetcher.mock.calls[n]!
    return { url, init: init!, headers: init!.headers as Record<string, string> }
  }
  return { fetcher: fetcher as unknown as typeof fetch, call }
}

describe('fetching the catalogue', () => {
  it('GETs the RPC with the anonymous key and decodes it', async () => {
    const { fetcher, call } = answering(catalogueJson())
    expect(await fetchCatalogue({ fetcher })).toEqual(list)
    const { url, init, headers } = call()
    expect(url).toBe(catalogueUrl())
    expect(url.endsWith('/rest/v1/rpc/catalogue')).toBe(true)
    expect(headers.apikey).toMatch(/^eyJ/)
    expect(headers.Authorization).toBe(`Bearer ${headers.apikey}`)
    expect(init.method).toBeUndefined()
    // The copy on hand may come from a cache; a list the server says changed may not.
    expect(init.cache).toBeUndefined()
    await fetchCatalogue({ fetcher, changed: true })
    expect(call(1).init.cache).toBe('no-cache')
  })

  it('GETs the details the same way', async () => {
    const { fetcher, call } = answering(catalogueDetailsJson())
    expect(await fetchCatalogueDetails({ fetcher })).toEqual(details)
    const { url, headers } = call()
    expect(url).toBe(catalogueDetailsUrl())
    expect(url.endsWith('/rest/v1/rpc/catalogue_details')).toBe(true)
    expect(headers.apikey).toMatch(/^eyJ/)
    await expect(
      fetchCatalogueDetails({ fetcher: async () => new Response('nope', { status: 503 }) }),
    ).rejects.toBeInstanceOf(CatalogueHttpError)
  })

  it('tells an unreachable server (offline) from an error answer', async () => {
    await expect(
      fetchCatalogue({
        fetcher: async () => {
          throw new TypeError('Failed to fetch')
        },
      }),
    ).rejects.toBeInstanceOf(CatalogueOfflineError)
    await expect(
      fetchCatalogue({ fetcher: async () => new Response('nope', { status: 503 }) }),
    ).rejects.toBeInstanceOf(CatalogueHttpError)
  })

  it('gives up on a connection that does not answer, as offline', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    await expect(fetchCatalogue({ fetcher: hanging, timeoutMs: 20 })).rejects.toBeInstanceOf(
      CatalogueOfflineError,
    )
  })

  it('GETs the version past every cache, and refuses an answer that is not one', async () => {
    const { fetcher, call } = answering('fixture-1')
    expect(await fetchCatalogueVersion({ fetcher })).toBe('fixture-1')
    const { url, init, headers } = call()
    expect(url).toBe(catalogueVersionUrl())
    expect(url.endsWith('/rest/v1/rpc/catalogue_version')).toBe(true)
    expect(init.cache).toBe('no-cache')
    expect(headers.apikey).toMatch(/^eyJ/)
    await expect(
      fetchCatalogueVersion({ fetcher: async () => Response.json(null) }),
    ).rejects.toThrow(/not a version/)
  })
})
