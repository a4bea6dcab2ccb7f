/// <reference lib="webworker" />
/**
 * The service worker: wiring only. Each caching concern lives in its own module.
 */
import { setCacheNameDetails } from 'workbox-core'
import { routeHashedAssets } from './asset-cache'
import { buildVersion, CACHE_PREFIX, cacheNames, PRECACHE_ID } from './build-info'
import { deleteOtherCaches } from './cache-cleanup'
import { routeCatalogue, seedCatalogue } from './catalogue-cache'
import type { SeedRequest } from './catalogue-reads'
import { routeProductImages, routeProductPhotos } from './image-cache'
import { SW_MESSAGES } from './messages'
import { handleSync, type SyncEvent } from './outbox-sync'
import { routeAppShell } from './precache'

declare const self: ServiceWorkerGlobalScope

const manifest = self.__WB_MANIFEST
const version = buildVersion(manifest)
const names = cacheNames(version)

setCacheNameDetails({ prefix: CACHE_PREFIX, precache: PRECACHE_ID, runtime: 'runtime', suffix: '' })
routeAppShell(manifest, names.pages)
routeHashedAssets(names.assets)
routeCatalogue(names.catalogue)
routeProductImages(names.images)
routeProductPhotos(names.photos)

// No skipWaiting on install: a new version waits until the shopper accepts "A new version is available".
// Claiming on activate controls the first visit's page at once, so it can go offline without a reload.
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([deleteOtherCaches(names), self.clients.claim()]))
})

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type
  if (type === SW_MESSAGES.skipWaiting) void self.skipWaiting()
  if (type === SW_MESSAGES.getVersion) event.ports[0]?.postMessage({ version })
  if (type === SW_MESSAGES.seedCatalogue) {
    const seeded = seedCatalogue(names.catalogue, event.data as Partial<SeedRequest>).catch(
      () => false,
    )
    event.waitUntil(seeded.then((done) => event.ports[0]?.postMessage({ seeded: done })))
  }
})

self.addEventListener('sync', (event) => handleSync(event as SyncEvent))
