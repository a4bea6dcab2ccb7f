/**
 * The messages between the pages and the service worker; the worker keeps the same strings in
 * sw/messages.ts (the two builds cannot share a module). Change both together.
 */
export const SW_MESSAGES = {
  skipWaiting: 'SKIP_WAITING',
  getVersion: 'GET_VERSION',
  catalogueUpdated: 'CATALOGUE_UPDATED',
  flushOutbox: 'OUTBOX_FLUSH',
  seedCatalogue: 'SEED_CATALOGUE',
} as const

/** The Background Sync tag registered while the outbox holds items. */
export const OUTBOX_SYNC_TAG = 'outbox-flush'

export const SERVICE_WORKER_URL = '/sw.js'
