import { deliver, type ChatEnvironment } from './chat-session'
import type { ConversationStore } from './conversation-store'

/**
 * Messages written without a connection, sent in order as soon as it returns (the `online` event, or
 * `flush()` when the app learns it some other way). They belong to this session's conversation, like
 * the conversation itself, and are dropped with it on sign-out.
 */
export function createOfflineQueue(store: ConversationStore) {
  let waiting: { id: string; env: ChatEnvironment }[] = []
  let flushing = false

  async function flush() {
    if (flushing) return
    flushing = true
    try {
      while (waiting.length > 0 && navigator.onLine && !store.getState().pending) {
        const { id, env } = waiting[0]!
        store.update(id, { status: undefined })
        const delivered = await deliver(id, store, env)
        if (!delivered) {
          store.update(id, { status: 'waiting' })
          break
        }
        waiting = waiting.slice(1)
      }
    } finally {
      flushing = false
    }
  }

  if (typeof window !== 'undefined') window.addEventListener('online', () => void flush())
  // A reply that was pending when the connection came back: the waiting messages go right after it.
  store.subscribe(() => {
    if (!flushing && waiting.length > 0 && !store.getState().pending && navigator.onLine) {
      void flush()
    }
  })

  return {
    add(id: string, env: ChatEnvironment) {
      waiting = [...waiting, { id, env }]
    },
    get size() {
      return waiting.length
    },
    flush,
    clear() {
      waiting = []
    },
  }
}
