import { outboxAuth } from './outbox-auth'
import { emitOutboxEvent } from './outbox-events'
import { createFlushLock } from './outbox-lock'
import {
  authFailed,
  itemDelivered,
  itemHeld,
  itemRejected,
  retryScheduled,
  sendAbandoned,
  sendStarted,
} from './outbox-slice'
import { getOutboxSender, type OutboxResult, type OutboxSender } from './sender-registry'
import type { FlushOptions, FlushSummary, OutboxItem, OutboxState } from './outbox-types'

export type { FlushOptions, FlushSummary, FlushTrigger } from './outbox-types'

interface Host {
  dispatch: (action: { type: string }) => unknown
  getState: () => { outbox: OutboxState }
}

export const SEND_TIMEOUT_MS = 30_000
const BACKOFF_BASE_MS = 2_000
const BACKOFF_MAX_MS = 5 * 60_000

/** 2 s, 4 s, 8 s … up to 5 minutes, ±20% so many phones coming back at once do not retry together. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(exponential * (0.8 + 0.4 * random()))
}

/** A guest's request is never sent with someone's account: it waits until that account signs out. */
export const HELD_FOR_GUEST = 'Made without an account: sent once no one is signed in'
export const NEEDS_SIGN_IN = 'Sign in to finish your order'

const isResult = (value: unknown): value is OutboxResult =>
  typeof value === 'object' &&
  value !== null &&
  ['delivered', 'retry', 'unauthorized', 'rejected'].includes((value as { type?: string }).type!)

/** One attempt, bounded in time; a throw or a nonsense answer counts as "no real answer". */
async function attemptOnce(item: OutboxItem, send: OutboxSender): Promise<OutboxResult> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<OutboxResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort()
      resolve({ type: 'retry', reason: 'The server took too long to answer' })
    }, SEND_TIMEOUT_MS)
  })
  try {
    const sent = send(item, {
      idempotencyKey: item.id,
      attempt: item.attempts + 1,
      signal: controller.signal,
    }).then(
      (result) =>
        isResult(result) ? result : { type: 'retry' as const, reason: 'Bad sender result' },
      (error: unknown) => ({
        type: 'retry' as const,
        reason: error instanceof Error ? error.message : String(error),
      }),
    )
    return await Promise.race([sent, timeout])
  } finally {
    clearTimeout(timer)
  }
}

type Outcome = OutboxResult | { type: 'needs-auth'; reason: string }

/** Sends, and after a 401 renews the session once and sends again under the same key. */
async function deliver(
  item: OutboxItem,
  send: OutboxSender,
  sessionUser: string | null,
): Promise<Outcome> {
  const first = await attemptOnce(item, send)
  if (first.type !== 'unauthorized') return first
  if (!sessionUser) return { type: 'needs-auth', reason: NEEDS_SIGN_IN }
  const refreshed = await outboxAuth().refresh(sessionUser)
  if (refreshed === 'unreachable') {
    return { type: 'retry', reason: 'Could not reach the server to renew the session' }
  }
  if (refreshed === 'failed') return { type: 'needs-auth', reason: NEEDS_SIGN_IN }
  // A second 401 waits for a sign-in, as settle() does with any 'unauthorized'.
  return attemptOnce({ ...item, attempts: item.attempts + 1 }, send)
}

const current = (host: Host, id: string) => host.getState().outbox.items.find((i) => i.id === id)

/** Records the outcome of a send. Returns whether the item's lane may go on. */
function settle(host: Host, item: OutboxItem, outcome: Outcome, summary: FlushSummary): boolean {
  const { id } = item
  switch (outcome.type) {
    case 'delivered':
      host.dispatch(itemDelivered(id))
      summary.delivered += 1
      emitOutboxEvent({ type: 'delivered', item, response: outcome.response ?? null })
      return true
    case 'rejected':
      host.dispatch(itemRejected({ id, message: outcome.message }))
      summary.rejected += 1
      emitOutboxEvent({ type: 'rejected', item, message: outcome.message })
      return true
    case 'retry': {
      const nextAttemptAt = Date.now() + backoffDelay(item.attempts + 1)
      host.dispatch(retryScheduled({ id, reason: outcome.reason, nextAttemptAt }))
      emitOutboxEvent({ type: 'retry', item, reason: outcome.reason })
      return false
    }
    case 'unauthorized':
    case 'needs-auth':
      host.dispatch(authFailed({ id, reason: NEEDS_SIGN_IN }))
      emitOutboxEvent({ type: 'needs-auth', item })
      return false
  }
}

async function flushOnce(host: Host, options: FlushOptions): Promise<FlushSummary> {
  const summary: FlushSummary = { delivered: 0, rejected: 0, remaining: 0, nextAttemptAt: null }
  const force = forcing(options)
  // Stryker disable next-line ConditionalExpression,StringLiteral: the page and the service worker both have a navigator.
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false
  const queued = host.getState().outbox.items
  if (offline) {
    summary.remaining = queued.length
    return summary
  }

  // A lane is one kind for one user: an item that cannot go holds back the later ones of its lane.
  const blocked = new Set<string>()

  for (const { id } of queued) {
    const item = current(host, id)
    // Gone meanwhile: delivered by another tab, or cancelled by a sign-out.
    if (!item) continue
    const registration = getOutboxSender(item.kind)
    const anyone = registration?.identity === 'any'
    // Stryker disable next-line StringLiteral: the labels only need to differ within one kind, and one kind has one identity.
    const owner = anyone ? '*' : (item.userId ?? '')
    const lane = `${item.kind}\u0000${owner}`
    if (blocked.has(lane) || !registration) {
      blocked.add(lane)
      continue
    }
    // Read again for every item: the shopper may sign out or switch accounts while a flush runs.
    const sessionUser = await outboxAuth().sessionUserId()
    // The session cannot be read (the auth server is unreachable): nothing is known, wait.
    if (sessionUser === undefined) {
      blocked.add(lane)
      continue
    }
    if (registration.identity === 'owner' && item.userId !== sessionUser) {
      const reason = item.userId ? NEEDS_SIGN_IN : HELD_FOR_GUEST
      if (item.status !== 'needs-auth' || item.lastError !== reason) {
        host.dispatch(itemHeld({ id, reason }))
        emitOutboxEvent({ type: 'needs-auth', item })
      }
      blocked.add(lane)
      continue
    }
    if (!force && item.status === 'failed' && (item.nextAttemptAt ?? 0) > Date.now()) {
      blocked.add(lane)
      continue
    }

    host.dispatch(sendStarted(id))
    try {
      const outcome = await deliver(item, registration.send, sessionUser)
      if (!settle(host, item, outcome, summary)) blocked.add(lane)
    } finally {
      // Only a crash between sending and settling leaves `sending`; the item is then simply pending.
      host.dispatch(sendAbandoned(id))
    }
  }

  const left = host.getState().outbox.items
  summary.remaining = left.length
  for (const item of left) {
    if (item.status === 'failed' && item.nextAttemptAt !== null) {
      summary.nextAttemptAt = Math.min(summary.nextAttemptAt ?? Infinity, item.nextAttemptAt)
    }
  }
  return summary
}

interface FlushQueue {
  run: () => Promise<FlushSummary>
  options: FlushOptions
}

const queues = new WeakMap<object, FlushQueue>()

function queueFor(host: Host): FlushQueue {
  // One queue per store: redux-thunk hands every thunk the same getState function.
  const key = host.getState as object
  const existing = queues.get(key)
  if (existing) return existing
  const queue: FlushQueue = {
    options: {},
    run: createFlushLock(() => {
      const chosen = queue.options
      queue.options = {}
      return flushOnce(host, chosen)
    }),
  }
  queues.set(key, queue)
  return queue
}

const forcing = (options: FlushOptions) =>
  options.force ??
  ['online', 'sync', 'manual'].includes(
    // Stryker disable next-line StringLiteral: no trigger matches none of the names, whatever stands for it.
    options.trigger ?? '',
  )

/**
 * Sends what can be sent now, one flush at a time per store (and per origin across tabs). A flush asked
 * for while one runs is folded into it: the running one goes round again with the stronger options.
 */
export function flushOutbox(host: Host, options: FlushOptions = {}): Promise<FlushSummary> {
  const queue = queueFor(host)
  const force = Boolean(queue.options.force) || forcing(options)
  // The trigger only decides `force`, which already folds it in.
  queue.options = { force }
  return queue.run()
}
