import type { FlushSummary, FlushTrigger } from './outbox-engine'
import type { OutboxState } from './outbox-types'
import { onSenderRegistered } from './sender-registry'

interface RunnerStore {
  dispatch: (action: { type: string }) => unknown
  getState: () => { outbox: OutboxState; auth: { user: { id: string } | null } }
  subscribe: (listener: () => void) => () => void
}

export interface OutboxRunnerOptions {
  /** Asks the service worker to wake the app when the connection returns (Background Sync). */
  requestBackgroundSync?: () => void
}

export interface OutboxRunner {
  /** Flushes now (the service worker's sync message comes through here). */
  flush(trigger: FlushTrigger): Promise<FlushSummary>
  stop(): void
}

/**
 * Starts the flush triggers for one store: app start (and whenever saved or new items appear), the
 * `online` event, focus, the page becoming visible, a sign-in, a newly registered sender, and a timer for
 * the next backed-off retry. Works without Background Sync (Safari, Firefox); where it exists, the app
 * also asks the service worker to wake it once the connection returns.
 */
export function startOutbox(store: RunnerStore, options: OutboxRunnerOptions = {}): OutboxRunner {
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const flush = async (trigger: FlushTrigger): Promise<FlushSummary> => {
    const { flushOutbox } = await import('./outbox-engine')
    const summary = await flushOutbox(store, { trigger })
    if (!stopped) planNext(summary)
    return summary
  }
  const flushIfAny = (trigger: FlushTrigger) => {
    if (store.getState().outbox.items.length > 0) void flush(trigger)
  }

  function planNext(summary: FlushSummary) {
    clearTimeout(timer)
    if (summary.nextAttemptAt !== null) {
      const delay = Math.max(0, summary.nextAttemptAt - Date.now())
      timer = setTimeout(() => flushIfAny('timer'), delay)
    }
    if (summary.remaining > 0) options.requestBackgroundSync?.()
  }

  // New ids (the saved outbox read back, another tab's items) and a change of account start a flush.
  let knownIds = new Set(store.getState().outbox.items.map((item) => item.id))
  let userId = store.getState().auth.user?.id ?? null
  const unsubscribe = store.subscribe(() => {
    const state = store.getState()
    const nextUser = state.auth.user?.id ?? null
    const ids = state.outbox.items.map((item) => item.id)
    const fresh = ids.some((id) => !knownIds.has(id))
    knownIds = new Set(ids)
    if (nextUser !== userId) {
      userId = nextUser
      flushIfAny('sign-in')
    } else if (fresh) {
      flushIfAny('start')
    }
  })

  const onOnline = () => flushIfAny('online')
  const onFocus = () => flushIfAny('focus')
  const onVisible = () => {
    if (document.visibilityState === 'visible') flushIfAny('visible')
  }
  window.addEventListener('online', onOnline)
  window.addEventListener('focus', onFocus)
  document.addEventListener('visibilitychange', onVisible)
  const stopSenders = onSenderRegistered(() => flushIfAny('start'))
  flushIfAny('start')

  return {
    flush,
    stop() {
      stopped = true
      clearTimeout(timer)
      unsubscribe()
      stopSenders()
      window.removeEventListener('online', onOnline)
      window.removeEventListener('focus', onFocus)
      document.removeEventListener('visibilitychange', onVisible)
    },
  }
}
