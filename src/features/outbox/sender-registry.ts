import type { OutboxItem, OutboxKind } from './outbox-types'

/** What a sender tells the outbox about one attempt. */
export type OutboxResult =
  /** The server took it (or had already taken it under this key). */
  | { type: 'delivered'; response?: unknown }
  /** No real answer: network error, timeout, 5xx, 429. Kept and tried again later. */
  | { type: 'retry'; reason: string }
  /** 401: the session is renewed once and the same key is sent again. */
  | { type: 'unauthorized' }
  /** A real refusal (4xx): removed; `message` is for the shopper. */
  | { type: 'rejected'; message: string }

export interface OutboxSendContext {
  /** The item's id: send it as the idempotency key. */
  idempotencyKey: string
  /** 1 for the first attempt, counting across reloads. */
  attempt: number
  /** Aborted when the attempt takes too long; the outbox then retries later. */
  signal: AbortSignal
}

/**
 * `owner`: the request acts as the user who queued it (orders, chat); it is sent only while that user
 * holds the session on this device. `any`: the answer does not depend on who sends it (newsletter).
 */
export type SenderIdentity = 'owner' | 'any'

export type OutboxSender = (item: OutboxItem, ctx: OutboxSendContext) => Promise<OutboxResult>

interface Registration {
  send: OutboxSender
  identity: SenderIdentity
}

const senders = new Map<OutboxKind, Registration>()
const listeners = new Set<() => void>()

/**
 * Tells the outbox how to send one kind of item. Items of a kind without a sender wait. Returns a
 * function that removes the registration (tests).
 */
export function registerOutboxSender(
  kind: OutboxKind,
  send: OutboxSender,
  options: { identity?: SenderIdentity } = {},
): () => void {
  const registration = { send, identity: options.identity ?? 'owner' }
  senders.set(kind, registration)
  for (const listener of listeners) listener()
  return () => {
    if (senders.get(kind) === registration) senders.delete(kind)
  }
}

export function getOutboxSender(kind: OutboxKind): Registration | undefined {
  return senders.get(kind)
}

/** Called when a sender is registered, so items waiting for it can go. */
export function onSenderRegistered(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
