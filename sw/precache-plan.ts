/**
 * Which of the build's files the service worker precaches, decided at build time from Vite's build
 * manifest (`dist/.vite/manifest.json`) and the precached pages themselves.
 *
 * The precache holds what the offline promises need: the app and everything it loads by itself (header,
 * footer, cart drawer, search, chat, prompts, the outbox and its senders) and the pages of the catalogue,
 * search, the wishlist and checkout. Everything else is fetched when first used and then kept by the
 * worker's asset cache (asset-cache.ts); a page whose code was never fetched says, offline, that it needs
 * a connection.
 */

/** One entry of Vite's build manifest (the fields read here). */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  assets?: string[]
}
export type BuildManifest = Record<string, ManifestChunk>

/**
 * The pages that work with no connection, by route file under src/routes (without `.tsx`): the catalogue
 * (home, listings, categories, stores, brands, a product), search, the wishlist, and checkout, whose
 * orders wait in the outbox. Their code is precached.
 */
export const offlineRoutes: readonly string[] = [
  'index',
  'products.index',
  'products.$category',
  'product.$slug',
  'women',
  'men',
  'kids',
  'beauty',
  'accessories',
  'luxury-watches',
  'smart-watches',
  'luxury-watches-store',
  'smart-watches-store',
  'bags-store',
  'jewelry-store',
  'shoes-store',
  'brands.index',
  'brands.$brand',
  'sale',
  'new-arrivals',
  'search',
  'wishlist',
  'checkout',
]

/**
 * The other pages, whose code is fetched when they are opened and kept from then on: those that need the
 * server (staff work, signing in, the account, an order and its payment, joining the affiliate program)
 * and the reading pages (the company, guides and policies, the blog).
 */
export const onDemandRoutes: readonly (string | RegExp)[] = [
  /^admin([.-]|$)/,
  'auth',
  'account',
  'order.$orderNumber',
  'affiliate-program',
  'about',
  'our-story',
  'heritage',
  'press',
  'careers',
  'contact',
  'faq',
  'size-guide',
  'shipping-info',
  'returns',
  'privacy-policy',
  'terms-of-service',
  'blog.index',
  'blog.$article',
]

const listed = (list: readonly (string | RegExp)[], route: string) =>
  list.some((item) => (typeof item === 'string' ? item === route : item.test(route)))

/** Whether a route's code is precached. A route in neither list, or in both, is an error. */
export function isOfflineRoute(route: string): boolean {
  const offline = listed(offlineRoutes, route)
  if (offline === listed(onDemandRoutes, route)) {
    throw new Error(
      `Route file ${route} must be in exactly one of offlineRoutes and onDemandRoutes (sw/precache-plan.ts).`,
    )
  }
  return offline
}

/** The route file a chunk was split from (`admin.products` for src/routes/admin.products.tsx). */
export function routeFileOf(chunk: ManifestChunk): string | undefined {
  return /(?:^|\/)src\/routes\/([^/?]+)\.tsx\?tsr-split=/.exec(chunk.src ?? '')?.[1]
}

/**
 * The files the offline app needs: what the entry reaches through static and dynamic imports, with their
 * stylesheets, and the same for every offline route's chunks. The router's table of lazy routes (held by
 * the app's code) is not followed into the routes: a route chunk is only entered as an offline route.
 *
 * A script emitted as an asset is a Web Worker's; it is not needed ahead: search starts its worker only
 * for a catalogue of 5,000 products or more (src/features/search/worker/search-service.ts), fetches it
 * then, and searches on the main thread if it cannot.
 */
export function offlineFiles(
  manifest: BuildManifest,
  isOffline: (route: string) => boolean = isOfflineRoute,
): Set<string> {
  const route = (key: string) => routeFileOf(manifest[key]!)
  const offlineRoute = (key: string) => {
    const name = route(key)
    return name !== undefined && isOffline(name)
  }
  const files = new Set<string>()
  const seen = new Set<string>()
  const walk = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key) || (route(key) !== undefined && !offlineRoute(key))) return
    seen.add(key)
    files.add(chunk.file)
    chunk.css?.forEach((file) => files.add(file))
    chunk.assets?.filter((file) => !file.endsWith('.js')).forEach((file) => files.add(file))
    ;[...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(walk)
  }
  Object.keys(manifest)
    .filter((key) => manifest[key]!.isEntry || offlineRoute(key))
    .forEach(walk)
  return files
}

/**
 * The stylesheets a page carries inline: each is followed by a disabled link to its file, which tells
 * Vite's loader that the page has it already, so that page never fetches the file.
 */
export function inlineStylesheets(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" href="\/([^"]+\.css)" disabled>/g)].map(
    (match) => match[1]!,
  )
}

/**
 * The build's files to leave out of the precache: those the offline app does not need, and the
 * stylesheets every precached page carries inline (a copy no page would read).
 */
export function leftOutOfPrecache(
  manifest: BuildManifest,
  precachedPages: readonly string[],
  isOffline?: (route: string) => boolean,
): Set<string> {
  const needed = offlineFiles(manifest, isOffline)
  const built = Object.values(manifest).flatMap((chunk) => [
    chunk.file,
    ...(chunk.css ?? []),
    ...(chunk.assets ?? []),
  ])
  const left = new Set(built.filter((file) => !needed.has(file)))
  const [first, ...others] = precachedPages.map((html) => new Set(inlineStylesheets(html)))
  for (const file of first ?? []) if (others.every((page) => page.has(file))) left.add(file)
  return left
}
