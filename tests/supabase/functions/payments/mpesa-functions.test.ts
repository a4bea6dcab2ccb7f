/**
 * The payment functions on the embedded server with the sandbox provider: a guest (with the private-link
 * token) or the signed-in owner pays an order by STK push, the status call settles it after about two
 * seconds, the failing test number is declined, and the Safaricom callback is accepted only with the
 * secret and only for a known request. An order is never paid twice.
 */
import { randomUUID } from 'node:crypto'
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../support/server'

const SECRET = 'test-callback-secret-0123456789'
let server: TestServer
let saved: Record<string, string | undefined>

const ENV = {
  MPESA_PROVIDER: 'sandbox',
  MPESA_CALLBACK_SECRET: SECRET,
  MPESA_SANDBOX_CONFIRM_MS: '',
}

beforeAll(async () => {
  // Functions read the server process's environment per request.
  saved = Object.fromEntries(Object.keys(ENV).map((k) => [k, process.env[k]]))
  Object.assign(process.env, ENV)
  server = await startTestServer()
  await server.server.db.pg.query(
    `insert into public.products (id, slug, name, category, price, stock)
     values ('pay-bag', 'pay-bag', 'Kiondo Bag', 'bags', 6300, 1000)`,
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
  paymentStatus: string
  status: string
  payment: { status: string; receipt: string | null; resultDesc: string | null } | null
}

async function placeOrder(
  client: SupabaseClient = server.client(),
  paymentMethod: 'mpesa' | 'cod' = 'mpesa',
): Promise<OrderDoc> {
  const { data, error } = await client.rpc('place_order', {
    payload: {
      clientOrderId: randomUUID(),
      items: [{ productId: 'pay-bag', quantity: 1 }],
      contact: { name: 'Achieng Otieno', email: 'achieng@example.test', phone: '0712345678' },
      delivery: {
        method: 'delivery',
        county: 'Kisumu',
        town: 'Kisumu',
        street: 'Oginga Odinga St',
      },
      paymentMethod,
    },
  })
  if (error) throw new Error(error.message)
  return data as OrderDoc
}

async function pushable() {
  const order = await placeOrder()
  return { orderNumber: order.orderNumber, token: order.accessToken }
}

/** `{ status, body }` of a function call, successful or not. */
async function invoke(name: string, body: unknown, client: SupabaseClient = server.client()) {
  const { data, error } = await client.functions.invoke(name, {
    body: body as Record<string, unknown>,
  })
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  if (error) throw error
  return { status: 200, body: data as Record<string, unknown> }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function reload(order: OrderDoc): Promise<OrderDoc> {
  const { data } = await server
    .client()
    .rpc('order_by_token', { order_number: order.orderNumber, token: order.accessToken })
  return data as OrderDoc
}

async function paidPayments(orderId: string) {
  const { rows } = await server.server.db.pg.query<{ status: string }>(
    `select status from public.payments where order_id = $1 order by created_at`,
    [orderId],
  )
  return rows.map((row) => row.status)
}

function callback(
  checkoutRequestId: string,
  resultCode: number,
  extra: Record<string, unknown> = {},
) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: 'm-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc: resultCode === 0 ? 'The service request is processed successfully.' : 'Failed',
        ...extra,
      },
    },
  }
}

const postCallback = (path: string, body: unknown, raw = false) =>
  fetch(`${server.url}/functions/v1/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: raw ? (body as string) : JSON.stringify(body),
  })

describe('the payment functions on the new API keys', () => {
  it('pays a guest order from a client made with the publishable key (no JWT anywhere)', async () => {
    const shopper = createClient(server.url, server.server.keys.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    })
    const order = await placeOrder(shopper)
    const push = await invoke(
      'mpesa-stk-push',
      { orderNumber: order.orderNumber, token: order.accessToken },
      shopper,
    )
    expect(push.status).toBe(200)
    const status = await invoke(
      'mpesa-status',
      {
        orderNumber: order.orderNumber,
        token: order.accessToken,
        checkoutRequestId: push.body.checkoutRequestId,
      },
      shopper,
    )
    expect(status.body).toMatchObject({ orderNumber: order.orderNumber, status: 'pending' })
  })

  it('refuses a call that carries none of the project’s keys', async () => {
    const order = await placeOrder()
    const attempts: Record<string, string>[] = [
      {},
      { apikey: 'sb_publishable_0000000000000000000000_0000000' },
      { Authorization: 'Bearer sb_secret_0000000000000000000000_0000000' },
    ]
    for (const headers of attempts) {
      const response = await fetch(`${server.url}/functions/v1/mpesa-stk-push`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ orderNumber: order.orderNumber, token: order.accessToken }),
      })
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ code: 'invalid_api_key' })
    }
  })
})

describe('mpesa-stk-push and mpesa-status (sandbox)', () => {
  it('pays a guest order about two seconds after the push', async () => {
    const order = await placeOrder()
    const push = await invoke('mpesa-stk-push', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
      phone: '0722 000 111',
    })
    expect(push.status).toBe(200)
    expect(push.body).toMatchObject({
      orderNumber: order.orderNumber,
      customerMessage: 'Success. Request accepted for processing',
      amount: order.total,
      phone: '254722000111',
    })
    const checkoutRequestId = push.body.checkoutRequestId as string

    const early = await invoke('mpesa-status', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
      checkoutRequestId,
    })
    expect(early.body).toMatchObject({ status: 'pending', paymentStatus: 'pending' })

    await sleep(2100)
    const done = await invoke('mpesa-status', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
      checkoutRequestId,
    })
    expect(done.body).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      amount: order.total,
    })
    expect(done.body.receipt).toMatch(/^[A-Z0-9]{10}$/)
    const after = await reload(order)
    expect(after).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' })
    expect(after.payment).toMatchObject({ status: 'paid', receipt: done.body.receipt })

    // Asking again changes nothing; paying again is refused.
    const again = await invoke('mpesa-status', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
    })
    expect(again.body).toMatchObject({ status: 'paid', receipt: done.body.receipt })
    const twice = await invoke('mpesa-stk-push', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
    })
    expect(twice).toEqual({
      status: 409,
      body: { code: 'already_paid', message: 'This order is already paid.' },
    })
    expect(await paidPayments(order.id)).toEqual(['paid'])
  })

  it('declines 254700000001 with "Request cancelled by user"; a retry with a good number pays', async () => {
    const order = await placeOrder()
    const push = await invoke('mpesa-stk-push', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
      phone: '+254700000001',
    })
    expect(push.status).toBe(200)
    await sleep(2100)
    const failed = await invoke('mpesa-status', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
      checkoutRequestId: push.body.checkoutRequestId,
    })
    expect(failed.body).toMatchObject({
      status: 'cancelled',
      resultDesc: 'Request cancelled by user',
      paymentStatus: 'cancelled',
      receipt: null,
    })

    const retry = await invoke('mpesa-stk-push', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
      phone: '0712345678',
    })
    expect(retry.status).toBe(200)
    await sleep(2100)
    const paid = await invoke('mpesa-status', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
      checkoutRequestId: retry.body.checkoutRequestId,
    })
    expect(paid.body).toMatchObject({ status: 'paid', paymentStatus: 'paid' })
    expect(await paidPayments(order.id)).toEqual(['cancelled', 'paid'])
  })

  it('lets the signed-in owner pay without the token, and nobody else', async () => {
    const owner = await server.signUpUser()
    const order = await placeOrder(owner.client)
    const mine = await invoke('mpesa-stk-push', { orderNumber: order.orderNumber }, owner.client)
    expect(mine.status).toBe(200)
    expect(mine.body.phone).toBe('254712345678')

    const stranger = await server.signUpUser()
    const refused = {
      status: 404,
      body: { code: 'order_not_found', message: 'We could not find that order.' },
    }
    expect(
      await invoke('mpesa-stk-push', { orderNumber: order.orderNumber }, stranger.client),
    ).toEqual(refused)
    expect(
      await invoke('mpesa-status', { orderNumber: order.orderNumber }, stranger.client),
    ).toEqual(refused)
    expect(await invoke('mpesa-stk-push', { orderNumber: order.orderNumber })).toEqual(refused)
  })

  it('refuses a guest without the token or with a wrong one, like an unknown order', async () => {
    const order = await placeOrder()
    const refused = {
      status: 404,
      body: { code: 'order_not_found', message: 'We could not find that order.' },
    }
    expect(await invoke('mpesa-stk-push', { orderNumber: order.orderNumber })).toEqual(refused)
    expect(
      await invoke('mpesa-stk-push', {
        orderNumber: order.orderNumber,
        token: `${order.accessToken}x`,
      }),
    ).toEqual(refused)
    expect(
      await invoke('mpesa-stk-push', { orderNumber: 'LK-999999999', token: order.accessToken }),
    ).toEqual(refused)
    expect(await invoke('mpesa-status', { orderNumber: order.orderNumber, token: 'nope' })).toEqual(
      refused,
    )
    expect(await paidPayments(order.id)).toEqual([])
  })

  it('says clearly why a push cannot be sent', async () => {
    const order = await placeOrder()
    const base = { orderNumber: order.orderNumber, token: order.accessToken }
    expect(await invoke('mpesa-stk-push', { ...base, phone: '0812345678' })).toEqual({
      status: 400,
      body: {
        code: 'invalid_phone',
        field: 'phone',
        message: 'Please enter a valid Kenyan mobile number, for example 0712 345 678.',
      },
    })
    expect((await invoke('mpesa-stk-push', { ...base, orderNumber: 'drop table' })).status).toBe(
      400,
    )
    expect((await invoke('mpesa-stk-push', [1, 2])).status).toBe(400)
    expect(await invoke('mpesa-status', base)).toMatchObject({
      status: 404,
      body: { code: 'payment_not_found' },
    })

    const cash = await placeOrder(undefined, 'cod')
    expect(
      await invoke('mpesa-stk-push', { orderNumber: cash.orderNumber, token: cash.accessToken }),
    ).toEqual({
      status: 409,
      body: { code: 'not_mpesa', message: 'This order is paid in cash on delivery.' },
    })

    await server.admin().rpc('set_order_status', { order_id: order.id, status: 'cancelled' })
    expect(await invoke('mpesa-stk-push', base)).toEqual({
      status: 409,
      body: { code: 'order_cancelled', message: 'This order was cancelled.' },
    })
  })

  it('waits between prompts for one order and sends at most five an hour', async () => {
    const order = await placeOrder()
    const base = { orderNumber: order.orderNumber, token: order.accessToken }
    const age = (interval: string) =>
      server.server.db.pg.query(
        `update public.payments set created_at = created_at - $2::interval where order_id = $1`,
        [order.id, interval],
      )

    expect((await invoke('mpesa-stk-push', base)).status).toBe(200)
    const soon = await invoke('mpesa-stk-push', base)
    expect(soon.status).toBe(429)
    expect(soon.body.code).toBe('prompt_pending')
    expect(soon.body.message).toMatch(
      /^We have just sent a payment request to your phone\. Check your phone, or try again in (30|29|28) seconds\.$/,
    )

    // Once the last prompt has had its time, another may go, up to five within the hour.
    for (let sent = 1; sent < 5; sent++) {
      await age('31 seconds')
      expect((await invoke('mpesa-stk-push', base)).status).toBe(200)
    }
    await age('31 seconds')
    expect(await invoke('mpesa-stk-push', base)).toEqual({
      status: 429,
      body: {
        code: 'too_many_prompts',
        message:
          'Too many payment requests for this order. Please try again in an hour, or pay by Paybill.',
      },
    })
    // Another order is not held back by this one.
    expect((await invoke('mpesa-stk-push', await pushable())).status).toBe(200)

    await age('1 hour')
    expect((await invoke('mpesa-stk-push', base)).status).toBe(200)
  })

  it('answers CORS preflights and refuses other methods', async () => {
    const preflight = await fetch(`${server.url}/functions/v1/mpesa-stk-push`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
    const get = await fetch(`${server.url}/functions/v1/mpesa-status`, {
      headers: { Authorization: `Bearer ${server.anonKey}` },
    })
    expect(get.status).toBe(405)
    expect(get.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('mpesa-callback', () => {
  async function pushedOrder() {
    const order = await placeOrder()
    const push = await invoke('mpesa-stk-push', {
      orderNumber: order.orderNumber,
      token: order.accessToken,
    })
    return { order, checkoutRequestId: push.body.checkoutRequestId as string }
  }

  it('refuses a missing or wrong secret, junk and unknown requests, without crashing', async () => {
    const { order, checkoutRequestId } = await pushedOrder()
    const good = callback(checkoutRequestId, 0)
    expect((await postCallback('mpesa-callback', good)).status).toBe(401)
    expect((await postCallback('mpesa-callback/wrong-secret-0123456789', good)).status).toBe(401)
    expect((await postCallback(`mpesa-callback?secret=${SECRET}x`, good)).status).toBe(401)
    expect((await postCallback(`mpesa-callback/${SECRET}`, '{not json', true)).status).toBe(400)
    expect((await postCallback(`mpesa-callback/${SECRET}`, { hello: 'world' })).status).toBe(400)
    expect((await postCallback(`mpesa-callback/${SECRET}`, '', true)).status).toBe(400)
    const unknown = await postCallback(`mpesa-callback/${SECRET}`, callback('ws_CO_unknown', 0))
    expect(unknown.status).toBe(404)
    expect(await paidPayments(order.id)).toEqual(['pending'])
  })

  it('records a good callback once; a duplicate changes nothing', async () => {
    const { order, checkoutRequestId } = await pushedOrder()
    const paid = callback(checkoutRequestId, 0, {
      CallbackMetadata: {
        Item: [
          { Name: 'Amount', Value: order.total },
          { Name: 'MpesaReceiptNumber', Value: 'TST1234567' },
          { Name: 'PhoneNumber', Value: 254712345678 },
        ],
      },
    })
    const first = await postCallback(`mpesa-callback/${SECRET}`, paid)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' })
    const duplicate = await postCallback(
      `mpesa-callback?secret=${SECRET}`,
      callback(checkoutRequestId, 1032, { ResultDesc: 'Request cancelled by user' }),
    )
    expect(duplicate.status).toBe(200)
    const after = await reload(order)
    expect(after).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' })
    expect(after.payment).toMatchObject({ status: 'paid', receipt: 'TST1234567' })
    expect(await paidPayments(order.id)).toEqual(['paid'])
  })

  it('never pays an order twice: a second successful push is kept for a refund', async () => {
    const order = await placeOrder()
    const ids: string[] = []
    for (let i = 0; i < 2; i++) {
      const push = await invoke('mpesa-stk-push', {
        orderNumber: order.orderNumber,
        token: order.accessToken,
      })
      ids.push(push.body.checkoutRequestId as string)
      // Both prompts are out at once: the first has waited out the pause between prompts.
      await server.server.db.pg.query(
        `update public.payments set created_at = created_at - interval '31 seconds' where order_id = $1`,
        [order.id],
      )
    }
    for (const [i, id] of ids.entries()) {
      const answer = await postCallback(
        `mpesa-callback/${SECRET}`,
        callback(id, 0, {
          CallbackMetadata: { Item: [{ Name: 'MpesaReceiptNumber', Value: `TWICE0000${i}` }] },
        }),
      )
      expect(answer.status).toBe(200)
    }
    expect(await paidPayments(order.id)).toEqual(['paid', 'failed'])
    const { rows } = await server.server.db.pg.query<{ result_desc: string }>(
      `select result_desc from public.payments where checkout_request_id = $1`,
      [ids[1]],
    )
    expect(rows[0]!.result_desc).toBe('Duplicate payment: the order was already paid. Refund due.')
    // The status call after the sandbox delay does not pay it a third time either.
    await sleep(2100)
    await invoke('mpesa-status', { orderNumber: order.orderNumber, token: order.accessToken })
    expect(await paidPayments(order.id)).toEqual(['paid', 'failed'])
    expect((await reload(order)).paymentStatus).toBe('paid')
  })
})
