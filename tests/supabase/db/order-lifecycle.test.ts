/**
 * After checkout: M-Pesa results settle a payment once, staff move orders along a fixed path, cancelling
 * gives the stock back, and an affiliate earns only on a paid order that is not their own, loses it when
 * the order is cancelled and is paid out by an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDb } from '../../support/test-db'
import {
  act,
  addProduct,
  anon,
  call,
  createUser,
  detailOf,
  grantRole,
  orderPayload,
  placeOrder,
  service,
  stockOf,
  type Actor,
  type LocalDb,
  type OrderDoc,
} from './db-kit'

let db: LocalDb
let manager: Actor
let admin: Actor
let affiliateUser: Awaited<ReturnType<typeof createUser>>
let affiliateId: string
let checkoutIds = 0

beforeAll(async () => {
  db = await freshDb()
  manager = await createUser(db, 'Ops Manager')
  admin = await createUser(db, 'Owner')
  await grantRole(db, manager, 'manager')
  await grantRole(db, admin, 'admin')
  await addProduct(db, { id: 'lc-bag', price: 3000, discount: 10, stock: 100 })
  affiliateUser = await createUser(db, 'Affiliate')
  await act(
    db,
    affiliateUser,
    `insert into public.affiliates (code, payout_phone) values ('amani', '0700111222')`,
  )
  affiliateId = (
    await db.pg.query<{ id: string }>('select id from public.affiliates where user_id = $1', [
      affiliateUser.id,
    ])
  ).rows[0]!.id
  await call(db, manager, "select public.review_affiliate($1, 'approved') as value", [affiliateId])
})

afterAll(async () => {
  await db?.close()
})

async function order(
  extra: Record<string, unknown> = {},
  quantity = 2,
  actor: Actor = anon,
): Promise<OrderDoc> {
  const { value, error } = await placeOrder(
    db,
    actor,
    orderPayload([{ productId: 'lc-bag', quantity }], extra),
  )
  if (!value) throw new Error(JSON.stringify(error))
  return value
}

async function startPayment(orderId: string) {
  checkoutIds += 1
  const checkoutRequestId = `ws_CO_test_${checkoutIds}`
  const res = await call<{ amount: number; status: string }>(
    db,
    service,
    `select public.record_payment_request($1, '0712345678', $2, 'mr-1') as value`,
    [orderId, checkoutRequestId],
  )
  expect(res.error).toBeNull()
  return { checkoutRequestId, ...res.value! }
}

function settle(
  checkoutRequestId: string,
  code: number,
  receipt: string | null = null,
  amount: number | null = null,
) {
  return call<{
    paymentStatus: string
    orderStatus: string
    orderPaymentStatus: string
    resultDesc: string
  }>(db, service, `select public.record_payment_result($1, $2, $3, $4, $5, $6::jsonb) as value`, [
    checkoutRequestId,
    code,
    code === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
    receipt,
    amount,
    JSON.stringify({ Body: { stkCallback: { ResultCode: code } } }),
  ])
}

/** Dispatching names the courier and the tracking number, as staff must. */
function setStatus(actor: Actor, orderId: string, status: string) {
  const dispatch = status === 'dispatched'
  return call<OrderDoc>(db, actor, 'select public.set_order_status($1, $2, $3, $4) as value', [
    orderId,
    status,
    dispatch ? 'Sendy' : null,
    dispatch ? 'SND-20418' : null,
  ])
}

async function commissionOf(orderId: string) {
  const res = await db.pg.query<{ status: string; amount: number; base_amount: number }>(
    'select status, amount, base_amount from public.commissions where order_id = $1',
    [orderId],
  )
  return res.rows[0] ?? null
}

describe('M-Pesa payments', () => {
  it('charges the order total, marks the order paid and confirmed, and keeps the receipt', async () => {
    const o = await order()
    const payment = await startPayment(o.id)
    expect(payment).toMatchObject({ amount: o.total, status: 'pending' })
    const settled = await settle(payment.checkoutRequestId, 0, 'QK71ABCDEF', o.total)
    expect(settled.value).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      orderPaymentStatus: 'paid',
    })
    const link = await call<OrderDoc>(db, anon, 'select public.order_by_token($1, $2) as value', [
      o.orderNumber,
      o.accessToken,
    ])
    expect(link.value).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      payment: { status: 'paid', receipt: 'QK71ABCDEF' },
    })
  })

  it('settles a payment once: a repeated callback changes nothing', async () => {
    const o = await order()
    const { checkoutRequestId } = await startPayment(o.id)
    await settle(checkoutRequestId, 0, 'QK72ONCE')
    const repeat = await settle(checkoutRequestId, 1032)
    expect(repeat.value).toMatchObject({ paymentStatus: 'paid', orderPaymentStatus: 'paid' })
    const rows = await db.pg.query('select status from public.payments where order_id = $1', [o.id])
    expect(rows.rows).toEqual([{ status: 'paid' }])
  })

  it('never pays an order twice: a second successful push is kept as failed with its receipt', async () => {
    const o = await order()
    const first = await startPayment(o.id)
    const second = await startPayment(o.id)
    await settle(first.checkoutRequestId, 0, 'QK73FIRST')
    const dup = await settle(second.checkoutRequestId, 0, 'QK73SECOND')
    expect(dup.value).toMatchObject({ paymentStatus: 'failed', orderPaymentStatus: 'paid' })
    expect(dup.value!.resultDesc).toMatch(/already paid/)
    const paid = await db.pg.query(
      'select mpesa_receipt from public.payments where order_id = $1 and status = $2',
      [o.id, 'paid'],
    )
    expect(paid.rows).toEqual([{ mpesa_receipt: 'QK73FIRST' }])
    const again = await call(
      db,
      service,
      `select public.record_payment_request($1, '0712345678', 'ws_CO_after') as value`,
      [o.id],
    )
    expect(detailOf(again.error).code).toBe('already_paid')
    await expect(
      db.pg.query(
        `insert into public.payments (order_id, provider, amount, status) values ($1, 'cod', 1, 'paid')`,
        [o.id],
      ),
    ).rejects.toMatchObject({ code: '23505' })
  })

  it('records a dismissed prompt as cancelled and other failures as failed, then lets the shopper retry', async () => {
    const o = await order()
    const first = await startPayment(o.id)
    expect((await settle(first.checkoutRequestId, 1032)).value).toMatchObject({
      paymentStatus: 'cancelled',
      orderPaymentStatus: 'cancelled',
      orderStatus: 'pending',
    })
    const second = await startPayment(o.id)
    expect((await settle(second.checkoutRequestId, 2001)).value).toMatchObject({
      paymentStatus: 'failed',
      orderPaymentStatus: 'failed',
    })
    const third = await startPayment(o.id)
    expect(
      (await db.pg.query('select payment_status from public.orders where id = $1', [o.id])).rows,
    ).toEqual([{ payment_status: 'pending' }])
    expect((await settle(third.checkoutRequestId, 0, 'QK74RETRY')).value).toMatchObject({
      orderPaymentStatus: 'paid',
    })
  })

  it('refuses a payment result whose amount is not the order total, leaving it pending', async () => {
    const o = await order()
    const { checkoutRequestId } = await startPayment(o.id)
    const res = await settle(checkoutRequestId, 0, 'QK75LOW', 1)
    expect(res.error?.code).toBe('PT409')
    expect(detailOf(res.error).code).toBe('amount_mismatch')
    expect(
      (
        await db.pg.query('select status from public.payments where checkout_request_id = $1', [
          checkoutRequestId,
        ])
      ).rows,
    ).toEqual([{ status: 'pending' }])
  })

  it('refuses unknown checkout ids, cash orders and cancelled orders', async () => {
    expect((await settle('ws_CO_unknown', 0)).error?.code).toBe('PT404')
    const cash = await order({ paymentMethod: 'cod' })
    const cashPush = await call(
      db,
      service,
      `select public.record_payment_request($1, '0712345678', 'ws_CO_cash') as value`,
      [cash.id],
    )
    expect(detailOf(cashPush.error).code).toBe('not_mpesa')
    const cancelled = await order()
    await setStatus(manager, cancelled.id, 'cancelled')
    const late = await call(
      db,
      service,
      `select public.record_payment_request($1, '0712345678', 'ws_CO_late') as value`,
      [cancelled.id],
    )
    expect(detailOf(late.error).code).toBe('order_cancelled')
  })
})

describe('order status', () => {
  it('follows pending → confirmed → dispatched → delivered for a cash order and records the cash', async () => {
    const o = await order({ paymentMethod: 'cod' })
    for (const status of ['confirmed', 'dispatched', 'delivered']) {
      const res = await setStatus(manager, o.id, status)
      expect(res.error).toBeNull()
      expect(res.value!.status).toBe(status)
    }
    const done = await db.pg.query<{ payment_status: string }>(
      'select payment_status from public.orders where id = $1',
      [o.id],
    )
    expect(done.rows[0]!.payment_status).toBe('paid')
    const cash = await db.pg.query(
      'select provider, amount, status from public.payments where order_id = $1',
      [o.id],
    )
    expect(cash.rows).toEqual([{ provider: 'cod', amount: o.total, status: 'paid' }])
  })

  it('refuses skipped and backward steps, and shipping an unpaid M-Pesa order', async () => {
    const o = await order()
    const skip = await setStatus(manager, o.id, 'delivered')
    expect(skip.error).toMatchObject({
      code: 'PT409',
      message: 'An order that is pending cannot become delivered.',
    })
    await setStatus(manager, o.id, 'confirmed')
    const unpaid = await setStatus(manager, o.id, 'dispatched')
    expect(detailOf(unpaid.error).code).toBe('not_paid')
    expect((await setStatus(manager, o.id, 'pending')).error?.code).toBe('PT409')
    expect((await setStatus(manager, o.id, 'lost')).error?.code).toBe('PT400')
    const same = await setStatus(manager, o.id, 'confirmed')
    expect(same.value!.status).toBe('confirmed')
  })

  it('puts the stock back when an order is cancelled, and a cancelled order stays cancelled', async () => {
    const before = await stockOf(db, 'lc-bag')
    const o = await order({}, 3)
    expect(await stockOf(db, 'lc-bag')).toBe(before - 3)
    const res = await setStatus(admin, o.id, 'cancelled')
    expect(res.value).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' })
    expect(await stockOf(db, 'lc-bag')).toBe(before)
    expect((await setStatus(admin, o.id, 'confirmed')).error?.code).toBe('PT409')
    expect(await stockOf(db, 'lc-bag')).toBe(before)
  })

  it('lets the server change status with the service key', async () => {
    const o = await order({ paymentMethod: 'cod' })
    expect((await setStatus(service, o.id, 'confirmed')).value!.status).toBe('confirmed')
  })
})

describe('affiliate commission (item 13)', () => {
  it('earns nothing until the payment is confirmed, then 10% of the goods total', async () => {
    const o = await order({ affiliateCode: 'amani' })
    expect(await commissionOf(o.id)).toBeNull()
    await setStatus(manager, o.id, 'confirmed')
    expect(await commissionOf(o.id)).toBeNull()
    const { checkoutRequestId } = await startPayment(o.id)
    await settle(checkoutRequestId, 1032)
    expect(await commissionOf(o.id)).toBeNull()
    const retry = await startPayment(o.id)
    await settle(retry.checkoutRequestId, 0, 'QK76PAID')
    // 2 bags at 3000 less 10% = 5400 goods (delivery is not commissioned): 10% is 540.
    expect(await commissionOf(o.id)).toEqual({ status: 'pending', amount: 540, base_amount: 5400 })
    await setStatus(manager, o.id, 'dispatched')
    await setStatus(manager, o.id, 'delivered')
    expect((await commissionOf(o.id))!.status).toBe('approved')
  })

  it('reverses the commission when a paid order is cancelled', async () => {
    const o = await order({ affiliateCode: 'amani' })
    const { checkoutRequestId } = await startPayment(o.id)
    await settle(checkoutRequestId, 0, 'QK77CANCEL')
    expect((await commissionOf(o.id))!.status).toBe('pending')
    await setStatus(manager, o.id, 'cancelled')
    expect((await commissionOf(o.id))!.status).toBe('reversed')
    const doc = await db.pg.query(
      'select status, payment_status from public.orders where id = $1',
      [o.id],
    )
    // Money received stays recorded as paid: staff refund it.
    expect(doc.rows[0]).toEqual({ status: 'cancelled', payment_status: 'paid' })
  })

  it('pays no commission on a referral to oneself, even once paid', async () => {
    const o = await order({ affiliateCode: 'amani' }, 2, affiliateUser)
    const { checkoutRequestId } = await startPayment(o.id)
    await settle(checkoutRequestId, 0, 'QK78SELF')
    expect(await commissionOf(o.id)).toBeNull()
  })

  it('earns nothing once the affiliate is suspended', async () => {
    const o = await order({ affiliateCode: 'amani' })
    await call(db, manager, "select public.review_affiliate($1, 'suspended') as value", [
      affiliateId,
    ])
    const { checkoutRequestId } = await startPayment(o.id)
    await settle(checkoutRequestId, 0, 'QK79SUSP')
    expect(await commissionOf(o.id)).toBeNull()
    await call(db, manager, "select public.review_affiliate($1, 'approved') as value", [
      affiliateId,
    ])
  })

  it('pays out approved commission once, by an admin only', async () => {
    const due = await db.pg.query<{ n: number }>(
      `select coalesce(sum(amount), 0)::int as n from public.commissions where affiliate_id = $1 and status = 'approved'`,
      [affiliateId],
    )
    expect(due.rows[0]!.n).toBeGreaterThan(0)
    const refused = await call(db, manager, "select public.create_payout($1, 'QK7PAY1') as value", [
      affiliateId,
    ])
    expect(refused.error?.code).toBe('42501')
    const payout = await call<{ amount: number; status: string }>(
      db,
      admin,
      "select public.create_payout($1, 'QK7PAY1') as value",
      [affiliateId],
    )
    expect(payout.value).toMatchObject({ amount: due.rows[0]!.n, status: 'paid' })
    const again = await call(db, admin, "select public.create_payout($1, 'QK7PAY2') as value", [
      affiliateId,
    ])
    expect(detailOf(again.error).code).toBe('nothing_due')
    const own = await act(db, affiliateUser, 'select amount, status from public.payouts')
    expect(own.rows).toEqual([{ amount: due.rows[0]!.n, status: 'paid' }])
    const commissions = await act<{ status: string }>(
      db,
      affiliateUser,
      'select status from public.commissions',
    )
    expect(commissions.rows.filter((r) => r.status === 'approved')).toEqual([])
    expect(commissions.rows.filter((r) => r.status === 'paid').length).toBeGreaterThan(0)
  })
})
