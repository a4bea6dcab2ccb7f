/**
 * The app shell: every script, style and page of the build is precached, and any navigation inside the
 * app is answered with the cached `index.html`, so every route opens offline. Server paths are never
 * answered with the shell: an API or dev-tool URL must reach the server or fail visibly.
 */
import { createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

export const serverPaths = [
  /^\/auth\/v1(\/|$)/,
  /^\/rest\/v1(\/|$)/,
  /^\/functions\/v1(\/|$)/,
  /^\/__dev(\/|$)/,
]
/** A path ending in a file name (an icon, sw.js, a screenshot) is a file, not an app route. */
const filePath = /\/[^/]+\.[a-z0-9]+$/i

export function routeAppShell(entries: Array<PrecacheEntry | string>): void {
  precacheAndRoute(entries)
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('index.html'), {
      denylist: [...serverPaths, filePath],
    }),
  )
}
