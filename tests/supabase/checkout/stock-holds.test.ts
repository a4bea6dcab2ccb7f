/**
 * Stock is held only while it is being paid for, against the real server with supabase-js: an unpaid
 * M-Pesa order gives its stock back after the store's hold, an unconfirmed cash order after its longer
 * one, each marked expired with the shopper told (order page and email); a payment arriving after the
 * release never revives the order; staff see what is held. The release runs as the local scheduler
 * runs it (and as pg_cron calls it on the hosted project).
 */
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalScheduler } from '../../../supabase/local/scheduler'
import { startTestServer, uniqueEmail, type TestServer } from '../../support/server'
import { addProduct, signIn } from '../admin/admin-kit'

let server: TestServer
let manager: SupabaseClient
let anon: SupabaseClient

interface Placed {
  id: string
  orderNumber: string
  accessToken: string
  status: string
  paymentStatus: string
  paymentDueAt: string | null
  expiredAt?: string | null
}

async function place(productId: string, paymentMethod: string, email = uniqueEmail('hold')) {
  const { data, error } = await anon.rpc('place_order', {
    payload: {
      clientOrderId: randomUUID(),
      items: [{ productId, quantity: 2 }],
      contact: { name: 'Otieno Odhiambo', email, phone: `07${randomDigits(8)}` },
      delivery: { method: 'delivery', county: 'Kisumu', town: 'Kisumu', street: randomUUID() },
      paymentMethod,
    },
  })
  expect(error).toBeNull()
  return data as Placed
}

const randomDigits = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('')

const stock = async (id: string) =>
  (
    await server.server.db.pg.query<{ stock: number }>(
      'select stock from public.products where id = $1',
      [id],
    )
  ).rows[0]!.stock

/** Moves an order's hold deadline into the past, as time passing would. */
const lapse = (...ids: string[]) =>
  server.server.db.pg.query(
    `update public.orders set payment_due_at = now() - interval '1 second' where id = any($1)`,
    [ids],
  )

/** The release as the local server's scheduler runs it. */
async function runScheduler() {
  const logged: string[] = []
  const scheduler = startLocalScheduler(server.server.db, (m) => logged.push(m))
  await scheduler.runNow()
  await scheduler.stop()
  return logged
}

const byToken = async (order: Placed) =>
  (
    await anon.rpc('order_by_token', {
      order_number: order.orderNumber,
      token: order.accessToken,
    })
  ).data as Placed

beforeAll(async () => {
  server = await startTestServer({ seedStaff: true })
  manager = await signIn(server, 'manager@luxekenya.test')
  anon = server.client()
  await addProduct(server, { id: 'sh-bag', price: 9000, stock: 20 })
  await addProduct(server, { id: 'sh-belt', price: 4000, stock: 20 })
})

afterAll(async () => {
  await server?.close()
})

describe('how long stock is held', () => {
  it('comes from the store settings: 15 minutes to pay online, 48 hours for staff to confirm cash', async () => {
    const settings = await anon
      .from('store_settings')
      .select('online_payment_hold_minutes, cod_confirm_hours')
      .single()
    expect(settings.data).toEqual({ online_payment_hold_minutes: 15, cod_confirm_hours: 48 })
    const minutesLeft = (order: Placed) => (Date.parse(order.paymentDueAt!) - Date.now()) / 60_000
    const mpesa = await place('sh-bag', 'mpesa')
    expect(minutesLeft(mpesa)).toBeGreaterThan(14)
    expect(minutesLeft(mpesa)).toBeLessThanOrEqual(15)
    const cod = await place('sh-belt', 'cod')
    expect(minutesLeft(cod) / 60).toBeGreaterThan(47.9)
    expect(minutesLeft(cod) / 60).toBeLessThanOrEqual(48)
  })
})

describe('releasing lapsed holds', () => {
  it('gives back an unpaid M-Pesa order, marks it expired and tells the shopper', async () => {
    const email = uniqueEmail('expired')
    const before = await stock('sh-bag')
    const order = await place('sh-bag', 'mpesa', email)
    const waiting = await place('sh-bag', 'mpesa')
    expect(await stock('sh-bag')).toBe(before - 4)

    // Before its time nothing happens; after it, the scheduler releases it (and only it).
    expect(await runScheduler()).toEqual([])
    await lapse(order.id)
    expect(await runScheduler()).toEqual([`released unpaid orders: ${order.orderNumber}`])
    expect(await stock('sh-bag')).toBe(before - 2)

    const seen = await byToken(order)
    expect(seen).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' })
    expect(Date.parse(seen.expiredAt!)).toBeGreaterThan(Date.now() - 60_000)
    expect((await byToken(waiting)).expiredAt).toBeNull()

    await server.server.mailer.flush()
    const mail = server.server.inbox.latest(email)
    expect(mail?.subject).toBe(`Order ${order.orderNumber} has expired`)
    expect(mail?.text).toContain('was not paid in time')
    expect(mail?.text).toContain(`/order/${order.orderNumber}?token=${order.accessToken}`)

    // Released once: running again changes nothing, and a prompt to pay it is refused.
    expect(await runScheduler()).toEqual([])
    const prompt = await server.admin().rpc('record_payment_request', {
      order_id: order.id,
      phone: '0712345678',
      checkout_request_id: `ws_CO_${randomUUID()}`,
    })
    expect(prompt.error?.message).toBe('This order was cancelled.')
  })

  it('gives back a cash order staff did not confirm in time, but keeps a confirmed one', async () => {
    const before = await stock('sh-belt')
    const email = uniqueEmail('cash')
    const unconfirmed = await place('sh-belt', 'cod', email)
    const confirmed = await place('sh-belt', 'cod')
    expect(
      (await manager.rpc('set_order_status', { order_id: confirmed.id, status: 'confirmed' }))
        .error,
    ).toBeNull()
    await lapse(unconfirmed.id, confirmed.id)
    const released = await server.admin().rpc('release_unpaid_orders')
    expect(released.data).toEqual([unconfirmed.orderNumber])
    expect(await stock('sh-belt')).toBe(before - 2)
    expect(await byToken(confirmed)).toMatchObject({ status: 'confirmed', expiredAt: null })
    await server.server.mailer.flush()
    expect(server.server.inbox.latest(email)?.text).toContain('was not confirmed in time')
  })

  it('waits while a payment prompt is being answered, then a late payment is refunded, never revived', async () => {
    const before = await stock('sh-bag')
    const order = await place('sh-bag', 'mpesa')
    const checkout = `ws_CO_${randomUUID()}`
    const prompt = await server.admin().rpc('record_payment_request', {
      order_id: order.id,
      phone: '0712345678',
      checkout_request_id: checkout,
    })
    expect(prompt.error).toBeNull()
    await lapse(order.id)
    // The shopper may be typing their PIN: not yet.
    expect((await server.admin().rpc('release_unpaid_orders')).data).toEqual([])
    await server.server.db.pg.query(
      `update public.payments set created_at = now() - interval '3 minutes' where order_id = $1`,
      [order.id],
    )
    expect((await server.admin().rpc('release_unpaid_orders')).data).toEqual([order.orderNumber])
    expect(await stock('sh-bag')).toBe(before)

    // The money arrives after all: kept as a payment to refund; the order stays released.
    const result = await server.admin().rpc('record_payment_result', {
      checkout_request_id: checkout,
      result_code: 0,
      result_desc: 'The service request is processed successfully.',
      mpesa_receipt: 'TKR1LATE01',
      amount: prompt.data.amount,
    })
    expect(result.data).toMatchObject({
      paymentStatus: 'failed',
      resultDesc: 'Paid after the order was released. Refund due.',
      orderStatus: 'cancelled',
      orderPaymentStatus: 'cancelled',
    })
    expect(await stock('sh-bag')).toBe(before)
  })

  it('is for staff and the server only', async () => {
    const refused = await anon.rpc('release_unpaid_orders')
    expect(refused.error?.code).toBe('42501')
    const shopper = (await server.signUpUser()).client
    expect((await shopper.rpc('release_unpaid_orders')).error?.message).toBe(
      'Only staff can release unpaid orders.',
    )
    expect((await manager.rpc('release_unpaid_orders')).error).toBeNull()
  })
})

describe('held stock', () => {
  it('staff see the units unpaid orders hold; shoppers cannot', async () => {
    await addProduct(server, { id: 'sh-scarf', price: 3000, stock: 10 })
    const unpaid = await place('sh-scarf', 'mpesa')
    await place('sh-scarf', 'cod')
    const held = await manager.rpc('held_stock')
    expect(held.error).toBeNull()
    expect(held.data).toContainEqual({ productId: 'sh-scarf', size: null, held: 4 })
    await lapse(unpaid.id)
    await server.admin().rpc('release_unpaid_orders')
    expect((await manager.rpc('held_stock')).data).toContainEqual({
      productId: 'sh-scarf',
      size: null,
      held: 2,
    })
    expect((await anon.rpc('held_stock')).error?.code).toBe('42501')
    const shopper = (await server.signUpUser()).client
    expect((await shopper.rpc('held_stock')).error?.message).toBe('Only staff can see held stock.')
  })
})
