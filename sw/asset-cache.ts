/**
 * The build's scripts and stylesheets that the precache does not hold, kept once fetched: cache-first,
 * since a hashed file's bytes never change, so staff who opened the admin once get it at once next
 * time, online or not. Bounded like the pictures: 150 files, 30 days, dropped first when storage runs
 * short. Files the precache holds are answered by it before this route is asked.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { isHashedCode } from './asset-paths'

const THIRTY_DAYS = 30 * 24 * 60 * 60

export function routeHashedAssets(cacheName: string): void {
  registerRoute(
    ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isHashedCode(url),
    new CacheFirst({
      cacheName,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: 150,
          maxAgeSeconds: THIRTY_DAYS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
    'GET',
  )
}
