import { env } from '@/config/env'
import type { Catalogue, CatalogueDetails } from '../types'
import { decodeCatalogue, decodeCatalogueDetails } from './decode-catalogue'

/** The list: what cards, listings, filters and sorting need; read on every visit. */
export const catalogueUrl = () => `${env.supabaseUrl}/rest/v1/rpc/catalogue`
/** Descriptions, tags and brand stories: read after the first render, and only when they changed. */
export const catalogueDetailsUrl = () => `${env.supabaseUrl}/rest/v1/rpc/catalogue_details`

/** The network failed before any answer: the shopper is offline (or the server is unreachable). */
export class CatalogueOfflineError extends Error {
  constructor(cause: unknown) {
    super('The catalogue could not be reached', { cause })
    this.name = 'CatalogueOfflineError'
  }
}

export class CatalogueHttpError extends Error {
  constructor(readonly status: number) {
    super(`The catalogue answered ${status}`)
    this.name = 'CatalogueHttpError'
  }
}

/** A connection that has not answered in this long is treated as offline (the saved copy stays up). */
export const catalogueTimeoutMs = 30_000

/**
 * A plain GET with the anonymous key: supabase-js is not needed for one public read and must stay off the
 * first route. A GET (not a POST) lets the service worker and the HTTP cache keep the answer.
 */
async function fetchDocument(url: string, fetcher: typeof fetch, timeoutMs: number) {
  let response: Response
  try {
    response = await fetcher(url, {
      headers: {
        apikey: env.supabaseAnonKey,
        Authorization: `Bearer ${env.supabaseAnonKey}`,
        Accept: 'application/json',
      },
      signal:
        typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(timeoutMs) : undefined,
    })
  } catch (error) {
    throw new CatalogueOfflineError(error)
  }
  if (!response.ok) throw new CatalogueHttpError(response.status)
  return (await response.json()) as unknown
}

export async function fetchCatalogue(
  fetcher: typeof fetch = fetch,
  timeoutMs = catalogueTimeoutMs,
): Promise<Catalogue> {
  return decodeCatalogue(await fetchDocument(catalogueUrl(), fetcher, timeoutMs))
}

export async function fetchCatalogueDetails(
  fetcher: typeof fetch = fetch,
  timeoutMs = catalogueTimeoutMs,
): Promise<CatalogueDetails> {
  return decodeCatalogueDetails(await fetchDocument(catalogueDetailsUrl(), fetcher, timeoutMs))
}
