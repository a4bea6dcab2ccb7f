import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore, type AppStore } from '@/app/store'
import { signedOut } from '@/features/auth/auth-slice'
import { setOutboxAuth } from '@/features/outbox/outbox-auth'
import {
  backoffDelay,
  HELD_FOR_GUEST,
  NEEDS_SIGN_IN,
  SEND_TIMEOUT_MS,
} from '@/features/outbox/outbox-engine'
import {
  flushOutbox,
  itemQueued,
  newOutboxItem,
  registerOutboxSender,
  subscribeOutboxEvents,
  type OutboxEvent,
  type OutboxItem,
  type OutboxKind,
  type OutboxResult,
  type OutboxSender,
} from '@/features/outbox/outbox'
import { validateSavedOutbox } from '@/features/outbox/outbox-storage'
import { FakeSession, scriptedSender } from './outbox-fakes'

/** The outbox's sending rules at their edges: timeouts, odd answers, lanes, the summary. */
let session: FakeSession
let store: AppStore
let events: OutboxEvent[]
const cleanups: Array<() => void> = []

function register(
  kind: OutboxKind,
  answers: Array<OutboxResult | Error> = [],
  identity: 'owner' | 'any' = 'owner',
) {
  const sender = scriptedSender(session, answers)
  cleanups.push(registerOutboxSender(kind, sender.send, { identity }))
  return sender
}

const items = () => store.getState().outbox.items
const flush = (trigger: 'manual' | 'online' | 'focus' | 'start') =>
  store.dispatch(flushOutbox({ trigger }))

function queue(kind: OutboxKind, userId: string | null = null, extra: Partial<OutboxItem> = {}) {
  const item: OutboxItem = {
    ...newOutboxItem(kind, { n: String(items().length + 1) }, userId),
    ...extra,
  }
  store.dispatch(itemQueued(item))
  return item
}

beforeEach(() => {
  session = new FakeSession()
  cleanups.push(setOutboxAuth(session))
  store = makeStore()
  events = []
  cleanups.push(subscribeOutboxEvents((event) => events.push(event)))
})

afterEach(() => {
  while (cleanups.length) cleanups.pop()!()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the backoff schedule', () => {
  it('spreads each delay ±20% around 2 s, 4 s, 8 s …', () => {
    expect(backoffDelay(1, () => 0)).toBe(1600)
    expect(backoffDelay(1, () => 1)).toBe(2400)
    expect(backoffDelay(3, () => 0)).toBe(6400)
    expect(backoffDelay(3, () => 1)).toBe(9600)
  })

  it('waits 2 s after the first failure and 4 s after the second, then sends when the time comes', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    let now = 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    queue('chat')
    const server = register('chat', [
      { type: 'retry', reason: '503 Service Unavailable' },
      { type: 'retry', reason: '503 Service Unavailable' },
    ])
    expect(await flush('manual')).toEqual({
      delivered: 0,
      rejected: 0,
      remaining: 1,
      nextAttemptAt: now + 2000,
    })
    expect(events.map((event) => [event.type, 'reason' in event && event.reason])).toEqual([
      ['retry', '503 Service Unavailable'],
    ])
    expect((await flush('online')).nextAttemptAt).toBe(now + 4000)
    expect(items()[0]).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: now + 4000 })

    now += 3999
    await flush('focus')
    expect(server.calls).toHaveLength(2)
    now += 1 // exactly when it was due
    expect(await flush('focus')).toMatchObject({ delivered: 1, remaining: 0, nextAttemptAt: null })
    expect(server.calls.map((call) => call.attempt)).toEqual([1, 2, 3])
  })

  it('sends a waiting item at once when the shopper asks', async () => {
    queue('chat', null, { status: 'failed', attempts: 1, nextAttemptAt: Date.now() + 60_000 })
    const server = register('chat')
    await flush('focus')
    expect(server.calls).toHaveLength(0)
    await flush('manual')
    expect(server.calls).toHaveLength(1)
    expect(items()).toEqual([])
  })

  it('gives the earliest time any waiting item is due, and none for items waiting on a sign-in', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now)
    session.user = 'user-a'
    queue('chat', 'user-a', { status: 'failed', attempts: 2, nextAttemptAt: now - 1 })
    queue('newsletter', 'user-a')
    queue('order', 'user-b')
    register('chat', [{ type: 'retry', reason: 'down' }])
    register('newsletter', [{ type: 'retry', reason: 'down' }], 'any')
    register('order')
    const summary = await flush('focus')
    // chat: third failure, 8 s; newsletter: first failure, 2 s; user-b's order waits for user-b.
    expect(summary).toEqual({ delivered: 0, rejected: 0, remaining: 3, nextAttemptAt: now + 2000 })
  })

  it('gives no time for a failed item restored without one', async () => {
    // A saved outbox whose failed item lost its time (dropped as unreadable); its sender is not loaded yet.
    queue('chat', null, { status: 'failed', attempts: 1, nextAttemptAt: null })
    expect(await flush('focus')).toMatchObject({ remaining: 1, nextAttemptAt: null })
  })

  it('counts the refusals in the summary', async () => {
    queue('newsletter')
    queue('newsletter')
    register('newsletter', [{ type: 'rejected', message: 'No' }], 'any')
    expect(await flush('manual')).toEqual({
      delivered: 1,
      rejected: 1,
      remaining: 0,
      nextAttemptAt: null,
    })
  })
})

describe('a send that does not answer properly', () => {
  it('gives up on an answer after 30 s and keeps the item for another try', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    queue('chat')
    let signal: AbortSignal | undefined
    cleanups.push(
      registerOutboxSender('chat', (_item, ctx) => {
        signal = ctx.signal
        return new Promise<OutboxResult>(() => {})
      }),
    )
    const done = flush('manual')
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await done).toMatchObject({ remaining: 1 })
    expect(signal?.aborted).toBe(true)
    expect(items()[0]).toMatchObject({
      status: 'failed',
      lastError: 'The server took too long to answer',
    })
  })

  it('does not cut short a send that answered in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    queue('chat')
    let signal: AbortSignal | undefined
    cleanups.push(
      registerOutboxSender('chat', async (_item, ctx) => {
        signal = ctx.signal
        return { type: 'delivered' }
      }),
    )
    await flush('manual')
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS)
    expect(signal?.aborted).toBe(false)
  })

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['an unknown answer', { type: 'maybe' }],
  ])('keeps the item for another try when the sender answers %s', async (_, answer) => {
    queue('chat')
    const send = vi.fn(async () => answer) as unknown as OutboxSender
    cleanups.push(registerOutboxSender('chat', send))
    await flush('manual')
    expect(items()[0]).toMatchObject({ status: 'failed', lastError: 'Bad sender result' })
  })

  it('leaves the item pending, not stuck sending, when a send crashes', async () => {
    session.user = 'user-a'
    session.refresh = () => Promise.reject(new Error('auth module failed to load'))
    queue('order', 'user-a')
    register('order', [{ type: 'unauthorized' }])
    await expect(flush('manual')).rejects.toThrow('auth module failed to load')
    expect(items()[0]).toMatchObject({ status: 'pending' })
  })
})

describe('sessions', () => {
  it('asks for a sign-in again when the renewed session is refused too', async () => {
    session.user = 'user-a'
    queue('order', 'user-a')
    const server = register('order', [{ type: 'unauthorized' }, { type: 'unauthorized' }])
    await flush('manual')
    expect(session.refreshes).toEqual(['user-a'])
    expect(server.calls.map((call) => call.attempt)).toEqual([1, 2])
    expect(items()[0]).toMatchObject({ status: 'needs-auth', lastError: NEEDS_SIGN_IN })
  })

  it('says why it waits when the session cannot be renewed for lack of a connection', async () => {
    session.user = 'user-a'
    session.refreshResult = 'unreachable'
    queue('order', 'user-a')
    register('order', [{ type: 'unauthorized' }])
    await flush('manual')
    expect(items()[0]).toMatchObject({
      status: 'failed',
      lastError: 'Could not reach the server to renew the session',
    })
  })

  it('a guest’s refused send waits for a sign-in without renewing anything, then is held from another account', async () => {
    queue('order', null)
    const server = register('order', [{ type: 'unauthorized' }])
    await flush('manual')
    expect(session.refreshes).toEqual([])
    expect(server.calls).toHaveLength(1)
    expect(items()[0]).toMatchObject({ status: 'needs-auth', lastError: NEEDS_SIGN_IN })

    session.user = 'user-b'
    await flush('manual')
    expect(items()[0]).toMatchObject({ status: 'needs-auth', lastError: HELD_FOR_GUEST })
    expect(HELD_FOR_GUEST).toBe('Made without an account: sent once no one is signed in')
    expect(server.calls).toHaveLength(1)
  })

  it('tells once that an order is held for its owner, however many flushes pass', async () => {
    session.user = 'user-b'
    queue('order', 'user-a')
    register('order')
    await flush('manual')
    await flush('focus')
    expect(events.map((event) => event.type)).toEqual(['needs-auth'])
    expect(items()[0]).toMatchObject({ status: 'needs-auth', lastError: NEEDS_SIGN_IN })
  })

  it('holds an order restored after its send was cut short, when someone else is signed in now', async () => {
    // A's order was being sent (after waiting for A's sign-in) when the page closed.
    const saved = { ...queue('order', 'user-a'), status: 'sending', lastError: NEEDS_SIGN_IN }
    store = makeStore({ outbox: validateSavedOutbox({ items: [saved] })! })
    expect(items()[0]!.status).toBe('pending')
    session.user = 'user-b'
    const server = register('order')
    await flush('start')
    expect(server.calls).toHaveLength(0)
    expect(items()[0]).toMatchObject({ status: 'needs-auth', lastError: NEEDS_SIGN_IN })
    expect(events.map((event) => event.type)).toEqual(['needs-auth'])
  })

  it('sends nothing while the session cannot be read, and holds nothing either', async () => {
    session.user = undefined
    queue('order', null)
    const server = register('order')
    await flush('manual')
    expect(server.calls).toHaveLength(0)
    expect(items()[0]).toMatchObject({ status: 'pending', lastError: null })
    expect(events).toEqual([])
  })

  it('sends a request that does not depend on who sends it whoever is signed in', async () => {
    queue('newsletter', 'user-a')
    const server = register('newsletter', [], 'any')
    await flush('manual')
    expect(server.calls.map((call) => call.asUser)).toEqual([null])
    expect(items()).toEqual([])
  })

  it('sends an order waiting for a sign-in as soon as its owner is back, whatever its old backoff', async () => {
    session.user = 'user-a'
    session.refreshResult = 'failed'
    queue('order', 'user-a')
    const server = register('order', [{ type: 'retry', reason: 'down' }, { type: 'unauthorized' }])
    await flush('manual')
    expect(await flush('online')).toMatchObject({ remaining: 1, nextAttemptAt: null })
    expect(items()[0]).toMatchObject({ status: 'needs-auth' })
    // The owner signs in again; the next ordinary flush sends it.
    await flush('focus')
    expect(server.calls).toHaveLength(3)
    expect(items()).toEqual([])
  })

  it('skips an item cancelled while the flush runs', async () => {
    session.user = 'user-a'
    queue('order', 'user-a')
    queue('order', 'user-a')
    const server = scriptedSender(session, [])
    cleanups.push(
      registerOutboxSender('order', async (item, ctx) => {
        const result = await server.send(item, ctx)
        store.dispatch(signedOut({ userId: 'user-a' })) // sign-out cancels A's waiting items
        return result
      }),
    )
    await expect(flush('manual')).resolves.toMatchObject({ delivered: 1, remaining: 0 })
    expect(server.calls).toHaveLength(1)
  })
})

describe('lanes', () => {
  it('keeps one line for a kind anyone may send: a later item waits behind a failing one', async () => {
    queue('newsletter', 'user-a')
    queue('newsletter', 'user-b')
    const server = register('newsletter', [{ type: 'retry', reason: 'down' }], 'any')
    await flush('manual')
    expect(server.calls).toHaveLength(1)
    expect(items().map((item) => item.status)).toEqual(['failed', 'pending'])
  })
})
