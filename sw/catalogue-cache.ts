/**
 * The catalogue JSON (the list, and the details the app reads after it), stale-while-revalidate: the
 * shopper sees the saved catalogue at once (and offline) while a fresh copy is fetched for the next visit.
 * When the fresh copy differs, open pages are told so they can refresh what they show. A read the app
 * marks `no-cache` (the server has told it the list changed) goes to the network first: the saved copy
 * answers it only when the network cannot. The reads go to this origin (the embedded backend) or to the
 * hosted project's.
 *
 * A first visit's page read its catalogue before the worker existed. When that was the one a prebuilt
 * page came with (its snapshot file holds both answers), the page hands the worker the snapshot's
 * address and the worker files the two answers from it, instead of downloading them a second time.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import type { WorkboxPlugin } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { isCatalogueRead, type SeedRequest, validSeed } from './catalogue-reads'
import { SW_MESSAGES } from './messages'

declare const self: ServiceWorkerGlobalScope

/** The same JSON, however written (a copy filed from a snapshot is not spaced as the server's). */
function sameJson(before: string, after: string): boolean {
  if (before === after) return true
  try {
    return JSON.stringify(JSON.parse(before)) === JSON.stringify(JSON.parse(after))
  } catch {
    return false
  }
}

const announceChanges: WorkboxPlugin = {
  async cacheDidUpdate({ oldResponse, newResponse, request }) {
    if (!oldResponse) return
    const [before, after] = await Promise.all([oldResponse.text(), newResponse.clone().text()])
    if (sameJson(before, after)) return
    const clients = await self.clients.matchAll({ type: 'window' })
    for (const client of clients) {
      client.postMessage({ type: SW_MESSAGES.catalogueUpdated, url: request.url })
    }
  },
}

export function routeCatalogue(cacheName: string): void {
  const kept = [
    new CacheableResponsePlugin({ statuses: [200] }),
    // A handful of query variants at most (e.g. a category filter); keep the cache small.
    new ExpirationPlugin({ maxEntries: 20, purgeOnQuotaError: true }),
  ]
  const saved = new StaleWhileRevalidate({ cacheName, plugins: [...kept, announceChanges] })
  const changed = new NetworkFirst({ cacheName, plugins: kept })
  registerRoute(
    ({ url, request }) => isCatalogueRead(url, request),
    (options) => (options.request.cache === 'no-cache' ? changed : saved).handle(options),
    'GET',
  )
}

function jsonAnswer(document: unknown): Response {
  return new Response(JSON.stringify(document), {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
}

/**
 * Files the list and the details from a prebuilt page's snapshot, unless the cache holds either already
 * (a copy the worker fetched itself is never older than the build's, and the two go together). The
 * snapshot comes from the browser's cache: the page has just read it. Resolves to whether both answers
 * are filed.
 */
export async function seedCatalogue(
  cacheName: string,
  seed: Partial<SeedRequest>,
  origin: string = self.location.origin,
): Promise<boolean> {
  if (!validSeed(seed, origin)) return false
  const cache = await caches.open(cacheName)
  const [list, details] = await Promise.all([cache.match(seed.list), cache.match(seed.details)])
  if (list || details) return list !== undefined && details !== undefined
  const response = await fetch(seed.snapshot)
  if (!response.ok) return false
  const documents = (await response.json()) as { catalogue?: unknown; details?: unknown }
  if (documents.catalogue === undefined || documents.details === undefined) return false
  await Promise.all([
    cache.put(seed.list, jsonAnswer(documents.catalogue)),
    cache.put(seed.details, jsonAnswer(documents.details)),
  ])
  return true
}
