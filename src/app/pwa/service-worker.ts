import type { Workbox } from 'workbox-window'
import { env } from '@/config/env'
import { prerenderedData } from '@/app/prerender/prerendered-data'
import { catalogueDetailsUrl, catalogueUrl } from '@/features/catalogue/api/fetch-catalogue'
import { onPageLoad } from '@/lib/on-page-load'
import { whenIdle } from '@/lib/when-idle'
import { OUTBOX_SYNC_TAG, SERVICE_WORKER_URL, SW_MESSAGES } from './sw-messages'

/**
 * The one module that registers the service worker and talks to it. Registration waits for the page's
 * load and first paint and loads workbox-window then, so none of it is on the first paint's critical path.
 *
 * A new version never takes over by itself: when one is waiting, `updateReady` turns true and the page
 * asks the shopper. `applyUpdate()` (their "Reload") tells the waiting worker to skip waiting, and the page
 * reloads once the new worker controls it.
 */
export interface ServiceWorkerState {
  /** A new version is installed and waits for the shopper's go-ahead (or took over from another tab). */
  updateReady: boolean
  /** This page is controlled: it opens offline from now on. */
  controlled: boolean
}

let state: ServiceWorkerState = { updateReady: false, controlled: false }
const listeners = new Set<() => void>()
let workbox: Workbox | undefined
let started = false
let reloadOnControl = false
let outboxFlush: (() => Promise<{ remaining: number }>) | undefined
const catalogueListeners = new Set<() => void>()

function setState(change: Partial<ServiceWorkerState>) {
  state = { ...state, ...change }
  for (const listener of listeners) listener()
}

export function getServiceWorkerState(): ServiceWorkerState {
  return state
}

export function subscribeServiceWorker(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** How often an open app looks for a new version (it also looks whenever it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window')
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' })
  workbox = wb
  wb.addEventListener('waiting', () => setState({ updateReady: true }))
  wb.addEventListener('controlling', (event) => {
    setState({ controlled: true })
    if (!event.isUpdate) {
      void warmCatalogue(wb)
      return
    }
    // Our shopper said "Reload"; in other tabs the new version arrived from elsewhere: offer a reload
    // there too (their old code may ask for files the new version no longer has).
    if (reloadOnControl) window.location.reload()
    else setState({ updateReady: true })
  })
  navigator.serviceWorker.addEventListener('message', onWorkerMessage)
  await wb.register()
  if (navigator.serviceWorker.controller) setState({ controlled: true })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => {})
  })
  setInterval(() => void wb.update().catch(() => {}), UPDATE_CHECK_MS)
}

/**
 * On the very first visit the catalogue was read before the worker existed, so the worker has no copy of
 * its own yet. When the page shows the catalogue a prebuilt page came with, and the server has said it is
 * current, the worker files it from the page's snapshot file (already in the browser's cache): nothing is
 * downloaded again. Otherwise one request through the worker for the list and one for the details fill
 * its cache (the list is usually a 304 from the HTTP cache; the details the app has read by now, or reads
 * in a moment from the worker).
 */
async function warmCatalogue(wb: Workbox): Promise<void> {
  if (await seedFromSnapshot(wb)) return
  for (const url of [catalogueUrl(), catalogueDetailsUrl()]) {
    void fetch(url, {
      headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
    })
      .then((response) => response.arrayBuffer())
      .catch(() => {})
  }
}

/** How long the page waits for the worker to say it filed the snapshot. */
const SEED_ANSWER_MS = 10_000

async function seedFromSnapshot(wb: Workbox): Promise<boolean> {
  const snapshot = prerenderedData()?.snapshot
  if (!snapshot) return false
  try {
    // Loaded by now: the page has read its catalogue.
    const { catalogueLoader } = await import('@/features/catalogue/api/catalogue-loader')
    if (!(await catalogueLoader.buildCopyConfirmed())) return false
    let timer: ReturnType<typeof setTimeout> | undefined
    const answer = (await Promise.race([
      wb.messageSW({
        type: SW_MESSAGES.seedCatalogue,
        snapshot,
        list: catalogueUrl(),
        details: catalogueDetailsUrl(),
      }),
      // A worker that does not answer (it never should) leaves the reads below to fill its cache.
      new Promise((resolve) => (timer = setTimeout(resolve, SEED_ANSWER_MS))),
    ]).finally(() => clearTimeout(timer))) as { seeded?: unknown } | undefined
    return answer?.seeded === true
  } catch {
    return false
  }
}

function onWorkerMessage(event: MessageEvent<unknown>) {
  const type = (event.data as { type?: unknown } | null)?.type
  if (type === SW_MESSAGES.catalogueUpdated) {
    for (const listener of catalogueListeners) listener()
  }
  if (type === SW_MESSAGES.flushOutbox) {
    const port = event.ports[0]
    const flush = outboxFlush ?? (() => Promise.resolve({ remaining: -1 }))
    void flush()
      .catch(() => ({ remaining: -1 }))
      .then((summary) => port?.postMessage({ remaining: summary.remaining }))
  }
}

/** Resolves once the page has painted something (or after `ms`, for browsers that do not say). */
function afterFirstPaint(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    try {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) {
          observer.disconnect()
          done()
        }
      }).observe({ type: 'paint', buffered: true })
    } catch {
      // No paint timing: the timer decides.
    }
  })
}

/**
 * Registers the service worker (production builds only) once the page has loaded and painted, when the
 * browser is idle: installing it downloads the whole app, which must not compete with the first render
 * on a slow connection.
 */
export function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator) || import.meta.env.DEV) return
  started = true
  const go = () => void register().catch((error: unknown) => console.warn('Service worker:', error))
  onPageLoad(() => void afterFirstPaint(5000).then(() => whenIdle(go, 3000)))
}

/** The shopper accepted the update: the waiting worker takes over and the page reloads. */
export function applyUpdate(): void {
  reloadOnControl = true
  const wb = workbox
  if (!wb) {
    window.location.reload()
    return
  }
  void navigator.serviceWorker.getRegistration().then((registration) => {
    if (registration?.waiting) wb.messageSkipWaiting()
    // Already active (accepted in another tab): a reload is all that is left.
    else window.location.reload()
  })
}

/** The worker saved a newer catalogue than the one shown. */
export function onCatalogueUpdated(listener: () => void): () => void {
  catalogueListeners.add(listener)
  return () => {
    catalogueListeners.delete(listener)
  }
}

/** What the worker's Background Sync calls: flush the outbox and say how much is left. */
export function setOutboxFlushHandler(flush: () => Promise<{ remaining: number }>): void {
  outboxFlush = flush
}

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> }
}

/** Asks the browser to wake the worker when the connection returns (where Background Sync exists). */
export function requestOutboxSync(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => {
      // Not supported or not allowed: the online event, focus and app start still flush.
    })
}
