import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest'
import type * as OrderSender from '@/features/checkout/order-outbox-sender'
import type * as QueuedOrders from '@/features/checkout/queued-orders'
import type * as SavedOrders from '@/features/checkout/saved-orders'
import type * as CheckoutStorage from '@/features/checkout/checkout-storage'
import type * as OutboxEvents from '@/features/outbox/outbox-events'
import { toaster } from '@/components/toaster'
import type { OutboxItem, OutboxSendContext } from '@/features/outbox/outbox'
import type { PlaceOrderPayload } from '@/features/checkout/checkout-types'

/**
 * The order sender's reading of every kind of answer, through supabase-js and real HTTP, from a server
 * that answers place_order the way PostgREST and a gateway in front of it do. (The full round trip with
 * the embedded backend is in the outbox's real-sender test; this one is fast enough to run per mutant.)
 */
interface Answer {
  status: number
  body: string
  type?: string
}
let next: Answer | 'drop' = { status: 200, body: '{}' }
/** Answers for the next requests, in order, before `next` again. */
const answers: Array<Answer | 'drop'> = []
const received: Array<Record<string, unknown>> = []
let server: Server
let sender: typeof OrderSender
let queued: typeof QueuedOrders
let saved: typeof SavedOrders
let attempts: typeof CheckoutStorage
let events: typeof OutboxEvents

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const answer = answers.shift() ?? next
      if (answer === 'drop') {
        req.socket.destroy()
        return
      }
      received.push(JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>)
      res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' })
      res.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  vi.stubEnv('VITE_SUPABASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  sender = await import('@/features/checkout/order-outbox-sender')
  queued = await import('@/features/checkout/queued-orders')
  saved = await import('@/features/checkout/saved-orders')
  attempts = await import('@/features/checkout/checkout-storage')
  events = await import('@/features/outbox/outbox-events')
})

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
})

let toasts: MockInstance<typeof toaster.create>

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  received.length = 0
  answers.length = 0
  // What the shopper would see as a toast (the toast view itself is not needed here).
  toasts = vi.spyOn(toaster, 'create').mockImplementation(() => 'toast')
  return () => {
    toasts.mockRestore()
    sender.takeOrderSendOutcome(KEY)
  }
})

const KEY = '5b7c1f0e-8d2a-4c3b-9e1f-0a2b3c4d5e6f'
const payload = {
  items: [{ productId: 'p1', quantity: 1 }],
  contact: { name: 'Achieng', phone: '254712345678' },
  delivery: { method: 'pickup', pickupPoint: 'nairobi-cbd' },
  paymentMethod: 'cod',
  // Whatever key the saved payload carries, the item's id is the one sent.
  clientOrderId: 'stale-key',
}

function item(body: unknown = payload): OutboxItem {
  return {
    id: KEY,
    kind: 'order',
    payload: body as OutboxItem['payload'],
    userId: null,
    createdAt: 0,
    attempts: 0,
    lastError: null,
    status: 'pending',
    nextAttemptAt: null,
  }
}
const ctx: OutboxSendContext = {
  idempotencyKey: KEY,
  attempt: 1,
  signal: new AbortController().signal,
}

const order = {
  id: 'o1',
  orderNumber: 'LK-1001',
  clientOrderId: KEY,
  status: 'pending',
  paymentStatus: 'pending',
  paymentMethod: 'mpesa',
  total: 6300,
  accessToken: 'tok',
  createdAt: '2026-11-24T10:00:00Z',
}

function remember() {
  queued.rememberQueuedOrder({
    clientOrderId: KEY,
    name: 'Achieng',
    paymentMethod: 'cod',
    mpesaPhone: null,
    queuedAt: '2026-11-24T09:00:00Z',
    lines: [],
    needsSignIn: true,
  })
}

describe('order sender', () => {
  it('delivers on 200: sends the item id as the key, saves the order link, calls back', async () => {
    remember()
    next = { status: 200, body: JSON.stringify(order) }
    const onDelivered = vi.fn()
    const result = await sender.createOrderSender({ onDelivered })(item(), ctx)
    expect(result).toEqual({ type: 'delivered', response: order })
    expect(received).toEqual([{ payload: { ...payload, clientOrderId: KEY } }])
    expect(saved.listSavedOrders()).toEqual([
      {
        orderNumber: 'LK-1001',
        token: 'tok',
        clientOrderId: KEY,
        total: 6300,
        placedAt: '2026-11-24T10:00:00Z',
      },
    ])
    expect(queued.findQueuedOrder(KEY)?.needsSignIn).toBe(false)
    expect(onDelivered).toHaveBeenCalledWith(order, { ...payload, clientOrderId: KEY })
  })

  it.each([
    [
      500,
      '{"code":"XX000","message":"internal error","details":null,"hint":null}',
      'application/json',
    ],
    [502, '<html><h1>502 Bad Gateway</h1></html>', 'text/html'],
    [503, '{"message":"Service Unavailable"}', 'application/json'],
    [504, 'Gateway Timeout', 'text/plain'],
  ])('keeps the order for another try on %i', async (status, body, type) => {
    remember()
    next = { status, body, type }
    const result = await sender.createOrderSender()(item(), ctx)
    expect(result).toEqual({
      type: 'retry',
      reason: 'The store could not take your order just now. Please try again.',
    })
    expect(saved.listSavedOrders()).toEqual([])
    expect(queued.findQueuedOrder(KEY)?.rejected).toBeUndefined()
  })

  it('keeps the order for another try when the connection drops', async () => {
    next = 'drop'
    const result = await sender.createOrderSender()(item(), ctx)
    expect(result.type).toBe('retry')
  })

  it.each([401, 403])('asks for a renewed session on %i', async (status) => {
    next = {
      status,
      body: '{"code":"PGRST301","message":"JWT expired","details":null,"hint":null}',
    }
    expect(await sender.createOrderSender()(item(), ctx)).toEqual({ type: 'unauthorized' })
  })

  it('ends the order on a real refusal, keeping the reason and the lines for the checkout', async () => {
    remember()
    const lines = [{ line: 0, productId: 'p1', problem: 'sold_out' }]
    next = {
      status: 409,
      body: JSON.stringify({
        code: 'PT409',
        message: 'Some items in your cart changed.',
        details: JSON.stringify({ code: 'cart_conflict', lines }),
        hint: null,
      }),
    }
    const result = await sender.createOrderSender()(item(), ctx)
    expect(result).toEqual({ type: 'rejected', message: 'Some items in your cart changed.' })
    expect(queued.findQueuedOrder(KEY)?.rejected).toEqual({
      message: 'Some items in your cart changed.',
      lines,
    })
    expect(saved.listSavedOrders()).toEqual([])
  })

  it('ends an order whose saved payload cannot be read, without sending it', async () => {
    for (const body of [null, 'text', ['a']]) {
      expect(await sender.createOrderSender()(item(body), ctx)).toEqual({
        type: 'rejected',
        message: 'This order could not be read.',
      })
    }
    expect(received).toEqual([])
  })
})

const sent = { ...payload, clientOrderId: KEY } as PlaceOrderPayload
/** The same checkout's earlier request, whose answer never came (another cart). */
const earlier: PlaceOrderPayload = { ...sent, items: [{ productId: 'p2', quantity: 2 }] }
const refusal = (status: number, code: string, message: string, extra: object = {}) => ({
  status,
  body: JSON.stringify({
    code: 'PT' + status,
    message,
    details: JSON.stringify({ code, ...extra }),
    hint: null,
  }),
})
const keyReused = () =>
  refusal(409, 'idempotency_key_reused', 'This checkout already placed another order.')
const conflict = (lines: unknown[] = []) =>
  refusal(409, 'cart_conflict', 'Some items in your cart changed.', { lines })
const invalid = () =>
  refusal(400, 'invalid_phone', 'Enter a valid phone number.', { field: 'contact.phone' })

/** Sends the item the way a checkout waiting on its own order does. */
async function sendAwaited(options: OrderSender.OrderSenderOptions = {}) {
  const done = events.awaitItem(KEY)
  try {
    return await sender.createOrderSender(options)(item(), ctx)
  } finally {
    done()
  }
}

describe('order sender and the checkout waiting on it', () => {
  it('tells the waiting checkout the order was placed now, not recovered, with no toast', async () => {
    next = { status: 200, body: JSON.stringify(order) }
    expect(await sendAwaited()).toEqual({ type: 'delivered', response: order })
    expect(sender.takeOrderSendOutcome(KEY)).toEqual({ recovered: false })
    // Read once: the next look finds nothing.
    expect(sender.takeOrderSendOutcome(KEY)).toEqual({})
    expect(toasts).not.toHaveBeenCalled()
  })

  it('keeps the full refusal, lines included, for the waiting checkout, with no toast', async () => {
    const lines = [{ line: 0, productId: 'p1', problem: 'sold_out' }]
    next = conflict(lines)
    expect(await sendAwaited()).toEqual({
      type: 'rejected',
      message: 'Some items in your cart changed.',
    })
    const { error } = sender.takeOrderSendOutcome(KEY)
    expect(error?.kind).toBe('conflict')
    expect(error?.lines).toEqual(lines)
    expect(toasts).not.toHaveBeenCalled()
  })

  it('remembers a request whose answer was lost, so it can be recovered later', async () => {
    attempts.saveAttempt({ clientOrderId: KEY })
    next = { status: 503, body: '{"message":"Service Unavailable"}' }
    expect((await sendAwaited()).type).toBe('retry')
    expect(attempts.peekAttempt(KEY)).toEqual({ clientOrderId: KEY, unsettled: sent })
    expect(sender.takeOrderSendOutcome(KEY).error?.retryable).toBe(true)
  })

  it('after key_reused, sends the earlier unsettled request again and gets the order it placed', async () => {
    attempts.saveAttempt({ clientOrderId: KEY, unsettled: earlier })
    answers.push(keyReused(), { status: 200, body: JSON.stringify(order) })
    const onDelivered = vi.fn()
    expect(await sendAwaited({ onDelivered })).toEqual({ type: 'delivered', response: order })
    expect(received).toEqual([{ payload: sent }, { payload: earlier }])
    expect(sender.takeOrderSendOutcome(KEY)).toEqual({ recovered: true })
    expect(saved.listSavedOrders().map((o) => o.orderNumber)).toEqual(['LK-1001'])
    // The checkout's key is done with: the next checkout starts afresh.
    expect(attempts.peekAttempt(KEY)).toBeUndefined()
  })

  it('keeps the earlier request for another try when its resend gets no answer', async () => {
    attempts.saveAttempt({ clientOrderId: KEY, unsettled: earlier })
    answers.push(keyReused(), { status: 502, body: 'Bad Gateway', type: 'text/plain' })
    expect(await sendAwaited()).toEqual({
      type: 'retry',
      reason: 'The store could not take your order just now. Please try again.',
    })
    expect(received).toHaveLength(2)
    expect(attempts.peekAttempt(KEY)).toEqual({ clientOrderId: KEY, unsettled: earlier })
    expect(saved.listSavedOrders()).toEqual([])
  })

  it.each([
    ['nothing was unsettled', undefined],
    ['the unsettled request is this very one', sent],
  ])(
    'after key_reused when %s, refuses without resending and ends the key',
    async (_, unsettled) => {
      attempts.saveAttempt({ clientOrderId: KEY, ...(unsettled ? { unsettled } : {}) })
      next = keyReused()
      expect(await sendAwaited()).toEqual({
        type: 'rejected',
        message: 'This checkout already placed another order.',
      })
      expect(received).toEqual([{ payload: sent }])
      expect(attempts.peekAttempt(KEY)).toBeUndefined()
      expect(sender.takeOrderSendOutcome(KEY).error?.kind).toBe('key_reused')
    },
  )

  it('a cart conflict places nothing: the key stays, without the earlier unsettled request', async () => {
    attempts.saveAttempt({ clientOrderId: KEY, unsettled: earlier })
    next = conflict()
    expect((await sendAwaited()).type).toBe('rejected')
    expect(received).toHaveLength(1)
    expect(attempts.peekAttempt(KEY)).toEqual({ clientOrderId: KEY })
  })

  it('a refusal of another request keeps the earlier unsettled one, which may have been placed', async () => {
    attempts.saveAttempt({ clientOrderId: KEY, unsettled: earlier })
    next = invalid()
    expect(await sendAwaited()).toEqual({
      type: 'rejected',
      message: 'Enter a valid phone number.',
    })
    expect(attempts.peekAttempt(KEY)).toEqual({ clientOrderId: KEY, unsettled: earlier })
  })

  it('a refusal of the very request that was unsettled settles it', async () => {
    attempts.saveAttempt({ clientOrderId: KEY, unsettled: sent })
    next = invalid()
    expect((await sendAwaited()).type).toBe('rejected')
    expect(attempts.peekAttempt(KEY)).toEqual({ clientOrderId: KEY })
  })

  it('keeps the order for another try when sending fails in an unexpected way', async () => {
    const place = vi.fn(() => Promise.reject(new TypeError('boom')))
    expect(await sendAwaited({ place })).toEqual({
      type: 'retry',
      reason: 'The store could not take your order just now. Please try again.',
    })
  })
})

describe('order sender in the background', () => {
  it.each([
    ['mpesa', ' and pay with M-Pesa'],
    ['cod', ''],
  ])('tells the shopper by a toast that a %s order was sent', async (paymentMethod, pay) => {
    next = { status: 200, body: JSON.stringify({ ...order, paymentMethod }) }
    expect((await sender.createOrderSender()(item(), ctx)).type).toBe('delivered')
    expect(toasts).toHaveBeenCalledTimes(1)
    expect(toasts).toHaveBeenCalledWith({
      title: 'Order placed',
      description: `You're back online: order LK-1001 has been sent. Open it from the checkout page to see it${pay}.`,
      type: 'success',
      duration: 8000,
    })
    // No checkout waits on it: nothing is kept for one.
    expect(sender.takeOrderSendOutcome(KEY)).toEqual({})
  })

  it('tells the shopper by a toast why an order could not be placed', async () => {
    next = conflict()
    expect((await sender.createOrderSender()(item(), ctx)).type).toBe('rejected')
    expect(toasts).toHaveBeenCalledWith({
      title: 'Your order could not be placed',
      description: 'Some items in your cart changed. Open the checkout to review it.',
      type: 'error',
      duration: 10_000,
    })
    expect(sender.takeOrderSendOutcome(KEY)).toEqual({})
  })

  it('says nothing while an order waits for another try', async () => {
    next = { status: 503, body: '{}' }
    expect((await sender.createOrderSender()(item(), ctx)).type).toBe('retry')
    expect(toasts).not.toHaveBeenCalled()
    expect(sender.takeOrderSendOutcome(KEY)).toEqual({})
  })
})

describe('registerOrderSender', () => {
  it('registers the order sender once, for orders', async () => {
    const registry = await import('@/features/outbox/sender-registry')
    sender.registerOrderSender()
    const first = registry.getOutboxSender('order')
    expect(first?.identity).toBe('owner')
    sender.registerOrderSender()
    expect(registry.getOutboxSender('order')).toBe(first)
    next = { status: 200, body: JSON.stringify(order) }
    expect(await first!.send(item(), ctx)).toEqual({ type: 'delivered', response: order })
  })
})
