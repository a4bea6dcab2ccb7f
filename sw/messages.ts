/**
 * The messages between the pages and the service worker. The page side keeps the same strings in
 * src/app/pwa/sw-messages.ts (the two builds cannot share a module); change both together.
 */
export const SW_MESSAGES = {
  /** page → worker: the shopper accepted the update; take over now. */
  skipWaiting: 'SKIP_WAITING',
  /** page → worker: which build is this? Answered on the message port with `{ version }`. */
  getVersion: 'GET_VERSION',
  /** worker → page: a newer catalogue has been saved. */
  catalogueUpdated: 'CATALOGUE_UPDATED',
  /**
   * page → worker: file the catalogue a prebuilt page came with (`{ snapshot, list, details }`); answered on
   * the message port with `{ seeded }`.
   */
  seedCatalogue: 'SEED_CATALOGUE',
  /** worker → page: send what waits in the outbox; answer on the port with `{ remaining }`. */
  flushOutbox: 'OUTBOX_FLUSH',
} as const

/** The Background Sync tag the pages register while the outbox holds items. */
export const OUTBOX_SYNC_TAG = 'outbox-flush'
