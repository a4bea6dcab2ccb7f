import type { Catalogue } from './types.ts'

export interface CatalogueSourceOptions {
  /** The project URL (SUPABASE_URL), read per call so a restarted local server is followed. */
  url: () => string | undefined
  anonKey: () => string | undefined
  fetch?: typeof fetch
}

export interface CatalogueSource {
  /** The live catalogue: fetched once per catalogue version, then served from memory. */
  get(): Promise<Catalogue>
}

export class CatalogueUnavailable extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CatalogueUnavailable'
  }
}

function isCatalogue(value: unknown): value is Catalogue {
  if (typeof value !== 'object' || value === null) return false
  const doc = value as Partial<Catalogue>
  return typeof doc.version === 'string' && Array.isArray(doc.products)
}

/**
 * Reads `public.catalogue()` through the REST API with the anon key (the same public data every visitor
 * sees, under the same RLS). `catalogue_version()` answers in about a millisecond, so it is asked on each
 * request and the whole document is downloaded only when the version changed. Concurrent requests share
 * one download.
 */
export function createCatalogueSource(options: CatalogueSourceOptions): CatalogueSource {
  const fetchImpl = options.fetch ?? fetch
  let cached: Catalogue | undefined
  let inFlight: Promise<Catalogue> | undefined

  const call = async (fn: string): Promise<unknown> => {
    const url = options.url()
    const key = options.anonKey()
    if (!url || !key) throw new CatalogueUnavailable('SUPABASE_URL or SUPABASE_ANON_KEY is not set')
    const response = await fetchImpl(`${url.replace(/\/$/, '')}/rest/v1/rpc/${fn}`, {
      headers: { apikey: key, Authorization: `Bearer ${key}`, Accept: 'application/json' },
    })
    if (!response.ok) {
      throw new CatalogueUnavailable(`${fn} answered ${response.status}`)
    }
    return response.json()
  }

  const refresh = async (): Promise<Catalogue> => {
    const version = await call('catalogue_version')
    if (cached && typeof version === 'string' && version === cached.version) return cached
    const doc = await call('catalogue')
    if (!isCatalogue(doc))
      throw new CatalogueUnavailable('catalogue() returned an unexpected shape')
    doc.brands ??= []
    cached = doc
    return doc
  }

  return {
    get() {
      inFlight ??= refresh().finally(() => {
        inFlight = undefined
      })
      return inFlight
    },
  }
}
