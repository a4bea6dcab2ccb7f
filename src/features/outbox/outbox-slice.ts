/**
 * The outbox: requests made while offline (or that failed on the way) that must reach the server exactly
 * once, in order, as the person who made them.
 *
 * ## Using it from a feature (chat, checkout, newsletter)
 *
 * 1. Register a sender for your kind once, from the composition root (src/app/outbox-senders.ts):
 *
 *      registerOutboxSender('order', async (item, ctx) => {
 *        // ctx.idempotencyKey === item.id, the same on every attempt, after reloads too: send it as the
 *        // server's idempotency key (the order's client id) so a replay returns the first answer.
 *        const answer = await placeOrder({ ...item.payload, clientOrderId: ctx.idempotencyKey })
 *        if (answer.ok) return { type: 'delivered', response: answer.order }
 *        if (answer.status === 401) return { type: 'unauthorized' }
 *        if (answer.status >= 400 && answer.status < 500) return { type: 'rejected', message }
 *        return { type: 'retry', reason: 'server error' } // network failure, timeout, 5xx, 429
 *      })
 *
 *    A sender never throws on purpose (a throw counts as `retry`) and must honour `ctx.signal`.
 *    Results: `delivered` removes the item; `retry` keeps it and tries again later (backoff); `unauthorized`
 *    (401) makes the outbox renew the session once and resend with the same key, and if that fails the item
 *    waits as `needs-auth` ("Sign in to finish your order"); `rejected` (a real 4xx answer) removes it and
 *    emits a `rejected` event with your message for the shopper.
 *
 * 2. Queue work with `dispatch(enqueue(kind, payload, { id? }))` (returns the item; pass `id` when you
 *    already made the idempotency key, e.g. the checkout's client order id), or with
 *    `dispatch(sendOrQueue(kind, payload))`, which also tries at once and resolves with
 *    `{ status: 'delivered', response } | { status: 'rejected', message } | { status: 'queued', item }`.
 *
 * 3. Show what waits with `useOutboxItems(kind)` ('Waiting to send' badges; the signed-in user's items
 *    only) and listen for outcomes with `subscribeOutboxEvents(listener)` (`delivered` with the server's
 *    answer, `rejected`, `needs-auth`, `retry`; `awaited` is true when a `sendOrQueue` caller is
 *    already handling that item's outcome).
 *
 * ## Rules the outbox keeps
 * - Items are tied to the user who queued them (`userId`, null for a guest). A sender registered with
 *   `identity: 'owner'` (the default) only ever sends an item while that same user is signed in; otherwise
 *   the item waits (`needs-auth`). `identity: 'any'` is for requests whose answer does not depend on who
 *   sends them (the newsletter).
 * - On sign-out (`signedOut` from the auth slice) that user's items are deleted; warn first with
 *   `signOutWarning(state, userId)`.
 * - Order within a kind (and user) is kept: an item that cannot be sent yet holds back the later ones.
 * - One flush at a time (a lock per tab, and across tabs through the Web Locks API where available).
 * - Flushes run at app start, on `online`, on focus and when the page becomes visible, when the service
 *   worker's Background Sync fires, and after each enqueue.
 * - Items carry no tokens: the session is read when sending, so signing out leaves nothing usable behind.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { signedOut } from '@/features/auth/auth-slice'
import { outboxAuth } from './outbox-auth'
import { newOutboxId } from './outbox-id'
import { awaitItem, subscribeOutboxEvents } from './outbox-events'
import type {
  FlushOptions,
  FlushSummary,
  OutboxItem,
  OutboxKind,
  OutboxPayload,
  OutboxState,
} from './outbox-types'

export type {
  OutboxItem,
  OutboxKind,
  OutboxPayload,
  OutboxState,
  OutboxStatus,
} from './outbox-types'

export const initialOutboxState: OutboxState = { items: [] }

const find = (state: OutboxState, id: string) => state.items.find((item) => item.id === id)
const without = (state: OutboxState, id: string) => {
  state.items = state.items.filter((item) => item.id !== id)
}

export const outboxSlice = createSlice({
  name: 'outbox',
  initialState: initialOutboxState,
  reducers: {
    itemQueued(state, action: PayloadAction<OutboxItem>) {
      // The same key twice is the same request: keep the first.
      if (!find(state, action.payload.id)) state.items.push(action.payload)
    },
    sendStarted(state, action: PayloadAction<string>) {
      const item = find(state, action.payload)
      if (item) item.status = 'sending'
    },
    itemDelivered(state, action: PayloadAction<string>) {
      without(state, action.payload)
    },
    itemRejected(state, action: PayloadAction<{ id: string; message: string }>) {
      without(state, action.payload.id)
    },
    retryScheduled(
      state,
      action: PayloadAction<{ id: string; reason: string; nextAttemptAt: number }>,
    ) {
      const item = find(state, action.payload.id)
      if (!item) return
      item.status = 'failed'
      item.attempts += 1
      item.lastError = action.payload.reason
      item.nextAttemptAt = action.payload.nextAttemptAt
    },
    /** Sent and refused for want of a valid session (counted as an attempt). */
    authFailed(state, action: PayloadAction<{ id: string; reason: string }>) {
      const item = find(state, action.payload.id)
      if (!item) return
      item.status = 'needs-auth'
      item.attempts += 1
      item.lastError = action.payload.reason
    },
    /** Not sent: its owner is not the one signed in (not an attempt). */
    itemHeld(state, action: PayloadAction<{ id: string; reason: string }>) {
      const item = find(state, action.payload.id)
      if (!item) return
      item.status = 'needs-auth'
      item.lastError = action.payload.reason
    },
    /** A send that was cut short (the page closed, the worker timed out) is simply pending again. */
    sendAbandoned(state, action: PayloadAction<string>) {
      const item = find(state, action.payload)
      if (item?.status === 'sending') item.status = 'pending'
    },
    userItemsCleared(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.userId !== action.payload)
    },
  },
  extraReducers: (builder) => {
    // Signing out cancels what that user queued: nothing may later be sent in their name.
    builder.addCase(signedOut, (state, action) => {
      const { userId } = action.payload
      if (userId) state.items = state.items.filter((item) => item.userId !== userId)
    })
  },
  selectors: {
    selectOutboxItems: (state) => state.items,
  },
})

export const {
  itemQueued,
  sendStarted,
  itemDelivered,
  itemRejected,
  retryScheduled,
  authFailed,
  itemHeld,
  sendAbandoned,
  userItemsCleared,
} = outboxSlice.actions
export const { selectOutboxItems } = outboxSlice.selectors

type OutboxRootState = { outbox: OutboxState }

/** The items of one kind (all kinds when omitted), oldest first. */
export function selectOutboxItemsOfKind(state: OutboxRootState, kind?: OutboxKind) {
  return kind ? state.outbox.items.filter((item) => item.kind === kind) : state.outbox.items
}

/**
 * What to tell a shopper about to sign out, or null when nothing of theirs waits:
 * 'You have 1 order waiting to be sent. Signing out will cancel it.'
 */
export function signOutWarning(state: OutboxRootState, userId: string | null): string | null {
  if (!userId) return null
  const orders = state.outbox.items.filter(
    (item) => item.userId === userId && item.kind === 'order',
  ).length
  if (orders === 0) return null
  return orders === 1
    ? 'You have 1 order waiting to be sent. Signing out will cancel it.'
    : `You have ${orders} orders waiting to be sent. Signing out will cancel them.`
}

type Dispatch = (action: PayloadAction<unknown> | { type: string }) => unknown
type Host = { dispatch: Dispatch; getState: () => OutboxRootState }

/** The sending machinery loads on first use: most visits never queue anything. */
const runFlush = (host: Host, options: FlushOptions) =>
  import('./outbox-engine').then(({ flushOutbox }) => flushOutbox(host, options))

export interface EnqueueOptions {
  /** The idempotency key, when the caller already made one. */
  id?: string
  /** Who queues it; by default whoever holds the session on this device now. */
  userId?: string | null
}

/** A request as it first waits: pending, never tried. */
export function newOutboxItem(
  kind: OutboxKind,
  payload: OutboxPayload,
  userId: string | null,
  id: string = newOutboxId(),
): OutboxItem {
  return {
    id,
    kind,
    payload,
    userId,
    createdAt: Date.now(),
    attempts: 0,
    lastError: null,
    status: 'pending',
    nextAttemptAt: null,
  }
}

/** Queues a request and starts a flush. Resolves with the queued item. */
export const enqueue =
  (kind: OutboxKind, payload: OutboxPayload, options: EnqueueOptions = {}) =>
  async (dispatch: Dispatch, getState: () => OutboxRootState): Promise<OutboxItem> => {
    const userId =
      options.userId !== undefined ? options.userId : ((await outboxAuth().sessionUserId()) ?? null)
    const id = options.id ?? newOutboxId()
    const existing = getState().outbox.items.find((item) => item.id === id)
    if (existing) return existing
    const item = newOutboxItem(kind, payload, userId, id)
    dispatch(itemQueued(item))
    void runFlush({ dispatch, getState }, { trigger: 'enqueue' })
    return item
  }

/** Sends what waits (see the rules above). Resolves when this flush is over. */
export const flushOutbox =
  (options: FlushOptions = {}) =>
  (dispatch: Dispatch, getState: () => OutboxRootState): Promise<FlushSummary> =>
    runFlush({ dispatch, getState }, options)

export type SendOrQueueResult =
  | { status: 'delivered'; response: unknown }
  | { status: 'rejected'; message: string }
  /** Not delivered yet (offline, server trouble, or waiting for sign-in): it stays in the outbox. */
  | { status: 'queued'; item: OutboxItem }

/**
 * Queues the request and tries to send it right away: one path for online and offline, so a request is
 * never sent twice by two different code paths.
 */
export const sendOrQueue =
  (kind: OutboxKind, payload: OutboxPayload, options: EnqueueOptions = {}) =>
  async (dispatch: Dispatch, getState: () => OutboxRootState): Promise<SendOrQueueResult> => {
    const outcomes: SendOrQueueResult[] = []
    const id = options.id ?? newOutboxId()
    const release = awaitItem(id)
    const stop = subscribeOutboxEvents((event) => {
      if (event.item.id !== id) return
      if (event.type === 'delivered')
        outcomes.push({ status: 'delivered', response: event.response })
      if (event.type === 'rejected') outcomes.push({ status: 'rejected', message: event.message })
    })
    try {
      const item = await enqueue(kind, payload, { ...options, id })(dispatch, getState)
      // Waits for the flush the enqueue started (flushes run one after another).
      await runFlush({ dispatch, getState }, { trigger: 'enqueue' })
      const outcome = outcomes[0]
      if (outcome) return outcome
      const current = getState().outbox.items.find((candidate) => candidate.id === item.id)
      return current ? { status: 'queued', item: current } : { status: 'delivered', response: null }
    } finally {
      stop()
      release()
    }
  }

declare module '@/lib/app-state' {
  interface AppState {
    outbox: ReturnType<typeof outboxSlice.reducer>
  }
}
