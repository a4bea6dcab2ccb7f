/**
 * The catalogue JSON (the list, and the details the app reads after it), stale-while-revalidate: the
 * shopper sees the saved catalogue at once (and offline) while a fresh copy is fetched for the next visit.
 * When the fresh copy differs, open pages are told so they can refresh what they show. A read the app
 * marks `no-cache` (the server has told it the list changed) goes to the network first: the saved copy
 * answers it only when the network cannot.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import type { WorkboxPlugin } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { CATALOGUE_PATHS } from './catalogue-paths'
import { SW_MESSAGES } from './messages'
import { isAnonymousRequest } from './public-request'

declare const self: ServiceWorkerGlobalScope

const announceChanges: WorkboxPlugin = {
  async cacheDidUpdate({ oldResponse, newResponse, request }) {
    if (!oldResponse) return
    const [before, after] = await Promise.all([oldResponse.text(), newResponse.clone().text()])
    if (before === after) return
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
    ({ url, request, sameOrigin }) =>
      sameOrigin &&
      CATALOGUE_PATHS.has(url.pathname) &&
      request.method === 'GET' &&
      // The app's own reads only; opening the address in a tab goes to the server.
      request.mode !== 'navigate' &&
      isAnonymousRequest(request),
    (options) => (options.request.cache === 'no-cache' ? changed : saved).handle(options),
    'GET',
  )
}
