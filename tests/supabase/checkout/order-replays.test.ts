/**
 * A replay always finds its order, against the real server with supabase-js: the answer to a checkout
 * can be lost, and the device sends the same request again (same key, same body) after the last unit
 * sold, the product was switched off, its price changed, or the guest reached a daily limit. Each
 * replay must get the order placed the first time, never "no longer available".
 */
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/server'
import { addProduct } from '../admin/admin-kit'

let server: TestServer
let anon: SupabaseClient

interface Placed {
  id: string
  orderNumber: string
  total: number
  status: string
  items: { productId: string; unitPrice: number; quantity: number }[]
}

const payloadFor = (productId: string, quantity = 1, phone = '0722 300 400') => ({
  clientOrderId: randomUUID(),
  items: [{ productId, quantity }],
  contact: { name: 'Mutua Musyoka', email: 'mutua@example.com', phone },
  delivery: { method: 'delivery', county: 'Machakos', town: 'Machakos', street: randomUUID() },
  paymentMethod: 'cod',
  deviceId: randomUUID(),
})

async function send(payload: Record<string, unknown>) {
  const { data, error } = await anon.rpc('place_order', { payload })
  return { order: data as Placed | null, error }
}

const sql = (text: string, params: unknown[] = []) => server.server.db.pg.query(text, params)

beforeAll(async () => {
  server = await startTestServer({ database: { guestOrderLimits: true } })
  anon = server.client()
})

afterAll(async () => {
  await server?.close()
})

describe('a replay finds its order', () => {
  it('after it bought the last unit', async () => {
    await addProduct(server, { id: 'rp-last', price: 4500, stock: 1 })
    const payload = payloadFor('rp-last')
    const first = await send(payload)
    expect(first.error).toBeNull()
    // Sold out now (by this very order); its answer was lost, so the device sends it again.
    const replay = await send(payload)
    expect(replay.error).toBeNull()
    expect(replay.order).toEqual(first.order)
    // Anyone else is told it is gone.
    const other = await send(payloadFor('rp-last'))
    expect(other.error?.message).toBe('Some items in your cart are no longer available as ordered.')
  })

  it('after the product was switched off', async () => {
    await addProduct(server, { id: 'rp-off', price: 4500, stock: 5 })
    const payload = payloadFor('rp-off', 2)
    const first = await send(payload)
    expect(first.error).toBeNull()
    await sql(`update public.products set active = false where id = 'rp-off'`)
    const replay = await send(payload)
    expect(replay.error).toBeNull()
    expect(replay.order).toEqual(first.order)
  })

  it('after the price changed, with the price it was placed at', async () => {
    await addProduct(server, { id: 'rp-price', price: 4500, stock: 5 })
    const payload = payloadFor('rp-price')
    const first = await send(payload)
    await sql(`update public.products set price = 9900, discount = 20 where id = 'rp-price'`)
    const replay = await send(payload)
    expect(replay.error).toBeNull()
    expect(replay.order).toEqual(first.order)
    expect(replay.order!.items[0]).toMatchObject({ productId: 'rp-price', unitPrice: 4500 })
  })

  it('after the guest reached the daily limit for their phone and address', async () => {
    await addProduct(server, { id: 'rp-limit', price: 1500, stock: 50 })
    await server
      .admin()
      .from('store_settings')
      .update({ guest_orders_per_phone_per_day: 1 })
      .eq('id', true)
    const payload = payloadFor('rp-limit', 1, '0722 300 999')
    const first = await send(payload)
    expect(first.error).toBeNull()
    expect((await send(payloadFor('rp-limit', 1, '0722 300 999'))).error?.message).toMatch(
      /^This phone number already has 1 unpaid orders today/,
    )
    const replay = await send(payload)
    expect(replay.error).toBeNull()
    expect(replay.order).toEqual(first.order)
  })

  it('but not with a different body under the same key', async () => {
    await addProduct(server, { id: 'rp-body', price: 1500, stock: 5 })
    const payload = payloadFor('rp-body', 1, '0722 300 401')
    await send(payload)
    const changed = await send({ ...payload, items: [{ productId: 'rp-body', quantity: 2 }] })
    expect(changed.error?.message).toBe(
      'This order was already placed with different details. Please review your cart and try again.',
    )
  })
})
