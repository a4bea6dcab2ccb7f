/**
 * The catalogue's reads as the worker knows them: their two paths, which requests are the app's public
 * reads of them, and which addresses a page may ask the worker to file a prebuilt page's snapshot under.
 * No Workbox here, so the rules are tested on their own (tests/src/app/pwa/sw-rules.test.ts).
 */
import { isAnonymousRequest } from './public-request'

/** The catalogue's two reads, which the worker keeps for offline use (the list, then its details). */
export const CATALOGUE_PATH = '/rest/v1/rpc/catalogue'
export const CATALOGUE_DETAILS_PATH = '/rest/v1/rpc/catalogue_details'
export const CATALOGUE_PATHS: ReadonlySet<string> = new Set([
  CATALOGUE_PATH,
  CATALOGUE_DETAILS_PATH,
])

/** One of the catalogue's two public reads by the app, on this origin or the hosted project's. */
export function isCatalogueRead(url: URL, request: Request): boolean {
  return (
    CATALOGUE_PATHS.has(url.pathname) &&
    request.method === 'GET' &&
    // The app's own reads only; opening the address in a tab goes to the server.
    request.mode !== 'navigate' &&
    isAnonymousRequest(request)
  )
}

/** What a page sends to have the worker file a prebuilt page's catalogue. */
export interface SeedRequest {
  /** The snapshot file the page was built with (this origin's `/assets/catalogue-snapshot-*.json`). */
  snapshot: string
  /** Where the app reads the list and the details (the answers are filed under these addresses). */
  list: string
  details: string
}

/** Where the build writes a prebuilt page's catalogue snapshot. */
const SNAPSHOT_PATH = /^\/assets\/catalogue-snapshot-[0-9a-f]+\.json$/

/** A seed the worker may act on: this origin's snapshot file, and the catalogue's two addresses. */
export function validSeed(seed: Partial<SeedRequest>, origin: string): seed is SeedRequest {
  const at = (value: unknown) => {
    if (typeof value !== 'string') return undefined
    try {
      return new URL(value, origin)
    } catch {
      return undefined
    }
  }
  const snapshot = at(seed.snapshot)
  const list = at(seed.list)
  const details = at(seed.details)
  return (
    snapshot?.origin === origin &&
    SNAPSHOT_PATH.test(snapshot.pathname) &&
    snapshot.search === '' &&
    list !== undefined &&
    details !== undefined &&
    list.origin === details.origin &&
    list.pathname === CATALOGUE_PATH &&
    details.pathname === CATALOGUE_DETAILS_PATH &&
    list.search === '' &&
    details.search === ''
  )
}
