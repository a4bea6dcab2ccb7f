/**
 * The database's public interface as the app sees it: supabase-js against the local server. Checks the
 * HTTP statuses and error bodies the checkout, account and admin screens rely on.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  expandCatalogue,
  expandDetails,
} from '../../../supabase/functions/_shared/catalogue-format'
import { startTestServer, type TestServer } from '../../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  await server.server.db.pg.query(
    `insert into public.products (id, slug, name, category, price, stock) values ('wire-last', 'wire-last', 'Last One', 'bags', 4000, 1)`,
  )
})

afterAll(async () => {
  await server?.close()
})

function payload(quantity: unknown = 1, productId = 'wire-last') {
  return {
    clientOrderId: randomUUID(),
    items: [{ productId, quantity }],
    contact: { name: 'Kamau', email: 'kamau@example.test', phone: '0712345678' },
    delivery: { method: 'pickup', pickupPoint: 'hub-karen' },
    paymentMethod: 'cod',
  }
}

describe('over the wire', () => {
  it('serves the catalogue and its version to anyone with GET', async () => {
    const client = server.client()
    const { data, error, status } = await client.rpc('catalogue', undefined, { get: true })
    expect(error).toBeNull()
    expect(status).toBe(200)
    const doc = expandCatalogue(data)!
    expect(doc.products.some((p) => p.id === 'wire-last')).toBe(true)
    const version = await client.rpc('catalogue_version', undefined, { get: true })
    expect(version.data).toBe(doc.version)
    const details = await client.rpc('catalogue_details', undefined, { get: true })
    expect(details.error).toBeNull()
    expect(expandDetails(details.data)?.version).toBe(doc.detailsVersion)
  })

  it('places an order, replays it, and answers 409 with per-line details when stock ran out', async () => {
    const client = server.client()
    const body = payload()
    const first = await client.rpc('place_order', { payload: body })
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({ total: 4000 + 150, status: 'pending', paymentMethod: 'cod' })
    const replay = await client.rpc('place_order', { payload: body })
    expect(replay.data).toEqual(first.data)

    const late = await client.rpc('place_order', { payload: payload() })
    expect(late.status).toBe(409)
    expect(late.error).toMatchObject({
      code: 'PT409',
      message: 'Some items in your cart are no longer available as ordered.',
    })
    expect(JSON.parse(late.error!.details)).toMatchObject({
      code: 'cart_conflict',
      lines: [{ line: 0, productId: 'wire-last', problem: 'sold_out', available: 0 }],
    })

    const bad = await client.rpc('place_order', { payload: payload('2') })
    expect(bad.status).toBe(400)
    expect(bad.error?.code).toBe('PT400')
    expect(JSON.parse(bad.error!.details)).toMatchObject({ code: 'invalid_quantity' })

    const order = first.data as { orderNumber: string; accessToken: string }
    const link = await client.rpc('order_by_token', {
      order_number: order.orderNumber,
      token: order.accessToken,
    })
    // The link also says whether the order expired unpaid (a new one has not).
    expect(link.data).toEqual({ ...(first.data as object), expiredAt: null })
    const wrong = await client.rpc('order_by_token', {
      order_number: order.orderNumber,
      token: 'nope',
    })
    expect(wrong.status).toBe(404)
  })

  it('keeps orders private: 401 without a session, only their own for a shopper', async () => {
    const anonOrders = await server.client().from('orders').select('id')
    expect(anonOrders.status).toBe(401)
    expect(anonOrders.error?.code).toBe('42501')

    const { client } = await server.signUpUser(undefined, undefined, { full_name: 'Wire Shopper' })
    const none = await client.from('orders').select('id')
    expect(none.data).toEqual([])
    await server.server.db.pg.query(`update public.products set stock = 5 where id = 'wire-last'`)
    const placed = await client.rpc('place_order', { payload: payload() })
    expect(placed.error).toBeNull()
    const mine = await client
      .from('orders')
      .select('order_number, status, order_items(product_id, quantity)')
    expect(mine.data).toEqual([
      {
        order_number: (placed.data as { orderNumber: string }).orderNumber,
        status: 'pending',
        order_items: [{ product_id: 'wire-last', quantity: 1 }],
      },
    ])
    const tamper = await client
      .from('orders')
      .update({ status: 'delivered' })
      .eq('order_number', (placed.data as { orderNumber: string }).orderNumber)
    expect(tamper.status).toBe(403)
    const profile = await client.from('profiles').select('full_name').single()
    expect(profile.data).toEqual({ full_name: 'Wire Shopper' })
  })

  it('lets only the service key settle a payment', async () => {
    const { client } = await server.signUpUser()
    const refused = await client.rpc('record_payment_result', {
      checkout_request_id: 'x',
      result_code: 0,
    })
    expect(refused.status).toBe(403)
    const admin = server.admin()
    const unknown = await admin.rpc('record_payment_result', {
      checkout_request_id: 'x',
      result_code: 0,
    })
    expect(unknown.status).toBe(404)
    expect(unknown.error?.code).toBe('PT404')
  })
})
