/**
 * Staff rights need a session that passed its second sign-in step (`aal` claim `aal2`) while the store
 * requires it (the default). Runs on PGlite and, in the `postgres` project, on PostgreSQL prepared as
 * hosted Supabase is.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDb } from '../../support/test-db'
import {
  act,
  addProduct,
  attempt,
  call,
  createUser,
  grantRole,
  orderPayload,
  placeOrder,
  type Actor,
  type LocalDb,
} from './db-kit'

let db: LocalDb
let shopper: Actor
let manager: Actor
let managerAal1: Actor
let admin: Actor
let adminAal1: Actor
let orderId: string

const oneStep = (actor: Actor): Actor => ({
  ...actor,
  label: `${actor.label} (aal1)`,
  claims: { ...actor.claims, aal: 'aal1' },
})

beforeAll(async () => {
  db = await freshDb()
  shopper = await createUser(db, 'Shopper', { full_name: 'Achieng Otieno' })
  manager = await createUser(db, 'Manager')
  admin = await createUser(db, 'Admin')
  await grantRole(db, manager, 'manager')
  await grantRole(db, admin, 'admin')
  managerAal1 = oneStep(manager)
  adminAal1 = oneStep(admin)
  await addProduct(db, { id: 'mfa-bag', price: 3000, stock: 20 })
  const placed = await placeOrder(
    db,
    { ...shopper, claims: { ...shopper.claims, aal: 'aal1' } },
    orderPayload([{ productId: 'mfa-bag', quantity: 1 }]),
  )
  expect(placed.error).toBeNull()
  orderId = placed.value!.id
})
afterAll(async () => {
  await db?.close()
})

const readOrder = (actor: Actor) =>
  attempt<{ id: string }>(db, actor, 'select id from public.orders where id = $1', [orderId])
const readProfile = (actor: Actor) =>
  attempt(db, actor, 'select id from public.profiles where id = $1', [shopper.id])
const setPrice = (actor: Actor, price: number) =>
  attempt(db, actor, "update public.products set price = $1 where id = 'mfa-bag'", [price], {
    rollback: true,
  })

describe('staff at aal1', () => {
  it('cannot read customer data; at aal2 they can', async () => {
    expect((await readOrder(managerAal1)).rows).toEqual([])
    expect((await readProfile(managerAal1)).rows).toEqual([])
    expect((await readOrder(manager)).rows).toEqual([{ id: orderId }])
    expect((await readProfile(manager)).rows).toHaveLength(1)
    // A shopper's own data is theirs at aal1.
    const own = oneStep(shopper)
    expect((await readOrder(own)).rows).toEqual([{ id: orderId }])
  })

  it('cannot write, through a table or a function; at aal2 they can', async () => {
    const refused = await setPrice(managerAal1, 1)
    expect(refused.error?.code ?? '42501').toBe('42501')
    expect(refused.affected).toBe(0)
    expect((await setPrice(manager, 2500)).affected).toBe(1)

    const status = await call(db, adminAal1, 'select public.set_order_status($1, $2) as value', [
      orderId,
      'confirmed',
    ])
    expect(status.error?.code).toBe('42501')
    const grant = await attempt(
      db,
      adminAal1,
      "insert into public.user_roles (user_id, role) values ($1, 'manager')",
      [shopper.id],
      { rollback: true },
    )
    expect(grant.error?.code).toBe('42501')
    const granted = await attempt(
      db,
      admin,
      "insert into public.user_roles (user_id, role) values ($1, 'manager')",
      [shopper.id],
      { rollback: true },
    )
    expect(granted.error).toBeNull()
  })

  it('are refused by the restrictive policies even where a permissive policy forgets the rule', async () => {
    await db.pg.query(
      `create policy "careless test policy" on public.orders for select to authenticated using (true)`,
    )
    try {
      expect((await readOrder(managerAal1)).rows).toEqual([])
      expect((await readOrder(manager)).rows).toEqual([{ id: orderId }])
    } finally {
      await db.pg.query(`drop policy "careless test policy" on public.orders`)
    }
  })

  it('keep their rights when the store switches the rule off', async () => {
    await act(
      db,
      admin,
      'update public.store_settings set staff_require_second_factor = false where id',
    )
    try {
      expect((await readOrder(managerAal1)).rows).toEqual([{ id: orderId }])
      expect((await setPrice(managerAal1, 2400)).affected).toBe(1)
    } finally {
      await db.pg.query(
        'update public.store_settings set staff_require_second_factor = true where id',
      )
    }
    // Only an admin in an aal2 session changes the rule.
    const off = await attempt(
      db,
      adminAal1,
      'update public.store_settings set staff_require_second_factor = false where id',
    )
    expect(off.affected).toBe(0)
  })
})

describe('a shopper who turned two-step sign-in on', () => {
  it('reads and changes none of their data with a password alone; after the code, all of it', async () => {
    const own = { ...shopper, claims: { ...shopper.claims, aal: 'aal2' } }
    const ownAal1 = oneStep(shopper)
    const address = await act<{ id: string }>(
      db,
      own,
      `insert into public.addresses (label, recipient_name, phone, county, town, street)
       values ('Home', 'Achieng Otieno', '254712345678', 'Nairobi', 'Nairobi', 'Moi Avenue 1')
       returning id`,
    )
    expect(address.rows).toHaveLength(1)
    const factor = randomUUID()
    await db.pg.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
                                     updated_at, secret)
       values ($1, $2, 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [factor, shopper.id],
    )
    try {
      expect((await readOrder(ownAal1)).rows).toEqual([])
      expect((await readProfile(ownAal1)).rows).toEqual([])
      const addresses = (actor: Actor) =>
        attempt(db, actor, 'select id from public.addresses where user_id = $1', [shopper.id])
      expect((await addresses(ownAal1)).rows).toEqual([])
      const rename = (actor: Actor) =>
        attempt(
          db,
          actor,
          "update public.profiles set full_name = 'Taken Over' where id = $1",
          [shopper.id],
          { rollback: true },
        )
      expect((await rename(ownAal1)).affected).toBe(0)

      expect((await readOrder(own)).rows).toEqual([{ id: orderId }])
      expect((await readProfile(own)).rows).toHaveLength(1)
      expect((await addresses(own)).rows).toHaveLength(1)
      expect((await rename(own)).affected).toBe(1)
    } finally {
      await db.pg.query('delete from auth.mfa_factors where id = $1', [factor])
    }
    // An unverified factor (a set-up not finished) changes nothing.
    expect((await readOrder(ownAal1)).rows).toEqual([{ id: orderId }])
  })
})
