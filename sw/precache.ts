/**
 * The app shell: the code the offline app needs (see precache-plan.ts) is precached, with the home page
 * and the app shell page. A navigation asks the server first (its prebuilt page, with the real status),
 * keeps each page visited, and offline answers with the kept page, else the home page for `/`, else the
 * shell, so every route opens offline (a page whose code was never fetched then says it needs a
 * connection). Server paths are never answered with a page: an API or dev-tool URL must reach the server
 * or fail visibly.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'

export const serverPaths = [
  /^\/auth\/v1(\/|$)/,
  /^\/rest\/v1(\/|$)/,
  /^\/functions\/v1(\/|$)/,
  /^\/__dev(\/|$)/,
]
/** A path ending in a file name (an icon, sw.js, a screenshot) is a file, not an app route. */
const filePath = /\/[^/]+\.[a-z0-9]+$/i

/** A slow connection gets the kept copy after this long (the live catalogue corrects its prices). */
const pageNetworkTimeoutSeconds = 3

export function routeAppShell(entries: Array<PrecacheEntry | string>, pagesCache: string): void {
  precacheAndRoute(entries)
  const pages = new NetworkFirst({
    cacheName: pagesCache,
    networkTimeoutSeconds: pageNetworkTimeoutSeconds,
    plugins: [
      // Only real pages are kept (a 404 page is not), keyed by path: the query only filters a listing.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true }),
      {
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url)
          return `${url.origin}${url.pathname}`
        },
      },
    ],
  })
  registerRoute(
    new NavigationRoute(
      async (options) => {
        try {
          return await pages.handle(options)
        } catch (error) {
          const { pathname } = new URL(options.request.url)
          const page =
            (pathname === '/' ? await matchPrecache('index.html') : undefined) ??
            (await matchPrecache('app-shell.html'))
          if (page) return page
          throw error
        }
      },
      { denylist: [...serverPaths, filePath] },
    ),
  )
}
