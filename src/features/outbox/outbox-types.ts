/** The outbox's shapes: what is queued, what the store keeps, and what a flush is asked and answers. */

export type OutboxKind = 'order' | 'chat' | 'newsletter'
export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'needs-auth'
/** Plain JSON only (no dates, classes or functions): checked again when read back from the device. */
export type OutboxPayload = Record<string, unknown>

export interface OutboxItem {
  /** A client-made UUID: the server's idempotency key. Never changes, across retries and reloads. */
  id: string
  kind: OutboxKind
  /** What the sender needs, as a plain JSON object (it is saved on the device). */
  payload: OutboxPayload
  /** Who queued it (null: a guest). */
  userId: string | null
  /** When it was queued (ms since epoch). */
  createdAt: number
  /** Send attempts so far. */
  attempts: number
  lastError: string | null
  status: OutboxStatus
  /** Not before this time (ms) unless the connection just came back; null: as soon as possible. */
  nextAttemptAt: number | null
}

export interface OutboxState {
  items: OutboxItem[]
}

/** What set a flush off; `online` and `sync` mean the connection just came back, so backoff is skipped. */
export type FlushTrigger =
  'start' | 'online' | 'focus' | 'visible' | 'sync' | 'enqueue' | 'sign-in' | 'timer' | 'manual'

export interface FlushOptions {
  trigger?: FlushTrigger
  /** Ignore the backoff (the connection just came back). Default: for `online`, `sync` and `manual`. */
  force?: boolean
}

export interface FlushSummary {
  delivered: number
  rejected: number
  /** Items still in the outbox after this flush. */
  remaining: number
  /** The earliest time a backed-off item may be tried again, if any. */
  nextAttemptAt: number | null
}
