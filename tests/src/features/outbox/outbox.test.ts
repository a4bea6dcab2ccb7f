import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore, type AppStore } from '@/app/store'
import { signedOut } from '@/features/auth/auth-slice'
import { setOutboxAuth } from '@/features/outbox/outbox-auth'
import { backoffDelay, NEEDS_SIGN_IN } from '@/features/outbox/outbox-engine'
import {
  enqueue,
  flushOutbox,
  itemQueued,
  newOutboxItem,
  registerOutboxSender,
  sendOrQueue,
  signOutWarning,
  subscribeOutboxEvents,
  type OutboxEvent,
  type OutboxKind,
  type OutboxResult,
} from '@/features/outbox/outbox'
import { validateSavedOutbox } from '@/features/outbox/outbox-storage'
import { FakeSession, scriptedSender } from './outbox-fakes'

let session: FakeSession
let store: AppStore
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
/** Queues without enqueue's own flush, so each test decides when flushes run. */
async function queue(
  kind: OutboxKind,
  payload: Record<string, string>,
  userId: string | null = null,
) {
  const item = newOutboxItem(kind, payload, userId)
  store.dispatch(itemQueued(item))
  return item
}

beforeEach(() => {
  session = new FakeSession()
  cleanups.push(setOutboxAuth(session))
  store = makeStore()
})

afterEach(() => {
  while (cleanups.length) cleanups.pop()!()
  vi.restoreAllMocks()
})

describe('order within a kind', () => {
  it('keeps a failing first item ahead of the later ones', async () => {
    await queue('order', { n: '1' })
    await queue('order', { n: '2' })
    const server = register('order', [{ type: 'retry', reason: '503 Service Unavailable' }])

    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(server.calls.map((call) => call.payload)).toEqual([{ n: '1' }])
    expect(items().map((item) => [item.payload, item.status])).toEqual([
      [{ n: '1' }, 'failed'],
      [{ n: '2' }, 'pending'],
    ])

    await store.dispatch(flushOutbox({ trigger: 'online' }))
    expect(server.calls.map((call) => call.payload)).toEqual([{ n: '1' }, { n: '1' }, { n: '2' }])
    expect(items()).toEqual([])
  })

  it('lets another kind go while one kind waits', async () => {
    await queue('order', { n: 'order' })
    await queue('newsletter', { email: 'a@b.co' })
    const orders = register('order', [{ type: 'retry', reason: 'network' }])
    const newsletter = register('newsletter', [], 'any')
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(orders.calls).toHaveLength(1)
    expect(newsletter.calls).toHaveLength(1)
    expect(items().map((item) => item.kind)).toEqual(['order'])
  })
})

describe('retries', () => {
  it('keeps an item after a 5xx or a network error and waits out the backoff', async () => {
    await queue('chat', { text: 'hello' })
    const server = register('chat', [
      { type: 'retry', reason: '500 Internal Server Error' },
      new TypeError('Failed to fetch'),
    ])
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    const [afterFirst] = items()
    expect(afterFirst).toMatchObject({ status: 'failed', attempts: 1 })
    expect(afterFirst!.lastError).toBe('500 Internal Server Error')
    expect(afterFirst!.nextAttemptAt).toBeGreaterThan(Date.now())

    // Focus or visibility respect the backoff: nothing is sent.
    await store.dispatch(flushOutbox({ trigger: 'focus' }))
    expect(server.calls).toHaveLength(1)

    // The connection coming back skips it; a thrown network error is one more retry, not a loss.
    await store.dispatch(flushOutbox({ trigger: 'online' }))
    expect(server.calls).toHaveLength(2)
    expect(items()[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'Failed to fetch',
    })

    await store.dispatch(flushOutbox({ trigger: 'online' }))
    expect(items()).toEqual([])
  })

  it('grows the backoff exponentially, with a cap', () => {
    const middle = () => 0.5
    expect(backoffDelay(1, middle)).toBe(2000)
    expect(backoffDelay(2, middle)).toBe(4000)
    expect(backoffDelay(5, middle)).toBe(32000)
    expect(backoffDelay(30, middle)).toBe(300000)
  })

  it('sends nothing while the browser says it is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await queue('newsletter', { email: 'a@b.co' })
    const server = register('newsletter', [], 'any')
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(server.calls).toHaveLength(0)
    expect(items()[0]).toMatchObject({ status: 'pending', attempts: 0 })
  })
})

describe('expired sessions', () => {
  it('renews the session once after a 401 and resends under the same key', async () => {
    session.user = 'user-a'
    await queue('order', { n: '1' }, 'user-a')
    const server = register('order', [{ type: 'unauthorized' }, { type: 'delivered' }])
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(session.refreshes).toEqual(['user-a'])
    expect(server.calls).toHaveLength(2)
    expect(server.calls[1]!.key).toBe(server.calls[0]!.key)
    expect(server.calls[0]!.key).toBe(server.calls[0]!.id)
    expect(items()).toEqual([])
  })

  it('waits as needs-auth when the session cannot be renewed', async () => {
    session.user = 'user-a'
    session.refreshResult = 'failed'
    const events: OutboxEvent[] = []
    cleanups.push(subscribeOutboxEvents((event) => events.push(event)))
    await queue('order', { n: '1' }, 'user-a')
    await queue('order', { n: '2' }, 'user-a')
    const server = register('order', [{ type: 'unauthorized' }])
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(server.calls).toHaveLength(1)
    expect(items()).toHaveLength(2)
    expect(items()[0]).toMatchObject({ status: 'needs-auth', lastError: NEEDS_SIGN_IN })
    expect(NEEDS_SIGN_IN).toBe('Sign in to finish your order')
    expect(events.map((event) => event.type)).toContain('needs-auth')
  })

  it('keeps the item for later when the auth server cannot be reached', async () => {
    session.user = 'user-a'
    session.refreshResult = 'unreachable'
    await queue('order', { n: '1' }, 'user-a')
    register('order', [{ type: 'unauthorized' }])
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(items()[0]).toMatchObject({ status: 'failed' })
  })
})

describe('one user never sends as another', () => {
  it('holds A’s order while B is signed in, and sign-out cancels A’s items', async () => {
    session.user = 'user-a'
    await queue('order', { n: 'a' }, 'user-a')
    session.user = 'user-b'
    await queue('order', { n: 'b' }, 'user-b')
    const server = register('order')
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(server.calls.map((call) => [call.payload, call.asUser])).toEqual([
      [{ n: 'b' }, 'user-b'],
    ])
    expect(items()).toHaveLength(1)
    expect(items()[0]).toMatchObject({ userId: 'user-a', status: 'needs-auth' })

    store.dispatch(signedOut({ userId: 'user-a' }))
    expect(items()).toEqual([])
  })

  it('re-reads the session for every item, so a switch during a flush stops A’s next item', async () => {
    session.user = 'user-a'
    await queue('order', { n: '1' }, 'user-a')
    await queue('order', { n: '2' }, 'user-a')
    const server = scriptedSender(session, [])
    cleanups.push(
      registerOutboxSender('order', async (item, ctx) => {
        const result = await server.send(item, ctx)
        session.user = 'user-b' // someone else signs in while the first answer travels
        return result
      }),
    )
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(server.calls.map((call) => call.asUser)).toEqual(['user-a'])
    expect(items()).toHaveLength(1)
  })

  it('does not send a guest’s order with an account that signed in afterwards', async () => {
    await queue('order', { n: 'guest' }, null)
    session.user = 'user-b'
    const server = register('order')
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(server.calls).toHaveLength(0)
    session.user = null
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(server.calls.map((call) => call.asUser)).toEqual([null])
  })

  it('records who queued an item from the session', async () => {
    session.user = 'user-a'
    const item = await store.dispatch(enqueue('chat', { text: 'hi' }))
    expect(item.userId).toBe('user-a')
  })

  it('warns before sign-out cancels waiting orders', async () => {
    expect(signOutWarning(store.getState(), 'user-a')).toBeNull()
    await queue('order', { n: '1' }, 'user-a')
    expect(signOutWarning(store.getState(), 'user-a')).toBe(
      'You have 1 order waiting to be sent. Signing out will cancel it.',
    )
    await queue('order', { n: '2' }, 'user-a')
    expect(signOutWarning(store.getState(), 'user-a')).toBe(
      'You have 2 orders waiting to be sent. Signing out will cancel them.',
    )
    expect(signOutWarning(store.getState(), 'user-b')).toBeNull()
  })
})

describe('refusals', () => {
  it('removes a rejected item, tells the shopper, and goes on with the next', async () => {
    const events: OutboxEvent[] = []
    cleanups.push(subscribeOutboxEvents((event) => events.push(event)))
    await queue('order', { n: '1' })
    await queue('order', { n: '2' })
    const server = register('order', [{ type: 'rejected', message: 'Sold out: Silk Gown' }])
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    expect(server.calls).toHaveLength(2)
    expect(items()).toEqual([])
    const rejected = events.find((event) => event.type === 'rejected')
    expect(rejected).toMatchObject({
      message: 'Sold out: Silk Gown',
      item: { payload: { n: '1' } },
    })
  })
})

describe('idempotency', () => {
  it('keeps one key across retries and a reload of the saved outbox', async () => {
    const item = await queue('order', { n: '1' })
    const first = register('order', [{ type: 'retry', reason: 'timeout' }])
    await store.dispatch(flushOutbox({ trigger: 'manual' }))
    while (cleanups.length > 1) cleanups.pop()!()

    // A reload: the outbox goes through the device's storage (JSON) and its checks, into a new store.
    const saved = JSON.parse(JSON.stringify({ items: items() })) as Record<string, unknown>
    const restored = validateSavedOutbox(saved)!
    store = makeStore({ outbox: restored })
    const second = register('order')
    await store.dispatch(flushOutbox({ trigger: 'start', force: true }))

    expect(first.calls[0]!.key).toBe(item.id)
    expect(second.calls[0]).toMatchObject({ key: item.id, attempt: 2 })
    expect(items()).toEqual([])
  })

  it('treats a second enqueue with the same key as the same request', async () => {
    await store.dispatch(enqueue('order', { n: '1' }, { id: crypto.randomUUID(), userId: null }))
    const { id } = items()[0]!
    await store.dispatch(enqueue('order', { n: 'changed' }, { id, userId: null }))
    expect(items()).toHaveLength(1)
    expect(items()[0]!.payload).toEqual({ n: '1' })
  })
})

describe('one flush at a time', () => {
  it('never sends an item twice when flushes overlap', async () => {
    await queue('newsletter', { email: 'a@b.co' })
    await queue('newsletter', { email: 'c@d.co' })
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const calls: string[] = []
    cleanups.push(
      registerOutboxSender(
        'newsletter',
        async (item) => {
          calls.push(item.id)
          await gate
          return { type: 'delivered' }
        },
        { identity: 'any' },
      ),
    )
    const flushes = [
      store.dispatch(flushOutbox({ trigger: 'online' })),
      store.dispatch(flushOutbox({ trigger: 'focus' })),
      store.dispatch(flushOutbox({ trigger: 'sync' })),
    ]
    // Something queued while the flush runs is picked up by the same flush going round again.
    await queue('newsletter', { email: 'e@f.co' })
    release()
    await Promise.all(flushes)
    expect(calls).toHaveLength(3)
    expect(new Set(calls).size).toBe(3)
    expect(items()).toEqual([])
  })
})

describe('sendOrQueue', () => {
  it('answers delivered when the server takes it at once', async () => {
    register('newsletter', [{ type: 'delivered', response: { ok: true } }], 'any')
    const result = await store.dispatch(sendOrQueue('newsletter', { email: 'a@b.co' }))
    expect(result).toEqual({ status: 'delivered', response: { ok: true } })
    expect(items()).toEqual([])
  })

  it('answers queued and keeps the item when the server cannot be reached', async () => {
    register('newsletter', [new TypeError('Failed to fetch')], 'any')
    const result = await store.dispatch(sendOrQueue('newsletter', { email: 'a@b.co' }))
    expect(result.status).toBe('queued')
    expect(items()).toHaveLength(1)
  })

  it('answers rejected with the server’s message', async () => {
    register(
      'newsletter',
      [{ type: 'rejected', message: 'Please enter a valid email address.' }],
      'any',
    )
    const result = await store.dispatch(sendOrQueue('newsletter', { email: 'nope@' }))
    expect(result).toEqual({ status: 'rejected', message: 'Please enter a valid email address.' })
  })
})

describe('the saved outbox', () => {
  const good = {
    id: '0b9f3c52-8f0e-4c7a-9a57-2d8cfa1b8e11',
    kind: 'order',
    payload: { lines: [{ productId: 'p1', quantity: 1 }] },
    userId: 'user-a',
    createdAt: 1,
    attempts: 2,
    lastError: null,
    status: 'sending',
    nextAttemptAt: null,
  }

  it('drops bad items, keeps good ones in order, and turns an interrupted send into pending', () => {
    const restored = validateSavedOutbox({
      items: [
        good,
        { ...good, id: 'not-a-uuid' },
        { ...good, id: '1b9f3c52-8f0e-4c7a-9a57-2d8cfa1b8e11', kind: 'refund' },
        JSON.parse(
          '{"id":"2b9f3c52-8f0e-4c7a-9a57-2d8cfa1b8e11","kind":"chat","payload":{"__proto__":{"x":1}},"userId":null,"createdAt":2}',
        ),
        { ...good },
      ],
    })
    expect(restored!.items).toEqual([{ ...good, status: 'pending' }])
  })

  it('drops a saved outbox of the wrong shape', () => {
    expect(validateSavedOutbox({ items: 'oops' })).toBeNull()
  })
})
