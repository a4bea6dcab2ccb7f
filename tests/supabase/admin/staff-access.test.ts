/**
 * Who may use the staff tables and functions the admin area and the affiliate dashboard call, proven over
 * the wire with supabase-js as a visitor, a shopper, an affiliate, a manager and an admin (reliability
 * items 4–6, 8). Every deny has an allow beside it that runs the very same request as someone entitled,
 * so a probe that could never succeed cannot pass as a deny.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail, type TestServer } from '../../support/server'
import {
  addProduct,
  advance,
  callers,
  completeStaffSignIn,
  placeOrder,
  startAdminServer,
  type Callers,
  type OrderDoc,
} from './admin-kit'

type Who = 'anon' | 'shopper' | 'affiliate' | 'manager' | 'admin'

let server: TestServer
let who: Callers
let guestOrder: OrderDoc
let referredOrder: OrderDoc
let otherAffiliateId: string
let otherCommissionId: string
let ownCommissionId: string
let payoutId: string

const client = (name: Who): SupabaseClient => who[name]

beforeAll(async () => {
  server = await startAdminServer()
  await addProduct(server, { id: 'acl-bag', price: 8000, stock: 100 })
  await addProduct(server, { id: 'acl-archived', price: 8000, stock: 3, active: false })
  who = await callers(server, 'acl-amina')

  // A second affiliate with their own commission, which the first one must never see.
  const other = await server.signUpUser(uniqueEmail('other-affiliate'))
  const applied = await other.client
    .from('affiliates')
    .insert({ code: 'acl-other', payout_phone: '0733000222' })
    .select('id')
    .single()
  otherAffiliateId = applied.data!.id
  await who.manager.rpc('review_affiliate', { affiliate_id: otherAffiliateId, status: 'approved' })

  guestOrder = await placeOrder(who.anon, { productId: 'acl-bag' })
  await advance(who.manager, guestOrder.id, 'confirmed', 'dispatched', 'delivered')

  referredOrder = await placeOrder(who.anon, { productId: 'acl-bag', affiliateCode: 'ACL-AMINA' })
  await advance(who.manager, referredOrder.id, 'confirmed', 'dispatched', 'delivered')
  const otherOrder = await placeOrder(who.anon, {
    productId: 'acl-bag',
    affiliateCode: 'acl-other',
  })
  await advance(who.manager, otherOrder.id, 'confirmed', 'dispatched', 'delivered')

  const db = server.server.db.pg
  ownCommissionId = (
    await db.query<{ id: string }>('select id from public.commissions where order_id = $1', [
      referredOrder.id,
    ])
  ).rows[0]!.id
  otherCommissionId = (
    await db.query<{ id: string }>('select id from public.commissions where order_id = $1', [
      otherOrder.id,
    ])
  ).rows[0]!.id
  const payout = await who.admin.rpc('create_payout', {
    affiliate_id: who.affiliateId,
    mpesa_reference: 'QACL000001',
  })
  payoutId = (payout.data as { id: string }).id
})

afterAll(async () => {
  await server?.close()
})

/** A read is allowed when the target row comes back; denied by an error or by no row at all. */
async function reads(
  name: Who,
  table: string,
  column: string,
  value: string,
): Promise<'allow' | 'deny'> {
  const { data, error, status } = await client(name).from(table).select(column).eq(column, value)
  if (error) {
    // Only a permission refusal counts as a deny: any other error means the probe itself is broken.
    expect([401, 403]).toContain(status)
    return 'deny'
  }
  return (data ?? []).length > 0 ? 'allow' : 'deny'
}

/** A function call is allowed when it answers; denied only by a permission refusal (401/403). */
async function calls(name: Who, fn: string, args?: Record<string, unknown>) {
  const { error, status } = await client(name).rpc(fn, args)
  if (!error) return 'allow'
  // Only a permission refusal counts as a deny: any other error means the probe itself is broken.
  expect({ fn, name, status }).toEqual({ fn, name, status: name === 'anon' ? 401 : 403 })
  return 'deny'
}

async function verdicts(probe: (name: Who) => Promise<'allow' | 'deny'>) {
  const names: Who[] = ['anon', 'shopper', 'affiliate', 'manager', 'admin']
  const out: Partial<Record<Who, 'allow' | 'deny'>> = {}
  for (const name of names) out[name] = await probe(name)
  return out
}

const staffOnly = {
  anon: 'deny',
  shopper: 'deny',
  affiliate: 'deny',
  manager: 'allow',
  admin: 'allow',
}

describe('staff reads', () => {
  it('only staff read every order, its lines and its payments', async () => {
    expect(await verdicts((n) => reads(n, 'orders', 'id', guestOrder.id))).toEqual(staffOnly)
    expect(await verdicts((n) => reads(n, 'order_items', 'order_id', guestOrder.id))).toEqual(
      staffOnly,
    )
    expect(await verdicts((n) => reads(n, 'payments', 'order_id', guestOrder.id))).toEqual(
      staffOnly,
    )
  })

  it('an affiliate reads their own commission and payout, never another affiliate’s', async () => {
    expect(await verdicts((n) => reads(n, 'commissions', 'id', otherCommissionId))).toEqual(
      staffOnly,
    )
    expect(await verdicts((n) => reads(n, 'commissions', 'id', ownCommissionId))).toEqual({
      ...staffOnly,
      affiliate: 'allow',
    })
    expect(await verdicts((n) => reads(n, 'affiliates', 'id', otherAffiliateId))).toEqual(staffOnly)
    // The affiliate cannot open the orders they referred either: only my_affiliate() summarises them.
    expect(await reads('affiliate', 'orders', 'id', referredOrder.id)).toBe('deny')
  })

  it('payouts are seen by the admin and the affiliate paid, not by a manager', async () => {
    expect(await verdicts((n) => reads(n, 'payouts', 'id', payoutId))).toEqual({
      anon: 'deny',
      shopper: 'deny',
      affiliate: 'allow',
      manager: 'deny',
      admin: 'allow',
    })
  })

  it('archived products are seen by staff only', async () => {
    expect(await verdicts((n) => reads(n, 'products', 'id', 'acl-archived'))).toEqual(staffOnly)
  })
})

describe('staff functions', () => {
  it('only staff see the overview and the affiliate report', async () => {
    expect(await verdicts((n) => calls(n, 'admin_overview', { days: 30 }))).toEqual(staffOnly)
    expect(await verdicts((n) => calls(n, 'admin_affiliates'))).toEqual(staffOnly)
  })

  it('only staff change an order’s status', async () => {
    const order = await placeOrder(who.anon, { productId: 'acl-bag' })
    for (const name of ['anon', 'shopper', 'affiliate'] as const) {
      expect(
        await calls(name, 'set_order_status', { order_id: order.id, status: 'cancelled' }),
      ).toBe('deny')
    }
    const untouched = await who.manager.from('orders').select('status').eq('id', order.id).single()
    expect(untouched.data?.status).toBe('pending')
    expect(
      await calls('manager', 'set_order_status', { order_id: order.id, status: 'confirmed' }),
    ).toBe('allow')
    expect(
      await calls('admin', 'set_order_status', { order_id: order.id, status: 'cancelled' }),
    ).toBe('allow')
  })

  it('only staff review affiliates; an affiliate cannot approve or re-rate themself', async () => {
    for (const name of ['anon', 'shopper', 'affiliate'] as const) {
      expect(
        await calls(name, 'review_affiliate', {
          affiliate_id: who.affiliateId,
          status: 'approved',
          commission_percent: 50,
        }),
      ).toBe('deny')
    }
    const status = await who.affiliate
      .from('affiliates')
      .update({ status: 'approved', commission_percent: 50 } as never)
      .eq('id', who.affiliateId)
      .select()
    expect(status.error?.code).toBe('42501')
    const row = await who.manager
      .from('affiliates')
      .select('commission_percent')
      .eq('id', who.affiliateId)
      .single()
    expect(row.data?.commission_percent).toBe(10)
    expect(
      await calls('manager', 'review_affiliate', {
        affiliate_id: otherAffiliateId,
        status: 'approved',
        commission_percent: 12,
      }),
    ).toBe('allow')
  })

  it('only the admin records payouts: a manager is refused by the function and by the table', async () => {
    for (const name of ['anon', 'shopper', 'affiliate', 'manager'] as const) {
      expect(await calls(name, 'create_payout', { affiliate_id: otherAffiliateId })).toBe('deny')
    }
    for (const name of ['affiliate', 'manager'] as const) {
      const direct = await client(name)
        .from('payouts')
        .insert({ affiliate_id: who.affiliateId, amount: 100000, status: 'paid' })
        .select()
      expect(direct.error?.code).toBe('42501')
    }
    expect(await calls('admin', 'create_payout', { affiliate_id: otherAffiliateId })).toBe('allow')
  })

  it('my_affiliate() answers for the caller only, and needs a signed-in caller', async () => {
    expect(await calls('anon', 'my_affiliate')).toBe('deny')
    expect((await who.shopper.rpc('my_affiliate')).data).toBeNull()
    const own = await who.affiliate.rpc('my_affiliate')
    expect(own.data).toMatchObject({ id: who.affiliateId, code: 'acl-amina' })
  })
})

describe('staff writes', () => {
  it('only staff add, edit or archive products', async () => {
    for (const name of ['anon', 'shopper', 'affiliate'] as const) {
      const added = await client(name)
        .from('products')
        .insert({ id: `acl-${name}`, slug: `acl-${name}`, name: 'X', category: 'bags', price: 1 })
        .select()
      expect(added.error?.code).toBe('42501')
      const edited = await client(name)
        .from('products')
        .update({ price: 1 })
        .eq('id', 'acl-bag')
        .select()
      expect(edited.error?.code === '42501' || edited.data?.length === 0).toBe(true)
      const archived = await client(name)
        .from('products')
        .update({ active: false })
        .eq('id', 'acl-bag')
        .select()
      expect(archived.error?.code === '42501' || archived.data?.length === 0).toBe(true)
    }
    const row = await who.manager.from('products').select('price, active').eq('id', 'acl-bag')
    expect(row.data).toEqual([{ price: 8000, active: true }])

    const added = await who.manager
      .from('products')
      .insert({
        id: 'acl-staff',
        slug: 'acl-staff',
        name: 'Staff bag',
        category: 'bags',
        price: 900,
      })
      .select('id')
    expect(added.error).toBeNull()
    const edited = await who.manager
      .from('products')
      .update({ price: 950, active: false })
      .eq('id', 'acl-staff')
      .select('price, active')
    expect(edited.data).toEqual([{ price: 950, active: false }])
  })

  it('nobody but an admin grants roles, and metadata never makes anyone staff', async () => {
    const target = await server.signUpUser(uniqueEmail('would-be-staff'))
    for (const name of ['shopper', 'affiliate', 'manager'] as const) {
      const grant = await client(name)
        .from('user_roles')
        .insert({ user_id: target.userId, role: 'admin' })
        .select()
      expect(grant.error?.code).toBe('42501')
    }
    const self = await target.client
      .from('user_roles')
      .insert({ user_id: target.userId, role: 'admin' })
      .select()
    expect(self.error?.code).toBe('42501')

    await target.client.auth.updateUser({ data: { role: 'admin', roles: ['admin'] } })
    await target.client.auth.refreshSession()
    expect((await target.client.rpc('has_role', { role_name: 'manager' })).data).toBe(false)
    expect((await target.client.rpc('admin_overview', { days: 7 })).status).toBe(403)

    const granted = await who.admin
      .from('user_roles')
      .insert({ user_id: target.userId, role: 'manager' })
      .select()
    expect(granted.error).toBeNull()
    await completeStaffSignIn(server, target.client)
    expect((await target.client.rpc('admin_overview', { days: 7 })).error).toBeNull()
  })

  it('a demoted manager loses access on the next request, with the same token', async () => {
    const staff = await server.signUpUser(uniqueEmail('temp-manager'))
    await who.admin.from('user_roles').insert({ user_id: staff.userId, role: 'manager' })
    await completeStaffSignIn(server, staff.client)
    expect((await staff.client.rpc('admin_affiliates')).error).toBeNull()
    expect((await staff.client.from('orders').select('id').eq('id', guestOrder.id)).data).toEqual([
      { id: guestOrder.id },
    ])

    const revoked = await who.admin.from('user_roles').delete().eq('user_id', staff.userId).select()
    expect(revoked.data).toHaveLength(1)
    expect((await staff.client.rpc('admin_affiliates')).status).toBe(403)
    expect((await staff.client.from('orders').select('id').eq('id', guestOrder.id)).data).toEqual(
      [],
    )
    expect(
      (await staff.client.rpc('set_order_status', { order_id: guestOrder.id, status: 'cancelled' }))
        .status,
    ).toBe(403)
  })

  it('a manager cannot revoke roles, not even their own', async () => {
    const managerId = (await who.manager.auth.getUser()).data.user!.id
    const revoke = await who.manager.from('user_roles').delete().eq('user_id', managerId).select()
    expect(revoke.error?.code === '42501' || revoke.data?.length === 0).toBe(true)
    expect((await who.manager.rpc('has_role', { role_name: 'manager' })).data).toBe(true)
  })
})
