/**
 * Guest orders are limited by the database, against the real server with supabase-js: per phone, per
 * device, per delivery address and per network address a day, and up to a value the store sets. Each refusal has a code and a
 * message the checkout shows; a signed-in shopper is not a guest; a paid order does not count.
 */
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startTestServer, type TestServer } from '../../support/server'
import { addProduct } from '../admin/admin-kit'

let server: TestServer
let anon: SupabaseClient
let admin: SupabaseClient
let counter = 0

interface Who {
  phone?: string
  street?: string
  deviceId?: string
  quantity?: number
  productId?: string
  paymentMethod?: string
}

/** A fresh phone, street and device on every call unless the test names one. */
async function place(who: Who = {}, client: SupabaseClient = anon) {
  counter += 1
  const { data, error } = await client.rpc('place_order', {
    payload: {
      clientOrderId: randomUUID(),
      items: [{ productId: who.productId ?? 'gl-tee', quantity: who.quantity ?? 1 }],
      contact: {
        name: 'Njeri Wambui',
        email: `guest-${counter}@example.com`,
        phone: who.phone ?? `0733${String(100000 + counter).padStart(6, '0')}`,
      },
      delivery: {
        method: 'delivery',
        county: 'Nairobi',
        town: 'Kilimani',
        street: who.street ?? `Plot ${counter}, Ngong Road`,
      },
      paymentMethod: who.paymentMethod ?? 'mpesa',
      deviceId: who.deviceId ?? randomUUID(),
    },
  })
  const details = error?.details
    ? (JSON.parse(error.details) as { code?: string; field?: string; limit?: number })
    : {}
  return { order: data as { id: string; orderNumber: string } | null, error, details }
}

beforeAll(async () => {
  server = await startTestServer({ database: { guestOrderLimits: true } })
  anon = server.client()
  admin = server.admin()
  await addProduct(server, { id: 'gl-tee', price: 2000, stock: 500 })
  await addProduct(server, { id: 'gl-watch', price: 310000, stock: 20 })
})

afterAll(async () => {
  await server?.close()
})

describe('the store settings', () => {
  it('start at 10 unpaid guest orders per phone, device and address, 30 per network a day, up to KSh 300,000', async () => {
    const { data } = await anon
      .from('store_settings')
      .select(
        'guest_orders_per_phone_per_day, guest_orders_per_device_per_day, guest_orders_per_address_per_day, guest_orders_per_network_per_day, guest_order_max_amount',
      )
      .single()
    expect(data).toEqual({
      guest_orders_per_phone_per_day: 10,
      guest_orders_per_device_per_day: 10,
      guest_orders_per_address_per_day: 10,
      guest_orders_per_network_per_day: 30,
      guest_order_max_amount: 300000,
    })
  })
})

describe('daily limits', () => {
  beforeAll(async () => {
    const { error } = await admin
      .from('store_settings')
      .update({
        guest_orders_per_phone_per_day: 2,
        guest_orders_per_device_per_day: 3,
        guest_orders_per_address_per_day: 2,
        guest_orders_per_network_per_day: 1000,
      })
      .eq('id', true)
    expect(error).toBeNull()
  })

  it('per phone, in any spelling of the number, with the reason at the phone field', async () => {
    expect((await place({ phone: '0733 900 001' })).error).toBeNull()
    expect((await place({ phone: '+254733900001' })).error).toBeNull()
    const third = await place({ phone: '254 733 900 001' })
    expect(third.order).toBeNull()
    expect(third.details).toEqual({ code: 'guest_phone_limit', field: 'contact.phone', limit: 2 })
    expect(third.error?.message).toBe(
      'This phone number already has 2 unpaid orders today. Please pay for them, sign in, or try again tomorrow.',
    )
    // Another phone is its own count.
    expect((await place({ phone: '0733 900 002' })).error).toBeNull()
  })

  it('per device, whatever phone and address each order gives', async () => {
    const deviceId = randomUUID()
    for (let i = 0; i < 3; i += 1) expect((await place({ deviceId })).error).toBeNull()
    const fourth = await place({ deviceId })
    expect(fourth.details).toEqual({ code: 'guest_device_limit', limit: 3 })
    expect(fourth.error?.message).toBe(
      'This device already has 3 unpaid orders today. Please pay for them, sign in, or try again tomorrow.',
    )
  })

  it('per delivery address, whatever its case and spacing, with the reason at the street field', async () => {
    expect((await place({ street: 'Hse 4, Lavington Green' })).error).toBeNull()
    expect((await place({ street: ' hse 4,  LAVINGTON green ' })).error).toBeNull()
    const third = await place({ street: 'HSE 4, Lavington Green' })
    expect(third.details).toEqual({
      code: 'guest_address_limit',
      field: 'delivery.street',
      limit: 2,
    })
    expect(third.error?.message).toBe(
      'This delivery address already has 2 unpaid orders today. Please pay for them, sign in, or try again tomorrow.',
    )
  })

  it('counts only unpaid orders of the last day', async () => {
    const phone = '0733 900 003'
    const first = await place({ phone })
    await place({ phone })
    expect((await place({ phone })).details.code).toBe('guest_phone_limit')
    // Paid: it holds nothing it has not paid for.
    await server.server.db.pg.query(
      `update public.orders set payment_status = 'paid' where id = $1`,
      [first.order!.id],
    )
    expect((await place({ phone })).error).toBeNull()
    expect((await place({ phone })).details.code).toBe('guest_phone_limit')
    // A day later they no longer count.
    await server.server.db.pg.query(
      `update public.orders set created_at = now() - interval '25 hours' where phone = '254733900003'`,
    )
    expect((await place({ phone })).error).toBeNull()
  })

  it('per network address, which a client rotating its device id, phone, address and headers cannot change', async () => {
    // Earlier tests' orders came from this address too: they leave the window.
    await server.server.db.pg.query(
      `update private.guest_order_networks set created_at = now() - interval '2 days' where true`,
    )
    await admin
      .from('store_settings')
      .update({ guest_orders_per_network_per_day: 3 })
      .eq('id', true)
    // Each order claims another network: headers a client controls are not the gateway's word.
    const spoofing = (i: number) =>
      createClient(server.url, server.anonKey, {
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
        auth: { persistSession: false, autoRefreshToken: false },
        global: {
          headers: {
            'X-Forwarded-For': `203.0.113.${i}`,
            'CF-Connecting-IP': `198.51.100.${i}`,
            'X-Real-IP': `192.0.2.${i}`,
          },
        },
      })
    for (let i = 1; i <= 3; i += 1) expect((await place({}, spoofing(i))).error).toBeNull()
    const fourth = await place({}, spoofing(4))
    expect(fourth.order).toBeNull()
    expect(fourth.details).toEqual({ code: 'guest_network_limit', limit: 3 })
    expect(fourth.error?.message).toBe(
      'Too many unpaid guest orders were placed from this network today (3). Please pay for them, sign in, or try again tomorrow.',
    )
    const noted = await server.server.db.pg.query<{ address: string }>(
      `select distinct address from private.guest_order_networks where created_at > now() - interval '1 hour'`,
    )
    expect(noted.rows).toEqual([{ address: '127.0.0.1' }])
    // A signed-in shopper on the same network is not a guest.
    const { client } = await server.signUpUser()
    expect((await place({}, client)).error).toBeNull()
    await admin
      .from('store_settings')
      .update({ guest_orders_per_network_per_day: 1000 })
      .eq('id', true)
  })

  it('do not apply to a signed-in shopper', async () => {
    const { client } = await server.signUpUser()
    for (let i = 0; i < 3; i += 1) {
      expect((await place({ phone: '0733 900 004' }, client)).error).toBeNull()
    }
  })
})

describe('the value ceiling for guests', () => {
  it('refuses a guest order over it with a clear reason, and takes no stock', async () => {
    const refused = await place({ productId: 'gl-watch', paymentMethod: 'bank' })
    expect(refused.details).toEqual({ code: 'guest_order_limit', limit: 300000 })
    expect(refused.error?.message).toBe(
      'Orders over KSh 300,000 need an account. Please sign in or create one to place this order.',
    )
    const stock = await server.server.db.pg.query<{ stock: number }>(
      `select stock from public.products where id = 'gl-watch'`,
    )
    expect(stock.rows[0]!.stock).toBe(20)
  })

  it('lets a signed-in shopper order above it, and follows the store setting', async () => {
    const { client } = await server.signUpUser()
    expect((await place({ productId: 'gl-watch', paymentMethod: 'bank' }, client)).error).toBeNull()
    await admin.from('store_settings').update({ guest_order_max_amount: 400000 }).eq('id', true)
    expect((await place({ productId: 'gl-watch', paymentMethod: 'bank' })).error).toBeNull()
  })
})
