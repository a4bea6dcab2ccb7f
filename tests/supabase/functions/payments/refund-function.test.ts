/**
 * The order-refund function on the embedded server with the M-Pesa sandbox, which speaks Daraja's
 * reversal and B2C shapes: a whole M-Pesa payment is reversed and part of one paid out (with a B2C
 * shortcode), each accepted at once and completed by M-Pesa's result posted to mpesa-refund-result;
 * without a B2C shortcode part of a payment is refunded by hand; a refund M-Pesa refuses in its result
 * is released; a forged, unknown, repeated or mismatched result changes nothing; a manager is refused;
 * a refund left unsent (its function died) is sent again by the sweep with the same request, and one
 * M-Pesa accepted is never sent twice; on Daraja without refund credentials staff are told where to
 * send how much and the refund they make by hand is recorded.
 */
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refundResultSecret } from '../../../../supabase/functions/_shared/payments/refund-results'
import { handleRefund } from '../../../../supabase/functions/_shared/payments/refunds'
import { createSandboxProvider } from '../../../../supabase/functions/_shared/payments/sandbox'
import { ProviderError } from '../../../../supabase/functions/_shared/payments/types'
import type { TestServer } from '../../../support/server'
import {
  addProduct,
  placeOrder,
  signIn,
  startAdminServer,
  type OrderDoc,
} from '../../admin/admin-kit'

const ENV = {
  MPESA_PROVIDER: 'sandbox',
  CARD_PROVIDER: 'sandbox',
  // M-Pesa's result arrives this long after the request.
  MPESA_SANDBOX_CONFIRM_MS: '200',
  MPESA_B2C_SHORTCODE: '600000',
}
let server: TestServer
let saved: Record<string, string | undefined>
let admin: SupabaseClient
let manager: SupabaseClient

beforeAll(async () => {
  // Functions read the server process's environment per request.
  saved = Object.fromEntries(Object.keys(ENV).map((k) => [k, process.env[k]]))
  Object.assign(process.env, ENV)
  server = await startAdminServer()
  await addProduct(server, { id: 'rfn-bag', price: 6000, stock: 30 })
  admin = await signIn(server, 'admin@luxekenya.test')
  manager = await signIn(server, 'manager@luxekenya.test')
})

afterAll(async () => {
  for (const [key, value] of Object.entries(saved ?? {})) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  await server?.close()
})

/** An M-Pesa order for two bags, paid from `phone`. */
async function paidOrder(phone = '0712345678'): Promise<OrderDoc> {
  const order = await placeOrder(server.client(), {
    productId: 'rfn-bag',
    quantity: 2,
    paymentMethod: 'mpesa',
  })
  const service = server.admin()
  const checkoutRequestId = `ws_CO_${randomUUID()}`
  const asked = await service.rpc('record_payment_request', {
    order_id: order.id,
    phone,
    checkout_request_id: checkoutRequestId,
  })
  if (asked.error) throw new Error(asked.error.message)
  const paid = await service.rpc('record_payment_result', {
    checkout_request_id: checkoutRequestId,
    result_code: 0,
    result_desc: 'The service request is processed successfully.',
    mpesa_receipt: `Q${randomUUID().slice(0, 9).toUpperCase()}`,
    amount: order.total,
  })
  if (paid.error) throw new Error(paid.error.message)
  return order
}

/** An order for two bags placed for `method` and paid by card (a card may pay an M-Pesa order). */
async function paidByCard(method: 'card' | 'mpesa'): Promise<OrderDoc> {
  const order = await placeOrder(server.client(), {
    productId: 'rfn-bag',
    quantity: 2,
    paymentMethod: method,
  })
  const service = server.admin()
  const reference = `LKC_${randomUUID().replace(/-/g, '')}`
  const opened = await service.rpc('record_card_session', { order_id: order.id, reference })
  if (opened.error) throw new Error(opened.error.message)
  const paid = await service.rpc('record_card_result', {
    reference,
    event_id: `evt_${randomUUID()}`,
    succeeded: true,
    amount: order.total,
    currency: 'KES',
    provider_reference: `sbx_tx_${randomUUID().slice(0, 8)}`,
  })
  if (paid.error) throw new Error(paid.error.message)
  return order
}

async function invoke(client: SupabaseClient, body: unknown) {
  const { data: session } = await client.auth.getSession()
  const response = await fetch(`${server.url}/functions/v1/order-refund`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      Authorization: `Bearer ${session.session?.access_token ?? server.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const refundedTotal = async (orderId: string) =>
  (
    await server.server.db.pg.query<{ refunded_total: number; payment_status: string }>(
      'select refunded_total, payment_status from public.orders where id = $1',
      [orderId],
    )
  ).rows[0]

interface RefundRow {
  status: string
  reference: string | null
  failure: string | null
  provider_request_id: string | null
  attempts: number
}
const refundRow = async (id: string) =>
  (
    await server.server.db.pg.query<RefundRow>(
      'select status, reference, failure, provider_request_id, attempts from public.refunds where id = $1',
      [id],
    )
  ).rows[0]!

/** The refund once M-Pesa's result has settled it. */
async function settled(id: string) {
  await expect.poll(async () => (await refundRow(id)).status, { timeout: 8000 }).not.toBe('pending')
  return refundRow(id)
}

/** Posts to the refund result function as M-Pesa would (with the store's secret unless told). */
async function postResult(body: unknown, secret?: string) {
  const env: Record<string, string> = {
    SUPABASE_URL: server.url,
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: server.server.keys.secretKey }),
  }
  const key = secret ?? (await refundResultSecret((name) => env[name]))!
  const response = await fetch(
    `${server.url}/functions/v1/mpesa-refund-result?secret=${encodeURIComponent(key)}`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('the order-refund function', () => {
  it("reverses a whole M-Pesa payment: accepted at once, completed by M-Pesa's result", async () => {
    const order = await paidOrder()
    const whole = await invoke(admin, {
      orderId: order.id,
      lines: [{ lineNo: 1, quantity: 2 }],
      extraAmount: order.total - 12000,
      reason: 'Order not collected',
    })
    expect(whole.status).toBe(202)
    expect(whole.body).toMatchObject({
      amount: order.total,
      status: 'pending',
      channel: 'provider',
    })
    const row = await settled(whole.body.id as string)
    expect(row).toMatchObject({
      status: 'completed',
      provider_request_id: expect.stringMatching(/^AG_SBX_/),
    })
    expect(row.reference).toMatch(/^S[A-Z0-9]{9}$/)
    expect(await refundedTotal(order.id)).toEqual({
      refunded_total: order.total,
      payment_status: 'refunded',
    })
  })

  it('pays part of a payment back as a B2C payout when the store has a B2C shortcode', async () => {
    const order = await paidOrder()
    const half = await invoke(admin, {
      orderId: order.id,
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'One bag arrived damaged',
    })
    expect(half.status).toBe(202)
    expect(await refundedTotal(order.id)).toEqual({ refunded_total: 0, payment_status: 'paid' })
    const row = await settled(half.body.id as string)
    expect(row.status).toBe('completed')
    expect(row.reference).toMatch(/^S[A-Z0-9]{9}$/)
    expect(await refundedTotal(order.id)).toEqual({ refunded_total: 6000, payment_status: 'paid' })
  })

  it('without a B2C shortcode, part of an M-Pesa payment is refunded by hand', async () => {
    const order = await paidOrder('0722 333 444')
    delete process.env.MPESA_B2C_SHORTCODE
    let refused: Awaited<ReturnType<typeof invoke>>
    try {
      refused = await invoke(admin, {
        orderId: order.id,
        lines: [{ lineNo: 1, quantity: 1 }],
        reason: 'One bag arrived damaged',
      })
    } finally {
      Object.assign(process.env, ENV)
    }
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('refund_by_hand')
    expect(refused.body.message).toMatch(
      /^M-Pesa cannot send this refund automatically\. Send KSh 6,000 to 254722333444, the number that paid,/,
    )
    expect(await refundedTotal(order.id)).toEqual({ refunded_total: 0, payment_status: 'paid' })
  })

  it('releases a refund M-Pesa refuses in its result: nothing is refunded and it can be tried again', async () => {
    const order = await paidOrder('0700000001')
    const declined = await invoke(admin, {
      orderId: order.id,
      lines: [{ lineNo: 1, quantity: 2 }],
      reason: 'Customer changed their mind',
    })
    expect(declined.status).toBe(202)
    expect(await settled(declined.body.id as string)).toMatchObject({
      status: 'failed',
      failure:
        "M-Pesa did not send the refund: Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
    })
    expect(await refundedTotal(order.id)).toEqual({ refunded_total: 0, payment_status: 'paid' })

    // Sent from the M-Pesa portal instead, and recorded by hand with its code.
    const byHand = await invoke(admin, {
      orderId: order.id,
      lines: [{ lineNo: 1, quantity: 2 }],
      extraAmount: order.total - 12000,
      reason: 'Customer changed their mind',
      byHand: true,
      reference: 'SKL4HAND01',
    })
    expect(byHand.status).toBe(200)
    expect(byHand.body).toMatchObject({
      status: 'completed',
      channel: 'manual',
      reference: 'SKL4HAND01',
    })
    expect(await refundedTotal(order.id)).toEqual({
      refunded_total: order.total,
      payment_status: 'refunded',
    })
  })

  it('refuses a forged, unknown or mismatched result; a repeated one changes nothing', async () => {
    const order = await paidOrder()
    const whole = await invoke(admin, {
      orderId: order.id,
      lines: [{ lineNo: 1, quantity: 2 }],
      extraAmount: order.total - 12000,
      reason: 'Order not collected',
    })
    const row = await settled(whole.body.id as string)
    const result = (amount: number, conversationId = row.provider_request_id) => ({
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: 'OC-forged',
        ConversationID: conversationId,
        TransactionID: 'SFORGED001',
        ResultParameters: { ResultParameter: [{ Key: 'Amount', Value: amount }] },
      },
    })
    expect((await postResult(result(order.total), 'not-the-secret-at-all')).status).toBe(401)
    expect((await postResult({ Body: { stkCallback: {} } })).status).toBe(400)
    expect((await postResult(result(order.total, 'AG_SBX_unknown'))).status).toBe(404)
    expect(await postResult(result(order.total))).toEqual({
      status: 200,
      body: { ResultCode: 0, ResultDesc: 'Accepted' },
    })
    expect(await refundRow(whole.body.id as string)).toEqual(row)

    // A result for another amount than the refund M-Pesa is still sending is refused.
    const other = await paidOrder()
    const pending = await admin.rpc('refund_order', {
      order_id: other.id,
      lines: [{ lineNo: 1, quantity: 2 }],
      extra_amount: other.total - 12000,
      reason: 'Order not collected',
    })
    const id = (pending.data as { id: string }).id
    await server
      .admin()
      .rpc('record_refund_request', { refund_id: id, provider_request_id: 'AG_TEST_1' })
    expect((await postResult(result(1, 'AG_TEST_1'))).status).toBe(409)
    expect((await refundRow(id)).status).toBe('pending')
    expect(await refundedTotal(other.id)).toEqual({ refunded_total: 0, payment_status: 'paid' })
  })

  it('sends a card refund back through the card provider, also for an M-Pesa order paid by card', async () => {
    for (const method of ['card', 'mpesa'] as const) {
      const order = await paidByCard(method)
      const half = await invoke(admin, {
        orderId: order.id,
        lines: [{ lineNo: 1, quantity: 1 }],
        reason: 'One bag arrived damaged',
      })
      expect(half.status).toBe(200)
      expect(half.body).toMatchObject({ amount: 6000, status: 'completed', channel: 'provider' })
      expect(half.body.reference).toMatch(/^sbx_rf_[0-9a-f]{32}$/)
      expect(await refundedTotal(order.id)).toEqual({
        refunded_total: 6000,
        payment_status: 'paid',
      })
    }
  })

  it('refuses a manager, a visitor and a refund beyond what was paid', async () => {
    const order = await paidOrder()
    const body = { orderId: order.id, lines: [], extraAmount: 100, reason: 'Goodwill' }
    expect(await invoke(manager, body)).toMatchObject({ status: 403 })
    expect((await invoke(server.client(), body)).status).toBe(403)
    const tooMuch = await invoke(admin, { ...body, extraAmount: order.total + 1 })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body.code).toBe('over_refund')
    expect(await refundedTotal(order.id)).toEqual({ refunded_total: 0, payment_status: 'paid' })
  })

  it('sends again a refund its function never sent, as the same request; never one M-Pesa accepted', async () => {
    const order = await paidOrder()
    // The function recorded the refund and died before M-Pesa answered.
    const recorded = await admin.rpc('refund_order', {
      order_id: order.id,
      lines: [{ lineNo: 1, quantity: 1 }],
      extra_amount: 0,
      reason: 'One bag arrived damaged',
    })
    expect(recorded.error).toBeNull()
    const pending = recorded.data as {
      id: string
      status: string
      payment: { receipt: string; phone: string; amount: number }
    }
    expect(pending.status).toBe('pending')

    const sweep = () =>
      fetch(`${server.url}/functions/v1/order-refund`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          Authorization: `Bearer ${server.serviceRoleKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ retryDue: true }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { retried: unknown[] } }))
    const ageBy3Minutes = () =>
      server.server.db.pg.query(
        `update public.refunds set created_at = created_at - interval '3 minutes',
           last_attempt_at = last_attempt_at - interval '3 minutes' where id = $1`,
        [pending.id],
      )

    // Too fresh: the function that made it may still be waiting for M-Pesa.
    expect((await sweep()).body.retried).toEqual([])
    await ageBy3Minutes()
    // The lost attempt had reached M-Pesa: sent again with the refund's id, it is the same request.
    const lost = await createSandboxProvider({
      refundConfig: async () => ({
        initiatorName: 'testapi',
        securityCredential: 'x',
        shortcode: '174379',
        resultUrl: 'http://127.0.0.1:9/unused',
        b2cShortcode: '600000',
      }),
      deliverRefundResult: async () => {},
    }).refund({
      receipt: pending.payment.receipt,
      phone: pending.payment.phone,
      amount: 6000,
      paymentAmount: pending.payment.amount,
      orderNumber: order.orderNumber,
      key: pending.id,
    })
    expect(await sweep()).toEqual({
      status: 200,
      body: { retried: [{ id: pending.id, status: 'pending' }] },
    })
    expect(await settled(pending.id)).toMatchObject({
      status: 'completed',
      provider_request_id: lost.conversationId,
      attempts: 1,
    })
    expect(await refundedTotal(order.id)).toEqual({ refunded_total: 6000, payment_status: 'paid' })

    // Accepted by M-Pesa and waiting for its result: the sweep never sends it again.
    const waiting = await admin.rpc('refund_order', {
      order_id: order.id,
      lines: [{ lineNo: 1, quantity: 1 }],
      extra_amount: 0,
      reason: 'The other bag too',
    })
    const waitingId = (waiting.data as { id: string }).id
    await server.admin().rpc('record_refund_request', {
      refund_id: waitingId,
      provider_request_id: 'AG_TEST_WAITING',
    })
    await server.server.db.pg.query(
      "update public.refunds set created_at = created_at - interval '3 minutes' where id = $1",
      [waitingId],
    )
    expect((await sweep()).body.retried).toEqual([])
    expect((await invoke(admin, { retryDue: true })).status).toBe(403)
    expect(await refundRow(waitingId)).toMatchObject({ status: 'pending', attempts: 0 })
  })

  it('on Daraja, tells staff to send the money by hand, then records the refund they made', async () => {
    const order = await paidOrder('0722 111 222')
    const daraja = {
      MPESA_PROVIDER: 'daraja',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'passkey',
      MPESA_CALLBACK_URL: 'https://shop.example/functions/v1/mpesa-callback?secret=x',
    }
    Object.assign(process.env, daraja)
    let refused: Awaited<ReturnType<typeof invoke>>
    try {
      refused = await invoke(admin, {
        orderId: order.id,
        lines: [{ lineNo: 1, quantity: 1 }],
        reason: 'One bag arrived damaged',
      })
    } finally {
      for (const key of Object.keys(daraja)) delete process.env[key]
      Object.assign(process.env, ENV)
    }
    const receipt = (
      await server.server.db.pg.query<{ mpesa_receipt: string }>(
        "select mpesa_receipt from public.payments where order_id = $1 and status = 'paid'",
        [order.id],
      )
    ).rows[0]!.mpesa_receipt
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('refund_by_hand')
    expect(refused.body.message).toBe(
      `M-Pesa cannot send this refund automatically. Send KSh 6,000 to 254722111222, the number that paid, from the M-Pesa business portal (B2C payment or reversal of ${receipt}), then tick “I already sent the money by hand” and enter the reference of the money you sent. Nothing has been refunded yet.`,
    )
    expect(await refundedTotal(order.id)).toEqual({ refunded_total: 0, payment_status: 'paid' })

    const byHand = await invoke(admin, {
      orderId: order.id,
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'One bag arrived damaged',
      byHand: true,
      reference: 'SKL4HAND02',
    })
    expect(byHand.body).toMatchObject({ status: 'completed', channel: 'manual', amount: 6000 })
    expect(await refundedTotal(order.id)).toEqual({ refunded_total: 6000, payment_status: 'paid' })
  })

  it('keeps a refund pending when the provider cannot be reached, and the sweep then sends it', async () => {
    const order = await paidOrder()
    const { data: session } = await admin.auth.getSession()
    const env: Record<string, string> = {
      SUPABASE_URL: server.url,
      SUPABASE_ANON_KEY: server.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey,
    }
    // The refund function as deployed, with an M-Pesa whose connection fails mid-request.
    const answer = await handleRefund(
      new Request('http://functions.local/order-refund', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${session.session!.access_token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          orderId: order.id,
          lines: [{ lineNo: 1, quantity: 1 }],
          reason: 'One bag arrived damaged',
        }),
      }),
      {
        env: (name) => env[name],
        mpesa: {
          ...createSandboxProvider(),
          refund: () =>
            Promise.reject(
              new ProviderError(
                'M-Pesa could not be reached. Please try again.',
                'provider_unreachable',
              ),
            ),
        },
      },
    )
    expect(answer.status).toBe(202)
    const pending = (await answer.json()) as { id: string; status: string }
    expect(pending.status).toBe('pending')
    // Staff cannot take the same units again while it is on its way.
    const again = await invoke(admin, {
      orderId: order.id,
      lines: [{ lineNo: 1, quantity: 2 }],
      reason: 'One bag arrived damaged',
    })
    expect(again.body.code).toBe('over_refund_quantity')

    await server.server.db.pg.query(
      "update public.refunds set created_at = created_at - interval '3 minutes' where id = $1",
      [pending.id],
    )
    // The server's own scheduler runs the sweep each minute; here, at once. M-Pesa then answers.
    await server.server.scheduler.runNow()
    expect((await settled(pending.id)).status).toBe('completed')
    expect(await refundedTotal(order.id)).toEqual({ refunded_total: 6000, payment_status: 'paid' })
  })
})
