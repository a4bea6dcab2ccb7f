import { startOutbox } from '@/features/outbox/outbox-runner'
import { registerOutboxSenders } from '../outbox-senders'
import type { AppStore } from '../store'
import { requestOutboxSync, setOutboxFlushHandler } from './service-worker'

/**
 * Connects the outbox to the app: its senders, its flush triggers, and the service worker's Background
 * Sync (the worker wakes the page, the page sends: it holds the session and the replay rules).
 */
export function connectOutbox(store: AppStore): () => void {
  registerOutboxSenders()
  const runner = startOutbox(store, { requestBackgroundSync: requestOutboxSync })
  setOutboxFlushHandler(() => runner.flush('sync'))
  return () => runner.stop()
}
