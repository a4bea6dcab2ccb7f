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

/** Resized product photos from the public photo bucket (this origin or the hosted project). */
const PHOTO_PATH = '/storage/v1/render/image/public/product-photos/'

/**
 * Photos seen are kept for offline, cache-first (each upload has its own key, so a URL's bytes never
 * change). A photo at slot size is tens of kilobytes where a drawing is one or two: 80 of them, 30 days,
 * dropped first when storage runs short, keep the cache to a few megabytes.
 */
export function routeProductPhotos(cacheName: string): void {
  registerRoute(
    ({ url, request }) => url.pathname.startsWith(PHOTO_PATH) && request.method === 'GET',
    new CacheFirst({
      cacheName,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: 80,
          maxAgeSeconds: THIRTY_DAYS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
    'GET',
  )
}
