import type { OutboxItem } from './outbox-slice'

/** What happened to an item; the app turns these into messages for the shopper. */
export type OutboxEvent =
  | { type: 'delivered'; item: OutboxItem; response: unknown }
  | { type: 'rejected'; item: OutboxItem; message: string }
  | { type: 'needs-auth'; item: OutboxItem }
  | { type: 'retry'; item: OutboxItem; reason: string }

type Listener = (event: OutboxEvent) => void
const listeners = new Set<Listener>()

export function subscribeOutboxEvents(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function emitOutboxEvent(event: OutboxEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event)
    } catch (error) {
      // One broken listener must not stop the outbox or the others.
      console.error(error)
    }
  }
}
