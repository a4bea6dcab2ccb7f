/**
 * Referral attribution end to end over the API: a code captured from a link earns
 * commission only for an approved affiliate, only within 30 days, never on the affiliate's own orders,
 * only once the payment is confirmed by the server, and is reversed when the order is cancelled. Junk
 * in `?ref=` never breaks an order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail, type TestServer } from '../../support/server'
import {
  addProduct,
  advance,
  callers,
  placeOrder,
  settleMpesa,
  startAdminServer,
  type Callers,
} from './admin-kit'

let server: TestServer
let who: Callers
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  server = await startAdminServer()
  await addProduct(server, { id: 'ref-dress', price: 12345, discount: 20, stock: 500 })
  who = await callers(server, 'ref-amina')
})

afterAll(async () => {
  await server?.close()
})

async function commissionOf(orderId: string) {
  const { data } = await who.manager
    .from('commissions')
    .select('amount, status, commission_percent, base_amount')
    .eq('order_id', orderId)
  return data?.[0] ?? null
}

describe('attribution', () => {
  it('credits a paid cash order when delivered, on the goods total after discounts', async () => {
    // The link carries the code in capitals; the app keeps it that way and the database lower-cases it.
    const order = await placeOrder(who.anon, { productId: 'ref-dress', affiliateCode: 'REF-AMINA' })
    expect(order.affiliateCode).toBe('ref-amina')
    await advance(who.manager, order.id, 'confirmed', 'dispatched')
    expect(await commissionOf(order.id)).toBeNull()
    await advance(who.manager, order.id, 'delivered')
    // 12,345 at 20% off is 9,876; 10% of that, rounded down.
    expect(await commissionOf(order.id)).toEqual({
      amount: 987,
      status: 'approved',
      commission_percent: 10,
      base_amount: 9876,
    })
  })

  it('credits M-Pesa only once the server has the payment, and reverses it on cancellation', async () => {
    const failed = await placeOrder(who.anon, {
      productId: 'ref-dress',
      paymentMethod: 'mpesa',
      affiliateCode: 'ref-amina',
    })
    await settleMpesa(server, failed, 1)
    expect(await commissionOf(failed.id)).toBeNull()

    const paid = await placeOrder(who.anon, {
      productId: 'ref-dress',
      paymentMethod: 'mpesa',
      affiliateCode: 'ref-amina',
    })
    await settleMpesa(server, paid, 0)
    expect(await commissionOf(paid.id)).toMatchObject({ amount: 987, status: 'pending' })
    await advance(who.manager, paid.id, 'cancelled')
    expect(await commissionOf(paid.id)).toMatchObject({ status: 'reversed' })
    const mine = (await who.affiliate.rpc('my_affiliate')).data as {
      totals: Record<string, number>
    }
    expect(mine.totals.reversed).toBe(987)
  })

  it('pays nothing on the affiliate’s own orders: same account, email or payout phone', async () => {
    const ownAccount = await placeOrder(who.affiliate, {
      productId: 'ref-dress',
      affiliateCode: 'ref-amina',
    })
    const ownEmail = await placeOrder(who.anon, {
      productId: 'ref-dress',
      affiliateCode: 'ref-amina',
      email: who.affiliateEmail.toUpperCase(),
    })
    const ownPhone = await placeOrder(who.anon, {
      productId: 'ref-dress',
      affiliateCode: 'ref-amina',
      phone: '+254 722 000 111',
    })
    for (const order of [ownAccount, ownEmail, ownPhone]) {
      expect(order.affiliateCode).toBeNull()
      await advance(who.manager, order.id, 'confirmed', 'dispatched', 'delivered')
      expect(await commissionOf(order.id)).toBeNull()
    }
  })

  it('ignores a code captured more than 30 days ago', async () => {
    const stale = await placeOrder(who.anon, {
      productId: 'ref-dress',
      affiliateCode: 'ref-amina',
      affiliateCapturedAt: new Date(Date.now() - 31 * DAY).toISOString(),
    })
    expect(stale.affiliateCode).toBeNull()
    const fresh = await placeOrder(who.anon, {
      productId: 'ref-dress',
      affiliateCode: 'ref-amina',
      affiliateCapturedAt: new Date(Date.now() - 29 * DAY).toISOString(),
    })
    expect(fresh.affiliateCode).toBe('ref-amina')
  })

  it('stores junk codes harmlessly: the order goes through without a referral', async () => {
    const junk = [
      '<script>alert(1)</script>',
      "x' or 1=1 --",
      'ref-amina; drop table orders',
      'x'.repeat(10_000),
      '../../etc/passwd',
    ]
    for (const code of junk) {
      const order = await placeOrder(who.anon, { productId: 'ref-dress', affiliateCode: code })
      expect(order.affiliateCode).toBeNull()
    }
    const { count } = await who.manager.from('orders').select('id', { count: 'exact', head: true })
    expect(count).toBeGreaterThan(0)
  })

  it('credits only approved affiliates, at the rate staff set', async () => {
    const applicant = await server.signUpUser(uniqueEmail('applicant'))
    const applied = await applicant.client
      .from('affiliates')
      .insert({ code: 'ref-pending' })
      .select('id, status')
      .single()
    expect(applied.data?.status).toBe('pending')
    const early = await placeOrder(who.anon, {
      productId: 'ref-dress',
      affiliateCode: 'ref-pending',
    })
    expect(early.affiliateCode).toBeNull()

    await who.manager.rpc('review_affiliate', {
      affiliate_id: applied.data!.id,
      status: 'approved',
      commission_percent: 15,
    })
    const approved = await placeOrder(who.anon, {
      productId: 'ref-dress',
      affiliateCode: 'ref-pending',
    })
    await advance(who.manager, approved.id, 'confirmed', 'dispatched', 'delivered')
    expect(await commissionOf(approved.id)).toMatchObject({ amount: 1481, commission_percent: 15 })

    await who.manager.rpc('review_affiliate', {
      affiliate_id: applied.data!.id,
      status: 'suspended',
    })
    const suspended = await placeOrder(who.anon, {
      productId: 'ref-dress',
      affiliateCode: 'ref-pending',
    })
    expect(suspended.affiliateCode).toBeNull()
  })

  it('pays out approved commission once, and the affiliate sees it paid', async () => {
    const before = (await who.admin.rpc('admin_affiliates')).data as { id: string; due: number }[]
    const due = before.find((a) => a.id === who.affiliateId)!.due
    expect(due).toBeGreaterThan(0)
    const payout = await who.admin.rpc('create_payout', {
      affiliate_id: who.affiliateId,
      mpesa_reference: 'QREF0000001',
      note: 'November',
    })
    expect(payout.data).toMatchObject({ amount: due, status: 'paid' })
    const again = await who.admin.rpc('create_payout', { affiliate_id: who.affiliateId })
    expect(again.status).toBe(409)
    expect(again.error?.message).toBe('This affiliate has no approved commission to pay.')

    const mine = (await who.affiliate.rpc('my_affiliate')).data as {
      totals: Record<string, number>
      payouts: { amount: number; mpesaReference: string }[]
    }
    expect(mine.totals.approved).toBe(0)
    expect(mine.totals.paid).toBe(due)
    expect(mine.payouts[0]).toMatchObject({ amount: due, mpesaReference: 'QREF0000001' })
  })
})
