/**
 * Background Sync for the outbox. The worker replays nothing itself (Workbox's background-sync counts any
 * HTTP answer, 401 and 5xx included, as delivered, and it has no session): it asks an open page, which has
 * the session and the replay rules, to flush. If items remain, the sync fails so the browser tries again
 * later with its own backoff.
 */
import { OUTBOX_SYNC_TAG, SW_MESSAGES } from './messages'

declare const self: ServiceWorkerGlobalScope

/** Background Sync is not in TypeScript's WebWorker library. */
export interface SyncEvent extends ExtendableEvent {
  readonly tag: string
  readonly lastChance: boolean
}

const ANSWER_TIMEOUT_MS = 60_000

function askToFlush(client: Client): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(-1), ANSWER_TIMEOUT_MS)
    channel.port1.onmessage = (event: MessageEvent<{ remaining?: number }>) => {
      clearTimeout(timer)
      resolve(typeof event.data?.remaining === 'number' ? event.data.remaining : -1)
    }
    client.postMessage({ type: SW_MESSAGES.flushOutbox }, [channel.port2])
  })
}

export async function flushOutboxThroughPages(): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  // No page open: the app flushes at its next start; nothing to retry from here.
  if (clients.length === 0) return
  // One page is enough: the pages share one outbox and a lock.
  const remaining = await askToFlush(clients[0]!)
  if (remaining !== 0) throw new Error('The outbox still holds items; try again later.')
}

export function handleSync(event: SyncEvent): void {
  if (event.tag !== OUTBOX_SYNC_TAG) return
  event.waitUntil(flushOutboxThroughPages())
}
