/**
 * The figures the admin overview, the affiliates and payouts pages and the affiliate dashboard show,
 * computed by the database: checked against orders whose numbers are known by construction.
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

interface Overview {
  days: number
  from: string
  to: string
  revenue: number
  orders: number
  paidOrders: number
  cancelledOrders: number
  averageOrderValue: number | null
  mpesa: { paid: number; failed: number; cancelled: number; pending: number; successRate: number }
  daily: { date: string; orders: number; revenue: number }[]
  topProducts: { productId: string; name: string; units: number; revenue: number }[]
  lowStock: { id: string; stock: number }[]
  lowStockCount: number
  waiting: { pendingOrders: number; affiliateApplications: number }
}

let server: TestServer
let who: Callers
let baselineLowStock: number

beforeAll(async () => {
  server = await startAdminServer()
  const db = server.server.db.pg
  baselineLowStock = (
    await db.query<{ n: number }>(
      'select count(*)::int as n from public.products where active and stock <= 5',
    )
  ).rows[0]!.n
  await addProduct(server, { id: 'rep-bag', price: 5000, stock: 100 })
  await addProduct(server, { id: 'rep-belt', price: 2000, stock: 2 })
  await addProduct(server, { id: 'rep-hidden', price: 2000, stock: 1, active: false })
  who = await callers(server, 'rep-amina')

  // 30-day window: two paid orders (15,000), one failed and one dismissed M-Pesa push, one cancellation.
  const cod = await placeOrder(who.anon, { productId: 'rep-bag', quantity: 2 })
  await advance(who.manager, cod.id, 'confirmed', 'dispatched', 'delivered')
  const mpesa = await placeOrder(who.anon, { productId: 'rep-bag', paymentMethod: 'mpesa' })
  await settleMpesa(server, mpesa, 0)
  const failed = await placeOrder(who.anon, { productId: 'rep-belt', paymentMethod: 'mpesa' })
  await settleMpesa(server, failed, 1)
  const dismissed = await placeOrder(who.anon, { productId: 'rep-belt', paymentMethod: 'mpesa' })
  await settleMpesa(server, dismissed, 1032)
  const cancelled = await placeOrder(who.anon, { productId: 'rep-bag', quantity: 3 })
  await advance(who.manager, cancelled.id, 'cancelled')

  // Paid 40 days ago: outside the 30-day window, inside the 90-day one.
  const old = await placeOrder(who.anon, { productId: 'rep-bag', quantity: 4 })
  await advance(who.manager, old.id, 'confirmed', 'dispatched', 'delivered')
  await db.query(`update public.orders set created_at = now() - interval '40 days' where id = $1`, [
    old.id,
  ])
})

afterAll(async () => {
  await server?.close()
})

describe('admin_overview', () => {
  it('adds up the last 30 days in the database', async () => {
    const { data, error } = await who.manager.rpc('admin_overview', { days: 30 })
    expect(error).toBeNull()
    const overview = data as Overview
    expect(overview).toMatchObject({
      days: 30,
      orders: 5,
      paidOrders: 2,
      cancelledOrders: 1,
      revenue: 15000,
      averageOrderValue: 7500,
      mpesa: { paid: 1, failed: 1, cancelled: 1, pending: 0, successRate: 0.3333 },
    })
    expect(overview.topProducts[0]).toMatchObject({
      productId: 'rep-bag',
      units: 3,
      revenue: 15000,
    })
    // The two unpaid belt orders took its last units; the archived product is never listed.
    expect(overview.lowStock.map((p) => p.id)).toContain('rep-belt')
    expect(overview.lowStock.map((p) => p.id)).not.toContain('rep-hidden')
    expect(overview.lowStockCount).toBe(baselineLowStock + 1)
    expect(overview.waiting).toMatchObject({ pendingOrders: 2, affiliateApplications: 0 })
  })

  it('gives one point per day for the chart, today last, summing to the totals', async () => {
    const overview = (await who.admin.rpc('admin_overview', { days: 30 })).data as Overview
    expect(overview.daily).toHaveLength(30)
    expect(overview.daily.at(-1)!.date).toBe(overview.to)
    expect(overview.daily[0]!.date).toBe(overview.from)
    expect(overview.daily.reduce((sum, d) => sum + d.orders, 0)).toBe(overview.orders)
    expect(overview.daily.reduce((sum, d) => sum + d.revenue, 0)).toBe(overview.revenue)
  })

  it('widens with the period, and refuses a period out of range', async () => {
    const quarter = (await who.manager.rpc('admin_overview', { days: 90 })).data as Overview
    expect(quarter).toMatchObject({ orders: 6, paidOrders: 3, revenue: 35000 })
    expect(quarter.daily).toHaveLength(90)
    for (const days of [0, 367]) {
      const refused = await who.manager.rpc('admin_overview', { days })
      expect(refused.status).toBe(400)
      expect(refused.error?.message).toBe('Choose a period from 1 to 366 days.')
    }
  })
})

describe('admin_affiliates', () => {
  it('lists applications first, with who applied and what they earned', async () => {
    const newcomer = await server.signUpUser(uniqueEmail('newcomer'), 'secret-pass-1', {
      full_name: 'Otieno Newcomer',
    })
    await newcomer.client.from('affiliates').insert({ code: 'rep-new', payout_phone: '0711222333' })
    const referred = await placeOrder(who.anon, {
      productId: 'rep-bag',
      affiliateCode: 'rep-amina',
    })
    await advance(who.manager, referred.id, 'confirmed', 'dispatched', 'delivered')
    const pending = await placeOrder(who.anon, {
      productId: 'rep-bag',
      paymentMethod: 'mpesa',
      affiliateCode: 'rep-amina',
    })
    await settleMpesa(server, pending, 0)

    const { data, error } = await who.manager.rpc('admin_affiliates')
    expect(error).toBeNull()
    const list = data as {
      code: string
      status: string
      name: string | null
      email: string
      payoutPhone: string
      referredOrders: number
      totals: Record<string, number>
      due: number
    }[]
    expect(list[0]).toMatchObject({
      code: 'rep-new',
      status: 'pending',
      name: 'Otieno Newcomer',
      email: newcomer.email,
      payoutPhone: '254711222333',
    })
    expect(list.find((a) => a.code === 'rep-amina')).toMatchObject({
      status: 'approved',
      name: 'Amina Wanjiku',
      email: who.affiliateEmail,
      referredOrders: 2,
      totals: { pending: 500, approved: 500, paid: 0, reversed: 0 },
      due: 500,
    })
  })
})

describe('my_affiliate', () => {
  it('shows the affiliate their orders, totals and payouts, and nobody else’s details', async () => {
    const buyerEmail = uniqueEmail('private-buyer')
    const order = await placeOrder(who.anon, {
      productId: 'rep-bag',
      affiliateCode: 'rep-amina',
      email: buyerEmail,
      name: 'Private Buyer',
      phone: '0799888777',
    })
    await advance(who.manager, order.id, 'confirmed', 'dispatched', 'delivered')
    await who.admin.rpc('create_payout', {
      affiliate_id: who.affiliateId,
      mpesa_reference: 'QREP000001',
    })

    const { data, error } = await who.affiliate.rpc('my_affiliate')
    expect(error).toBeNull()
    const mine = data as {
      code: string
      status: string
      orders: { orderNumber: string; status: string; orderValue: number; commission: unknown }[]
      totals: Record<string, number>
      payouts: { amount: number; status: string; mpesaReference: string }[]
    }
    expect(mine).toMatchObject({ code: 'rep-amina', status: 'approved' })
    expect(mine.orders[0]).toEqual({
      orderNumber: order.orderNumber,
      createdAt: expect.any(String),
      status: 'delivered',
      paymentStatus: 'paid',
      orderValue: 5000,
      commission: { amount: 500, status: 'paid' },
    })
    expect(mine.totals).toMatchObject({ approved: 0, paid: 1000 })
    expect(mine.payouts).toEqual([
      expect.objectContaining({ amount: 1000, status: 'paid', mpesaReference: 'QREP000001' }),
    ])
    const text = JSON.stringify(data)
    for (const secret of [
      buyerEmail,
      'Private Buyer',
      '254799888777',
      'accessToken',
      'Ring Road',
    ]) {
      expect(text).not.toContain(secret)
    }
  })
})
