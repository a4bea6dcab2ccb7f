import type { OutboxItem } from './outbox-types'

type OutboxEventBody =
  | { type: 'delivered'; item: OutboxItem; response: unknown }
  | { type: 'rejected'; item: OutboxItem; message: string }
  | { type: 'needs-auth'; item: OutboxItem }
  | { type: 'retry'; item: OutboxItem; reason: string }

/**
 * What happened to an item; the app turns these into messages for the shopper. `awaited` is true while a
 * `sendOrQueue` call waits for this very item: its caller tells the shopper, so others stay quiet.
 */
export type OutboxEvent = OutboxEventBody & { awaited: boolean }

type Listener = (event: OutboxEvent) => void
const listeners = new Set<Listener>()
const awaited = new Map<string, number>()

export function subscribeOutboxEvents(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Marks an item as watched by its caller until the returned function is called. */
export function awaitItem(id: string): () => void {
  awaited.set(id, (awaited.get(id) ?? 0) + 1)
  return () => {
    const count = (awaited.get(id) ?? 1) - 1
    if (count > 0) awaited.set(id, count)
    else awaited.delete(id)
  }
}

/** Whether a `sendOrQueue` caller is waiting on this item (and tells the shopper itself). */
export function isAwaited(id: string): boolean {
  return awaited.has(id)
}

export function emitOutboxEvent(body: OutboxEventBody): void {
  const event = { ...body, awaited: isAwaited(body.item.id) } as OutboxEvent
  for (const listener of [...listeners]) {
    try {
      listener(event)
    } catch (error) {
      // One broken listener must not stop the outbox or the others.
      console.error(error)
    }
  }
}
