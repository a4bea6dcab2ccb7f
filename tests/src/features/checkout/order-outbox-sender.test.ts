import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as OrderSender from '@/features/checkout/order-outbox-sender'
import type * as QueuedOrders from '@/features/checkout/queued-orders'
import type * as SavedOrders from '@/features/checkout/saved-orders'
import type { OutboxItem, OutboxSendContext } from '@/features/outbox/outbox'

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
const received: Array<Record<string, unknown>> = []
let server: Server
let sender: typeof OrderSender
let queued: typeof QueuedOrders
let saved: typeof SavedOrders

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const answer = next
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
})

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
})

beforeEach(() => {
  localStorage.clear()
  received.length = 0
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
