/**
 * The app shell: the code the offline app needs (see precache-plan.ts) is precached, with the home page
 * and the app shell page. A navigation asks the server first (its prebuilt page, with the real status),
 * keeps each page visited, and offline answers with the kept page, else the home page for `/`, else the
 * shell, so every route opens offline (a page whose code was never fetched then says it needs a
 * connection). Server paths are never answered with a page: an API or dev-tool URL must reach the server
 * or fail visibly.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import type { WorkboxPlugin } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { addPlugins, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { servedUrl } from './asset-paths'

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

/**
 * Workbox installs a file precached by revision (the home page, the shell page, the web app manifest)
 * with a `reload` request, which downloads it again even when the browser has just loaded it. Asked at
 * the address it is served at with `no-cache` instead, it is revalidated against the browser's copy: the
 * server's current file all the same, but the first visit's home page costs a 304, not its size again.
 */
const revalidateBrowserCopy: WorkboxPlugin = {
  requestWillFetch: async ({ request, event }) => {
    if (event?.type !== 'install' || request.cache !== 'reload') return request
    return new Request(servedUrl(request.url), {
      cache: 'no-cache',
      credentials: 'same-origin',
      integrity: request.integrity,
    })
  },
}

export function routeAppShell(entries: Array<PrecacheEntry | string>, pagesCache: string): void {
  addPlugins([revalidateBrowserCopy])
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
