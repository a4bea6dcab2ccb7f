/**
 * The account page's reads and writes (src/features/account/api) against the local server: profile
 * with a normalised phone, address CRUD with one default, and the order history with its lines.
 * Another shopper sees and changes none of it.
 */
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileToSave } from '@/features/account/account-validation'
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
  type AddressInput,
} from '@/features/account/api/addresses'
import { listOrders } from '@/features/account/api/orders'
import { fetchProfile, saveProfile } from '@/features/account/api/profile'
import type { AppSupabaseClient } from '@/lib/supabase'
import { startTestServer, uniqueEmail, type TestServer } from '../../support/server'

let t: TestServer

beforeAll(async () => {
  t = await startTestServer()
  await t.server.db.pg.query(
    `insert into public.products (id, slug, name, category, price, stock)
     values ('acct-bag', 'acct-bag', 'Kiondo Tote', 'bags', 4200, 10)`,
  )
})
afterAll(async () => {
  await t?.close()
})

const typed = (client: SupabaseClient) => client as unknown as AppSupabaseClient

const home: AddressInput = {
  label: 'Home',
  recipient_name: null,
  phone: null,
  county: 'Nairobi',
  town: 'Westlands',
  street: 'Woodvale Grove, Apt 4B',
  note: 'Blue gate',
  is_default: true,
}

describe('profile', () => {
  it('saves the name and the phone in 2547… form, and copies the name to the session', async () => {
    const { client, userId } = await t.signUpUser(uniqueEmail(), 'secret-pass-1', {
      full_name: 'Njeri Wambui',
    })
    const db = typed(client)
    expect(await fetchProfile(userId, db)).toEqual({ fullName: 'Njeri Wambui', phone: '' })

    const draft = profileToSave({ fullName: '  Njeri   W. Wambui ', phone: '+254 712-345-678' })
    const saved = await saveProfile(userId, draft, db)
    expect(saved).toEqual({ fullName: 'Njeri W. Wambui', phone: '254712345678' })
    expect(await fetchProfile(userId, db)).toEqual(saved)
    const { data } = await client.auth.getUser()
    expect(data.user?.user_metadata.full_name).toBe('Njeri W. Wambui')
  })

  it('refuses a phone that is not Kenyan, as the database does', async () => {
    const { client, userId } = await t.signUpUser()
    await expect(
      saveProfile(userId, { fullName: 'X', phone: '0812345678' }, typed(client)),
    ).rejects.toThrow()
  })

  it('never touches another shopper’s profile', async () => {
    const a = await t.signUpUser(uniqueEmail('a'), 'secret-pass-1', { full_name: 'Owner A' })
    const b = await t.signUpUser(uniqueEmail('b'))
    expect(await fetchProfile(a.userId, typed(b.client))).toEqual({ fullName: '', phone: '' })
    await expect(
      saveProfile(a.userId, { fullName: 'Hacked', phone: '' }, typed(b.client)),
    ).rejects.toThrow()
    expect((await fetchProfile(a.userId, typed(a.client))).fullName).toBe('Owner A')
  })
})

describe('addresses', () => {
  it('adds, edits, moves the default and deletes', async () => {
    const { client } = await t.signUpUser()
    const db = typed(client)
    expect(await listAddresses(db)).toEqual([])

    const first = await createAddress(home, db)
    expect(first).toMatchObject({ label: 'Home', county: 'Nairobi', is_default: true })
    const office = await createAddress(
      { ...home, label: 'Office', county: 'Mombasa', town: 'Nyali', is_default: true },
      db,
    )
    // Making the office the default cleared the home address's flag.
    const afterSecond = await listAddresses(db)
    expect(afterSecond.map((a) => [a.label, a.is_default])).toEqual([
      ['Office', true],
      ['Home', false],
    ])

    const edited = await updateAddress(first.id, { town: 'Kilimani', is_default: true }, db)
    expect(edited).toMatchObject({ town: 'Kilimani', is_default: true })
    expect((await listAddresses(db)).find((a) => a.id === office.id)?.is_default).toBe(false)

    await deleteAddress(office.id, db)
    expect((await listAddresses(db)).map((a) => a.label)).toEqual(['Home'])
  })

  it('refuses an unknown county', async () => {
    const { client } = await t.signUpUser()
    await expect(createAddress({ ...home, county: 'Atlantis' }, typed(client))).rejects.toThrow()
  })

  it('keeps each shopper’s addresses to themselves', async () => {
    const a = await t.signUpUser()
    const b = await t.signUpUser()
    const mine = await createAddress(home, typed(a.client))
    expect(await listAddresses(typed(b.client))).toEqual([])
    await expect(updateAddress(mine.id, { town: 'Elsewhere' }, typed(b.client))).rejects.toThrow()
    await deleteAddress(mine.id, typed(b.client))
    expect(await listAddresses(typed(a.client))).toHaveLength(1)
  })
})

describe('order history', () => {
  it('lists the shopper’s own orders with their lines and pickup point, newest first', async () => {
    const { client } = await t.signUpUser()
    const other = await t.signUpUser()
    const place = (c: SupabaseClient, quantity: number) =>
      c.rpc('place_order', {
        payload: {
          clientOrderId: randomUUID(),
          items: [{ productId: 'acct-bag', quantity }],
          contact: { name: 'Kamau', email: 'kamau@example.test', phone: '0712345678' },
          delivery: { method: 'pickup', pickupPoint: 'hub-karen' },
          paymentMethod: 'cod',
        },
      })
    expect((await place(client, 1)).error).toBeNull()
    expect((await place(client, 2)).error).toBeNull()
    expect((await place(other.client, 1)).error).toBeNull()

    const orders = await listOrders(20, typed(client))
    expect(orders).toHaveLength(2)
    expect(orders[0]!.order_items).toEqual([
      expect.objectContaining({ line_no: 1, name: 'Kiondo Tote', quantity: 2, line_total: 8400 }),
    ])
    expect(orders[1]!.order_items[0]).toMatchObject({ quantity: 1, line_total: 4200 })
    expect(orders[0]).toMatchObject({
      status: 'pending',
      payment_method: 'cod',
      delivery_method: 'pickup',
      subtotal: 8400,
      total: orders[0]!.subtotal - orders[0]!.discount_total + orders[0]!.delivery_fee,
    })
    expect(orders[0]!.pickup_points?.name).toBeTruthy()
    expect(orders[0]!.order_number).toMatch(/^LK-\d+$/)
    expect(Date.parse(orders[0]!.created_at)).toBeGreaterThanOrEqual(
      Date.parse(orders[1]!.created_at),
    )
  })
})
