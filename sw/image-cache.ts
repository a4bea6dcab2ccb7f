/**
 * Product pictures, cache-first: once seen they load instantly and offline. Bounded so the cache cannot
 * grow without limit on a small phone: 300 pictures, 30 days, dropped first when storage runs short.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'

export const PRODUCT_IMAGE_PREFIX = '/images/products/'
const THIRTY_DAYS = 30 * 24 * 60 * 60

export function routeProductImages(cacheName: string): void {
  registerRoute(
    ({ url, request, sameOrigin }) =>
      sameOrigin && url.pathname.startsWith(PRODUCT_IMAGE_PREFIX) && request.method === 'GET',
    new CacheFirst({
      cacheName,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: 300,
          maxAgeSeconds: THIRTY_DAYS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
    'GET',
  )
}
