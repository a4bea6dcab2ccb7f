/**
 * The 30-day referral window runs from the server's first sight of a code for a customer (by phone, and
 * by account when signed in), so a client sending a fresh capture date cannot stretch it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../support/server'
import { addProduct, callers, placeOrder, startAdminServer, type Callers } from './admin-kit'

let server: TestServer
let who: Callers

beforeAll(async () => {
  server = await startAdminServer()
  await addProduct(server, { id: 'window-bag', price: 9000, stock: 500 })
  who = await callers(server, 'ref-window')
})
afterAll(async () => {
  await server?.close()
})

const sightings = async (customer: string) =>
  (
    await server.server.db.pg.query<{ days: number }>(
      `select extract(day from now() - first_seen_at)::int as days
         from private.referral_first_sight where affiliate_code = 'ref-window' and customer = $1`,
      [customer],
    )
  ).rows

/** Moves a customer's first sighting of the code back in time, as if it had happened days ago. */
const backdate = (customer: string, days: number) =>
  server.server.db.pg.query(
    `update private.referral_first_sight set first_seen_at = now() - make_interval(days => $2)
      where affiliate_code = 'ref-window' and customer = $1`,
    [customer, days],
  )

describe('referral window', () => {
  it('starts at the first order that carries the code, and keeps that first sighting', async () => {
    const first = await placeOrder(who.anon, {
      productId: 'window-bag',
      affiliateCode: 'ref-window',
      phone: '0711000001',
    })
    expect(first.affiliateCode).toBe('ref-window')
    expect(await sightings('phone:254711000001')).toEqual([{ days: 0 }])

    await backdate('phone:254711000001', 10)
    await placeOrder(who.anon, {
      productId: 'window-bag',
      affiliateCode: 'ref-window',
      phone: '0711000001',
    })
    expect(await sightings('phone:254711000001')).toEqual([{ days: 10 }])
  })

  it('drops the referral once the first sighting is over 30 days old, whatever date the client sends', async () => {
    await placeOrder(who.anon, {
      productId: 'window-bag',
      affiliateCode: 'ref-window',
      phone: '0711000002',
    })
    await backdate('phone:254711000002', 29)
    const inside = await placeOrder(who.anon, {
      productId: 'window-bag',
      affiliateCode: 'ref-window',
      phone: '0711000002',
      affiliateCapturedAt: new Date().toISOString(),
    })
    expect(inside.affiliateCode).toBe('ref-window')

    await backdate('phone:254711000002', 31)
    const late = await placeOrder(who.anon, {
      productId: 'window-bag',
      affiliateCode: 'ref-window',
      phone: '0711000002',
      // A client claiming it captured the code a moment ago.
      affiliateCapturedAt: new Date().toISOString(),
    })
    expect(late.affiliateCode).toBeNull()
    const { data } = await who.manager
      .from('orders')
      .select('affiliate_code, affiliate_id')
      .eq('id', late.id)
      .single()
    expect(data).toEqual({ affiliate_code: null, affiliate_id: null })

    // Another customer's window is their own.
    const other = await placeOrder(who.anon, {
      productId: 'window-bag',
      affiliateCode: 'ref-window',
      phone: '0711000003',
    })
    expect(other.affiliateCode).toBe('ref-window')
  })

  it('follows a signed-in shopper across phone numbers', async () => {
    await placeOrder(who.shopper, {
      productId: 'window-bag',
      affiliateCode: 'ref-window',
      phone: '0711000004',
    })
    await backdate(`user:${who.shopperId}`, 40)
    const newPhone = await placeOrder(who.shopper, {
      productId: 'window-bag',
      affiliateCode: 'ref-window',
      phone: '0711000005',
    })
    expect(newPhone.affiliateCode).toBeNull()
  })

  it('keeps the client’s own date as a further limit, never as an extension', async () => {
    const stale = await placeOrder(who.anon, {
      productId: 'window-bag',
      affiliateCode: 'ref-window',
      phone: '0711000006',
      affiliateCapturedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString(),
    })
    expect(stale.affiliateCode).toBeNull()
  })

  it('is hidden from shoppers and staff: the sightings table is not readable through the API', async () => {
    for (const client of [who.anon, who.shopper, who.manager, who.admin]) {
      const { data, error } = await client
        .schema('private' as 'public')
        .from('referral_first_sight' as 'orders')
        .select('*')
      expect(data).toBeNull()
      expect(error).not.toBeNull()
    }
  })
})
