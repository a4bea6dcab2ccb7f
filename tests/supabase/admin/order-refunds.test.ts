/**
 * Refunds against the real server: by lines and quantities plus an extra amount, partial then full; never
 * more than was paid (also two at once); stock back into the sizes sold and the commission shrunk in
 * proportion; the shopper sees and is emailed each refund; admins only; each refund in the audit trail.
 * Provider refunds (M-Pesa, card) wait for the provider's answer; bank and cash are recorded by hand.
 */
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../support/server'
import { uniqueEmail } from '../../support/server'
import {
  addProduct,
  advance,
  callers,
  settleMpesa,
  signIn,
  startAdminServer,
  type Callers,
  type OrderDoc,
} from './admin-kit'

let server: TestServer
let who: Callers

beforeAll(async () => {
  server = await startAdminServer()
  await addProduct(server, { id: 'rf-bag', price: 3000, stock: 20 })
  await addProduct(server, { id: 'rf-dress', price: 5000, stock: 0 })
  await server.server.db.pg.query(
    `update public.products set sizes = '{S,M}' where id = 'rf-dress'`,
  )
  await server.server.db.pg.query(
    `insert into public.product_sizes (product_id, size, stock) values ('rf-dress', 'S', 10), ('rf-dress', 'M', 10)`,
  )
  who = await callers(server, 'rf-amina')
})
afterAll(() => server?.close())

type Order = OrderDoc & { accessToken: string; deliveryFee: number }

/** Two dresses in size S and a bag, for `client`, referred by the test's affiliate. */
async function placeTwoLines(
  client: SupabaseClient,
  paymentMethod: 'mpesa' | 'cod' | 'bank',
  email = uniqueEmail('rf-buyer'),
): Promise<Order> {
  const { data, error } = await client.rpc('place_order', {
    payload: {
      clientOrderId: randomUUID(),
      items: [
        { productId: 'rf-dress', size: 'S', quantity: 2 },
        { productId: 'rf-bag', quantity: 1 },
      ],
      contact: { name: 'Wanjiru Kamau', email, phone: '0712345678' },
      delivery: { method: 'delivery', county: 'Kiambu', town: 'Thika', street: 'Kenyatta Hwy' },
      paymentMethod,
      affiliateCode: 'rf-amina',
      affiliateCapturedAt: new Date().toISOString(),
    },
  })
  if (error) throw new Error(error.message)
  return data as Order
}

const stock = async () => {
  const { rows } = await server.server.db.pg.query<{
    id: string
    size: string | null
    stock: number
  }>(
    `select p.id, s.size, coalesce(s.stock, p.stock) as stock
       from public.products p left join public.product_sizes s on s.product_id = p.id
      where p.id in ('rf-bag', 'rf-dress') order by p.id, s.size`,
  )
  return Object.fromEntries(rows.map((r) => [r.size ? `${r.id}:${r.size}` : r.id, r.stock]))
}

const commission = async (orderId: string) =>
  (
    await server.server.db.pg.query<{ amount: number; reversed_amount: number; status: string }>(
      'select amount, reversed_amount, status from public.commissions where order_id = $1',
      [orderId],
    )
  ).rows[0]

const refund = (
  client: SupabaseClient,
  order: { id: string },
  lines: { lineNo: number; quantity: number }[],
  extra = 0,
  reference?: string,
) =>
  client.rpc('refund_order', {
    order_id: order.id,
    lines,
    extra_amount: extra,
    reason: 'Wrong size delivered',
    ...(reference ? { reference } : {}),
  })

/** The provider's answer, as the payments function records it after sending the money. */
const settle = async (refundId: string, succeeded = true) => {
  const { data, error } = await server.admin().rpc('record_refund_result', {
    refund_id: refundId,
    succeeded,
    reference: succeeded ? 'SRV7REFUND1' : null,
    failure: succeeded ? null : 'The reversal was declined.',
  })
  if (error) throw new Error(error.message)
  return data as { status: string; amount: number }
}

const asShopper = async (order: Order) => {
  const { data, error } = await who.anon.rpc('order_by_token', {
    order_number: order.orderNumber,
    token: order.accessToken,
  })
  if (error) throw new Error(error.message)
  return data as {
    status: string
    paymentStatus: string
    refundedTotal: number
    refunds: { amount: number; reason: string; method: string }[]
  }
}

describe('refunds', () => {
  it('refunds part of an M-Pesa order by lines, then the rest, through the provider', async () => {
    const email = uniqueEmail('rf-mpesa')
    const order = await placeTwoLines(who.anon, 'mpesa', email)
    await settleMpesa(server, order, 0)
    const before = await stock()
    const earned = (await commission(order.id))!
    expect(earned.amount).toBe(1300)

    // One dress: pending until the provider has sent the money back.
    const first = await refund(who.admin, order, [{ lineNo: 1, quantity: 1 }])
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({ amount: 5000, status: 'pending', channel: 'provider' })
    expect(first.data.payment).toMatchObject({ provider: 'mpesa', amount: order.total })
    expect(await stock()).toEqual(before)
    expect((await asShopper(order)).refunds).toEqual([])

    expect(await settle(first.data.id)).toMatchObject({ status: 'completed' })
    expect(await settle(first.data.id)).toMatchObject({ status: 'completed' })
    expect(await stock()).toEqual({ ...before, 'rf-dress:S': before['rf-dress:S']! + 1 })
    const paid = order.total
    expect(await commission(order.id)).toEqual({
      amount: Math.floor((1300 * (paid - 5000)) / paid),
      reversed_amount: 1300 - Math.floor((1300 * (paid - 5000)) / paid),
      status: 'pending',
    })
    let seen = await asShopper(order)
    expect(seen).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', refundedTotal: 5000 })
    expect(seen.refunds).toEqual([
      expect.objectContaining({ amount: 5000, reason: 'Wrong size delivered', method: 'mpesa' }),
    ])
    await server.server.mailer.flush()
    const mail = server.server.inbox.latest(email)
    expect(mail?.subject).toBe(`Order ${order.orderNumber}: KSh 5,000 refunded`)
    expect(mail?.text).toContain('to your M-Pesa')

    // The rest: the other dress, the bag and the delivery fee.
    const rest = await refund(
      who.admin,
      order,
      [
        { lineNo: 1, quantity: 1 },
        { lineNo: 2, quantity: 1 },
      ],
      order.deliveryFee,
    )
    expect(rest.error).toBeNull()
    expect(rest.data.amount).toBe(paid - 5000)
    await settle(rest.data.id)
    seen = await asShopper(order)
    expect(seen).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      refundedTotal: paid,
    })
    expect(await stock()).toEqual({
      ...before,
      'rf-dress:S': before['rf-dress:S']! + 2,
      'rf-bag': before['rf-bag']! + 1,
    })
    expect(await commission(order.id)).toEqual({
      amount: 0,
      reversed_amount: 1300,
      status: 'reversed',
    })
    const again = await refund(who.admin, order, [], 1)
    expect(again.error?.message).toBe('This order is already refunded in full.')
  })

  it('never refunds more than was paid, nor a unit twice', async () => {
    const order = await placeTwoLines(who.anon, 'mpesa')
    await settleMpesa(server, order, 0)
    const tooMuch = await refund(who.admin, order, [], order.total + 1)
    expect(tooMuch.error?.code).toBe('PT409')
    expect(tooMuch.error?.message).toBe(
      `That is more than is left to refund: KSh ${order.total.toLocaleString('en-KE')} of KSh ${order.total.toLocaleString('en-KE')} paid.`,
    )
    const threeDresses = await refund(who.admin, order, [{ lineNo: 1, quantity: 3 }])
    expect(threeDresses.error?.message).toBe('Only 2 of "Test rf-dress" can still be refunded.')
    const noLine = await refund(who.admin, order, [{ lineNo: 9, quantity: 1 }])
    expect(noLine.error?.message).toBe('The order has no line 9.')
    const twice = await refund(who.admin, order, [
      { lineNo: 2, quantity: 1 },
      { lineNo: 2, quantity: 1 },
    ])
    expect(twice.error?.message).toBe('Each line can appear once in a refund.')
    const fraction = await refund(who.admin, order, [{ lineNo: 1, quantity: 0.5 }])
    expect(fraction.error?.code).toBe('PT400')
    expect((await refund(who.admin, order, [], -5)).error?.code).toBe('PT400')
    expect((await refund(who.admin, order, [])).error?.message).toBe(
      'Choose the items to refund or enter an amount.',
    )
    const noReason = await who.admin.rpc('refund_order', {
      order_id: order.id,
      lines: [],
      extra_amount: 100,
      reason: ' ',
    })
    expect(noReason.error?.message).toBe('Give the reason for the refund (3 to 500 characters).')

    // A pending refund counts: the bag is held by it, and so is its amount.
    const bag = await refund(who.admin, order, [{ lineNo: 2, quantity: 1 }])
    expect(bag.error).toBeNull()
    expect((await refund(who.admin, order, [{ lineNo: 2, quantity: 1 }])).error?.message).toBe(
      'Only 0 of "Test rf-bag" can still be refunded.',
    )
    // Refused by the provider: the bag may be refunded again.
    expect(await settle(bag.data.id, false)).toMatchObject({ status: 'failed' })
    expect((await refund(who.admin, order, [{ lineNo: 2, quantity: 1 }])).error).toBeNull()
    // Nothing moved for the refusals: only what the database accepted is held.
    const { rows } = await server.server.db.pg.query(
      `select line_no, refunded_quantity from public.order_items where order_id = $1 order by line_no`,
      [order.id],
    )
    expect(rows).toEqual([
      { line_no: 1, refunded_quantity: 0 },
      { line_no: 2, refunded_quantity: 1 },
    ])
  })

  it('two refunds at the same moment cannot together exceed what was paid', async () => {
    const order = await placeTwoLines(who.anon, 'mpesa')
    await settleMpesa(server, order, 0)
    const share = Math.ceil(order.total * 0.6)
    // Two admin sessions, two connections on PostgreSQL: the order's row lock makes them take turns.
    const second = await signIn(server, 'admin@luxekenya.test')
    const [a, b] = await Promise.all([
      refund(who.admin, order, [], share),
      refund(second, order, [], share),
    ])
    const outcomes = [a, b].map((r) => (r.error ? r.error.code : 'ok')).sort()
    expect(outcomes).toEqual(['PT409', 'ok'])
    const { rows } = await server.server.db.pg.query<{ total: number }>(
      `select coalesce(sum(amount), 0)::integer as total from public.refunds where order_id = $1`,
      [order.id],
    )
    expect(rows[0]!.total).toBe(share)
  })

  it('records bank and cash refunds by hand with their reference', async () => {
    const email = uniqueEmail('rf-cash')
    const order = await placeTwoLines(who.anon, 'cod', email)
    const early = await refund(who.admin, order, [{ lineNo: 2, quantity: 1 }], 0, 'QK12345678')
    expect(early.error?.message).toBe('This order is not paid, so there is nothing to refund.')
    await advance(who.manager, order.id, 'confirmed', 'dispatched', 'delivered')
    const before = await stock()

    const noRef = await refund(who.admin, order, [{ lineNo: 2, quantity: 1 }])
    expect(noRef.error?.message).toMatch(/^Enter the reference of the refund you made/)
    const done = await refund(who.admin, order, [{ lineNo: 2, quantity: 1 }], 0, 'qk12345678')
    expect(done.error).toBeNull()
    expect(done.data).toMatchObject({
      amount: 3000,
      status: 'completed',
      channel: 'manual',
      method: 'cod',
      reference: 'QK12345678',
    })
    expect(await stock()).toEqual({ ...before, 'rf-bag': before['rf-bag']! + 1 })
    expect((await commission(order.id))!.status).toBe('approved')
    await server.server.mailer.flush()
    expect(server.server.inbox.latest(email)?.text).toContain('Reference: QK12345678')
  })

  it('lets only admins refund; managers see refunds, shoppers only their own; the trail keeps each', async () => {
    const owner = await server.signUpUser(uniqueEmail('rf-owner'))
    const order = await placeTwoLines(owner.client, 'mpesa', owner.email)
    await settleMpesa(server, order, 0)

    for (const caller of [who.manager, owner.client, who.anon, who.shopper]) {
      const refused = await refund(caller, order, [{ lineNo: 2, quantity: 1 }])
      expect(refused.error?.code).toMatch(/^(42501|PGRST202)$/)
    }
    const made = await refund(who.admin, order, [{ lineNo: 2, quantity: 1 }])
    expect(made.error).toBeNull()
    // Only the payments function settles a provider refund.
    const forged = await who.admin.rpc('record_refund_result', {
      refund_id: made.data.id,
      succeeded: true,
    })
    expect(forged.error?.code).toBe('42501')
    await settle(made.data.id)

    const mine = await owner.client.from('refunds').select('amount, order_id')
    expect(mine.data).toEqual([{ amount: 3000, order_id: order.id }])
    const others = await who.shopper.from('refunds').select('id')
    expect(others.data).toEqual([])
    const staffView = await who.manager.from('refunds').select('id').eq('order_id', order.id)
    expect(staffView.data).toHaveLength(1)
    const written = await who.admin
      .from('refunds')
      .update({ amount: 1 })
      .eq('id', made.data.id)
      .select()
    expect(written.error?.code).toBe('42501')

    const trail = await who.admin
      .from('audit_log')
      .select('action, actor_role, table_name, subject_id, after')
      .eq('table_name', 'refunds')
      .eq('subject_id', order.id)
      .order('id')
    expect(trail.data?.map((row) => [row.action, row.actor_role])).toEqual([
      ['insert', 'admin'],
      ['update', 'service_role'],
    ])
    expect(trail.data?.[0]?.after).toMatchObject({ amount: 3000, reason: 'Wrong size delivered' })
  })
})
