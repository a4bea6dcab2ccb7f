import { env } from '@/config/env'
import type { Catalogue, CatalogueDetails } from '../types'
import { CatalogueFormatError, decodeCatalogue, decodeCatalogueDetails } from './decode-catalogue'

/** The list: what cards, listings, filters and sorting need; read on every visit. */
export const catalogueUrl = () => `${env.supabaseUrl}/rest/v1/rpc/catalogue`
/** Descriptions, tags, specifications and brand stories: read after the first render, and only when they changed. */
export const catalogueDetailsUrl = () => `${env.supabaseUrl}/rest/v1/rpc/catalogue_details`
/** The version the list would carry (a few bytes): a copy on hand that carries it is current. */
export const catalogueVersionUrl = () => `${env.supabaseUrl}/rest/v1/rpc/catalogue_version`

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
async function fetchDocument(
  url: string,
  fetcher: typeof fetch,
  timeoutMs: number,
  cache?: RequestCache,
) {
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
      ...(cache ? { cache } : {}),
    })
  } catch (error) {
    throw new CatalogueOfflineError(error)
  }
  if (!response.ok) throw new CatalogueHttpError(response.status)
  return (await response.json()) as unknown
}

/** How a read is made: the browser's fetch and `catalogueTimeoutMs` unless told otherwise (tests). */
export interface CatalogueReadOptions {
  fetcher?: typeof fetch
  timeoutMs?: number
}

/**
 * The list. `changed`: the server has said the list changed since the copy on hand, so no cache (the
 * browser's, or the service worker's saved copy) may answer for it.
 */
export async function fetchCatalogue({
  fetcher = fetch,
  timeoutMs = catalogueTimeoutMs,
  changed = false,
}: CatalogueReadOptions & { changed?: boolean } = {}): Promise<Catalogue> {
  return decodeCatalogue(
    await fetchDocument(catalogueUrl(), fetcher, timeoutMs, changed ? 'no-cache' : undefined),
  )
}

/** The current catalogue version; rejects as `fetchCatalogue` does, and on an answer that is not one. */
export async function fetchCatalogueVersion({
  fetcher = fetch,
  timeoutMs = catalogueTimeoutMs,
}: CatalogueReadOptions = {}): Promise<string> {
  const version = await fetchDocument(catalogueVersionUrl(), fetcher, timeoutMs, 'no-cache')
  if (typeof version !== 'string' || version === '') {
    throw new CatalogueFormatError('The catalogue version is not a version')
  }
  return version
}

export async function fetchCatalogueDetails({
  fetcher = fetch,
  timeoutMs = catalogueTimeoutMs,
}: CatalogueReadOptions = {}): Promise<CatalogueDetails> {
  return decodeCatalogueDetails(await fetchDocument(catalogueDetailsUrl(), fetcher, timeoutMs))
}
