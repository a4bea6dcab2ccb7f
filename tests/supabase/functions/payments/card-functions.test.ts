/**
 * Card payment on the embedded server with the sandbox provider, driven with supabase-js and plain
 * HTTP as a browser and the provider would: the hosted page with its test cards (approved, declined,
 * 3-D Secure), the signed webhook (a forged or stale one refused, a repeated one ignored, a wrong
 * amount refused), and an order never paid twice whatever mix of card, M-Pesa and bank transfer.
 */
import { randomUUID } from 'node:crypto'
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxEvent } from '../../../../supabase/functions/_shared/payments/card/sandbox'
import {
  SIGNATURE_HEADER,
  signWebhook,
} from '../../../../supabase/functions/_shared/payments/card/signing'
import { startTestServer, type TestServer } from '../../../support/server'

const SECRET = 'test-card-webhook-secret-0123456789'
const STORE = 'http://127.0.0.1:4999'
const ENV = {
  CARD_PROVIDER: 'sandbox',
  CARD_WEBHOOK_SECRET: SECRET,
  MPESA_PROVIDER: 'sandbox',
  MPESA_SANDBOX_CONFIRM_MS: '0',
}
let server: TestServer
let saved: Record<string, string | undefined>

beforeAll(async () => {
  // Functions read the server process's environment per request.
  saved = Object.fromEntries(Object.keys(ENV).map((k) => [k, process.env[k]]))
  Object.assign(process.env, ENV)
  server = await startTestServer()
  await server.server.db.pg.query(
    `insert into public.products (id, slug, name, category, price, stock) values
       ('card-watch', 'card-watch', 'Submariner', 'luxury-watches', 1820000, 1000),
       ('card-bag', 'card-bag', 'Kiondo Bag', 'bags', 6300, 1000)`,
  )
})

afterAll(async () => {
  for (const [key, value] of Object.entries(saved ?? {})) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  await server?.close()
})

interface OrderDoc {
  id: string
  orderNumber: string
  accessToken: string
  total: number
  status: string
  paymentStatus: string
  paymentMethod: string
  payment: { status: string; resultDesc: string | null; receipt: string | null } | null
}

async function placeOrder(paymentMethod: string, productId = 'card-watch'): Promise<OrderDoc> {
  const { data, error } = await server.client().rpc('place_order', {
    payload: {
      clientOrderId: randomUUID(),
      items: [{ productId, quantity: 1 }],
      contact: { name: 'Wanjiru Kariuki', email: 'wanjiru@example.test', phone: '0712345678' },
      delivery: { method: 'delivery', county: 'Nairobi', town: 'Nairobi', street: 'Riverside Dr' },
      paymentMethod,
    },
  })
  if (error) throw new Error(error.message)
  return data as OrderDoc
}

async function invoke(name: string, body: Record<string, unknown>) {
  const { data, error } = await server.client().functions.invoke(name, { body })
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  if (error) throw error
  return { status: 200, body: data as Record<string, unknown> }
}

async function startCard(order: OrderDoc, extra: Record<string, unknown> = {}) {
  const answer = await invoke('card-checkout', {
    orderNumber: order.orderNumber,
    token: order.accessToken,
    returnOrigin: STORE,
    ...extra,
  })
  expect(answer.status).toBe(200)
  return answer.body as { url: string; reference: string; amount: number }
}

/** Submits the hosted page's form as the shopper's browser would. */
function submit(url: string, fields: Record<string, string>) {
  const session = new URL(url).searchParams.get('session')!
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session, ...fields }).toString(),
  })
}

const card = (number: string) => ({
  step: 'card',
  card_number: number,
  expiry: '12/39',
  cvc: '123',
  name: 'Wanjiru Kariuki',
})

async function reload(order: OrderDoc): Promise<OrderDoc> {
  const { data } = await server
    .client()
    .rpc('order_by_token', { order_number: order.orderNumber, token: order.accessToken })
  return data as OrderDoc
}

async function payments(orderId: string) {
  const { rows } = await server.server.db.pg.query<{
    provider: string
    status: string
    amount: number
    result_desc: string | null
  }>(
    `select provider, status, amount, result_desc from public.payments
     where order_id = $1 order by created_at`,
    [orderId],
  )
  return rows
}

/** Sends a webhook as the provider would, signed with `secret` at `timestamp`. */
async function webhook(body: unknown, secret = SECRET, timestamp = Math.floor(Date.now() / 1000)) {
  const raw = JSON.stringify(body)
  const response = await fetch(`${server.url}/functions/v1/card-webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [SIGNATURE_HEADER]: await signWebhook(secret, raw, timestamp),
    },
    body: raw,
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''

describe('the sandbox hosted page', () => {
  it('pays a KSh 1,820,000 card order with an approved test card and returns to the order page', async () => {
    const order = await placeOrder('card')
    expect(order).toMatchObject({ paymentMethod: 'card', total: 1820000, paymentStatus: 'pending' })
    // The amount is the database's, whatever the caller sends.
    const session = await startCard(order, { amount: 1 })
    expect(session.amount).toBe(1820000)
    const page = await fetch(session.url)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Pay KSh 1,820,000')
    expect(html).toContain('<label for="card-number">Card number</label>')

    const paid = await submit(session.url, card('4242 4242 4242 4242'))
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(
      `${STORE}/order/${order.orderNumber}?token=${order.accessToken}`,
    )
    const after = await reload(order)
    expect(after).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' })
    expect(after.payment).toMatchObject({
      status: 'paid',
      resultDesc: 'Approved (Visa ending 4242)',
    })
    expect(await payments(order.id)).toEqual([
      expect.objectContaining({ provider: 'card', status: 'paid', amount: 1820000 }),
    ])
    // A paid order opens no new session.
    const again = await invoke('card-checkout', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
    })
    expect(again).toMatchObject({ status: 409, body: { code: 'already_paid' } })
  })

  it('records a declined card, and the shopper can try again with another card', async () => {
    const order = await placeOrder('card')
    const first = await startCard(order)
    expect((await submit(first.url, card('4000000000000002'))).status).toBe(303)
    const declined = await reload(order)
    expect(declined).toMatchObject({ paymentStatus: 'failed', status: 'pending' })
    expect(declined.payment?.resultDesc).toBe('Declined by the card issuer (Visa ending 0002)')

    const second = await startCard(order)
    expect(second.reference).not.toBe(first.reference)
    expect((await reload(order)).paymentStatus).toBe('pending')
    expect((await submit(second.url, card('4242424242424242'))).status).toBe(303)
    expect(await reload(order)).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' })
  })

  it('asks for the 3-D Secure code, refuses a wrong one and pays with the right one', async () => {
    const order = await placeOrder('card')
    const session = await startCard(order)
    const challenge = await submit(session.url, card('4000 0000 0000 3220'))
    expect(challenge.status).toBe(200)
    const html = await challenge.text()
    expect(html).toContain('Verify your payment')
    expect(html).toContain('<label for="code">Verification code</label>')
    expect((await reload(order)).paymentStatus).toBe('pending')

    const wrong = await submit(session.url, {
      step: 'challenge',
      challenge: hidden(html, 'challenge'),
      code: '000000',
    })
    expect(wrong.status).toBe(400)
    const retry = await wrong.text()
    expect(retry).toContain('That code is not right. 2 tries left.')
    expect((await reload(order)).paymentStatus).toBe('pending')

    const right = await submit(session.url, {
      step: 'challenge',
      challenge: hidden(retry, 'challenge'),
      code: '123456',
    })
    expect(right.status).toBe(303)
    const after = await reload(order)
    expect(after).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' })
    expect(after.payment?.resultDesc).toBe('Approved after 3-D Secure (Visa ending 3220)')
  })

  it('keeps a bad card form with its message and pays nothing; refuses a forged session', async () => {
    const order = await placeOrder('card')
    const session = await startCard(order)
    const bad = await submit(session.url, card('4242 4242 4242 4241'))
    expect(bad.status).toBe(400)
    const html = await bad.text()
    expect(html).toContain('Enter a valid card number.')
    expect(html).toContain('value="4242 4242 4242 4241"')
    const token = new URL(session.url).searchParams.get('session')!
    const forged = new URL(session.url)
    forged.searchParams.set('session', `${token.split('.')[0]}x.${'0'.repeat(64)}`)
    expect((await fetch(forged)).status).toBe(400)
    expect((await reload(order)).paymentStatus).toBe('pending')
  })

  it('refuses a card session for a cash-on-delivery order', async () => {
    const order = await placeOrder('cod', 'card-bag')
    const answer = await invoke('card-checkout', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
    })
    expect(answer).toMatchObject({ status: 409, body: { code: 'not_card' } })
  })
})

describe('the card webhook', () => {
  it('refuses a forged, unsigned or stale webhook and changes nothing', async () => {
    const order = await placeOrder('card')
    const session = await startCard(order)
    const event = sandboxEvent({ r: session.reference, a: session.amount }, true, 'Approved')
    expect(await webhook(event, 'not-the-store-secret-0123456789')).toMatchObject({ status: 401 })
    expect(await webhook(event, SECRET, Math.floor(Date.now() / 1000) - 600)).toMatchObject({
      status: 401,
    })
    const unsigned = await fetch(`${server.url}/functions/v1/card-webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
    })
    expect(unsigned.status).toBe(401)
    expect((await reload(order)).paymentStatus).toBe('pending')
    expect(await payments(order.id)).toEqual([expect.objectContaining({ status: 'pending' })])
  })

  it('ignores a repeated webhook and any later event for a settled session', async () => {
    const order = await placeOrder('card')
    const session = await startCard(order)
    const event = sandboxEvent({ r: session.reference, a: session.amount }, true, 'Approved')
    expect(await webhook(event)).toMatchObject({ status: 200, body: { outcome: 'paid' } })
    expect(await webhook(event)).toMatchObject({ status: 200, body: { outcome: 'repeated' } })
    const late = sandboxEvent({ r: session.reference, a: session.amount }, false, 'Declined')
    expect(await webhook(late)).toMatchObject({ status: 200, body: { outcome: 'ignored' } })
    expect(await reload(order)).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' })
    expect(await payments(order.id)).toEqual([expect.objectContaining({ status: 'paid' })])
  })

  it('refuses a payment for another amount or currency, and leaves the session to be paid right', async () => {
    const order = await placeOrder('card')
    const session = await startCard(order)
    const short = sandboxEvent({ r: session.reference, a: 1000 }, true, 'Approved')
    expect(await webhook(short)).toMatchObject({ status: 409, body: { reason: 'amount_mismatch' } })
    const dollars = sandboxEvent({ r: session.reference, a: session.amount }, true, 'Approved')
    dollars.data.currency = 'USD'
    expect(await webhook(dollars)).toMatchObject({
      status: 409,
      body: { reason: 'amount_mismatch' },
    })
    expect((await reload(order)).paymentStatus).toBe('pending')
    const right = sandboxEvent({ r: session.reference, a: 1820000 }, true, 'Approved')
    expect(await webhook(right)).toMatchObject({ status: 200, body: { outcome: 'paid' } })
  })

  it('lets no shopper settle a card payment or read the webhook log through the API', async () => {
    const order = await placeOrder('card')
    const session = await startCard(order)
    const { client: shopper } = await server.signUpUser()
    for (const client of [server.client(), shopper]) {
      const settle = await client.rpc('record_card_result', {
        reference: session.reference,
        event_id: `evt_${randomUUID()}`,
        succeeded: true,
        amount: session.amount,
        currency: 'KES',
      })
      expect(settle.error).not.toBeNull()
      const open = await client.rpc('record_card_session', {
        order_id: order.id,
        reference: `LKC_forged_${randomUUID().slice(0, 8)}`,
      })
      expect(open.error).not.toBeNull()
      const log = await client.from('card_webhook_events').select('event_id')
      expect(log.data ?? []).toEqual([])
    }
    expect((await reload(order)).paymentStatus).toBe('pending')
  })

  it('answers 404 for a reference the store never started', async () => {
    const event = sandboxEvent({ r: 'LKC_unknown_0000000000000000', a: 100 }, true, 'Approved')
    expect(await webhook(event)).toMatchObject({ status: 404 })
  })
})

describe('an order is never paid twice', () => {
  const pushMpesa = (order: OrderDoc) =>
    invoke('mpesa-stk-push', { orderNumber: order.orderNumber, token: order.accessToken })
  const mpesaStatus = (order: OrderDoc) =>
    invoke('mpesa-status', { orderNumber: order.orderNumber, token: order.accessToken })

  it('a card payment after M-Pesa paid is kept as refund due', async () => {
    const order = await placeOrder('mpesa', 'card-bag')
    const session = await startCard(order)
    expect((await pushMpesa(order)).status).toBe(200)
    expect((await mpesaStatus(order)).body).toMatchObject({ paymentStatus: 'paid' })
    const event = sandboxEvent({ r: session.reference, a: session.amount }, true, 'Approved')
    expect(await webhook(event)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } })
    expect((await reload(order)).paymentStatus).toBe('paid')
    const rows = await payments(order.id)
    expect(rows.filter((row) => row.status === 'paid')).toEqual([
      expect.objectContaining({ provider: 'mpesa' }),
    ])
    expect(rows.find((row) => row.provider === 'card')).toMatchObject({
      status: 'failed',
      result_desc: 'Duplicate payment: the order was already paid. Refund due.',
    })
  })

  it('an M-Pesa result after the card paid is kept as refund due, and no new prompt is sent', async () => {
    const order = await placeOrder('mpesa', 'card-bag')
    const push = await pushMpesa(order)
    expect(push.status).toBe(200)
    const session = await startCard(order)
    expect((await submit(session.url, card('4242424242424242'))).status).toBe(303)
    const settled = await invoke('mpesa-status', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
      checkoutRequestId: push.body.checkoutRequestId,
    })
    expect(settled.body).toMatchObject({
      status: 'failed',
      resultDesc: 'Duplicate payment: the order was already paid. Refund due.',
      paymentStatus: 'paid',
    })
    expect(await pushMpesa(order)).toMatchObject({ status: 409, body: { code: 'already_paid' } })
    const rows = await payments(order.id)
    expect(rows.filter((row) => row.status === 'paid')).toEqual([
      expect.objectContaining({ provider: 'card' }),
    ])
  })

  it('bank transfer and card: whichever comes second never pays the order again', async () => {
    const admin = server.admin()
    const first = await placeOrder('bank')
    const session = await startCard(first)
    const confirmed = await admin.rpc('confirm_bank_transfer', {
      order_id: first.id,
      reference: 'EQ-778812',
    })
    expect(confirmed.error).toBeNull()
    const event = sandboxEvent({ r: session.reference, a: session.amount }, true, 'Approved')
    expect(await webhook(event)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } })

    const second = await placeOrder('bank')
    const paidByCard = await startCard(second)
    expect((await submit(paidByCard.url, card('4242424242424242'))).status).toBe(303)
    const refused = await admin.rpc('confirm_bank_transfer', {
      order_id: second.id,
      reference: 'EQ-778813',
    })
    expect(JSON.parse(refused.error?.details ?? '{}')).toMatchObject({ code: 'already_paid' })
    for (const order of [first, second]) {
      expect((await payments(order.id)).filter((row) => row.status === 'paid')).toHaveLength(1)
    }
  })

  it('two sessions paid for one order: the second is refund due', async () => {
    const order = await placeOrder('card')
    const a = await startCard(order)
    const b = await startCard(order)
    expect((await submit(a.url, card('4242424242424242'))).status).toBe(303)
    const late = sandboxEvent({ r: b.reference, a: b.amount }, true, 'Approved')
    expect(await webhook(late)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } })
    expect((await payments(order.id)).filter((row) => row.status === 'paid')).toHaveLength(1)
  })

  it('an unpaid card order does not ship', async () => {
    const order = await placeOrder('card')
    const admin: SupabaseClient = server.admin()
    expect(
      (await admin.rpc('set_order_status', { order_id: order.id, status: 'confirmed' })).error,
    ).toBeNull()
    const shipped = await admin.rpc('set_order_status', {
      order_id: order.id,
      status: 'dispatched',
      courier: 'G4S Courier',
      tracking: 'G4S-123456',
    })
    expect(JSON.parse(shipped.error?.details ?? '{}')).toMatchObject({ code: 'not_paid' })
  })
})
