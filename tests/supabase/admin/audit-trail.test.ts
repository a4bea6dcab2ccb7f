import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../support/server'
import { uniqueEmail } from '../../support/server'
import {
  addProduct,
  advance,
  callers,
  placeOrder,
  settleMpesa,
  STAFF_PASSWORD,
  startAdminServer,
  type Callers,
} from './admin-kit'
import { setStaffSecondStepRequired } from '@/features/admin/api/staff-api'

/** The audit trail: one row per staff change, written by the database, never changed afterwards. */
let t: TestServer
let who: Callers
let adminId: string
let managerId: string

interface AuditRow {
  id: number
  actor_id: string | null
  actor_email: string | null
  actor_role: string
  kind: string
  action: string
  table_name: string
  subject_id: string | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

beforeAll(async () => {
  t = await startAdminServer()
  who = await callers(t, 'audit1')
  adminId = (await who.admin.auth.getUser()).data.user!.id
  managerId = (await who.manager.auth.getUser()).data.user!.id
})
afterAll(async () => {
  await t?.close()
})

/** The trail's rows for one thing, oldest first, read as the admin reads them. */
async function trail(kind: string, subjectId: string, after = 0): Promise<AuditRow[]> {
  const { data, error } = await who.admin
    .from('audit_log')
    .select('*')
    .eq('kind', kind)
    .eq('subject_id', subjectId)
    .gt('id', after)
    .order('id')
  if (error) throw new Error(error.message)
  return data as AuditRow[]
}

async function lastId(): Promise<number> {
  const { data } = await who.admin
    .from('audit_log')
    .select('id')
    .order('id', { ascending: false })
    .limit(1)
  return (data?.[0] as { id: number } | undefined)?.id ?? 0
}

describe('what is recorded', () => {
  it('a price edit by a manager: one row, the price before and after, who did it', async () => {
    await addProduct(t, { id: 'audit-price', price: 5000 })
    const mark = await lastId()
    const { error } = await who.manager
      .from('products')
      .update({ price: 1 })
      .eq('id', 'audit-price')
    expect(error).toBeNull()
    const rows = await trail('product', 'audit-price', mark)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actor_id: managerId,
      actor_email: 'manager@luxekenya.test',
      actor_role: 'manager',
      action: 'update',
      table_name: 'products',
      before: { price: 5000 },
      after: { price: 1 },
    })
  })

  it('a stock edit and a product created and deleted by an admin', async () => {
    const mark = await lastId()
    const created = await who.admin.from('products').insert({
      id: 'audit-new',
      slug: 'audit-new',
      name: 'Audit bag',
      category: 'bags',
      price: 7000,
      stock: 3,
    })
    expect(created.error).toBeNull()
    await who.admin.from('products').update({ stock: 9 }).eq('id', 'audit-new')
    await who.admin.from('products').delete().eq('id', 'audit-new')
    const rows = await trail('product', 'audit-new', mark)
    expect(rows.map((r) => r.action)).toEqual(['insert', 'update', 'delete'])
    expect(rows[0]!.before).toBeNull()
    expect(rows[0]!.after).toMatchObject({ price: 7000, stock: 3 })
    expect(rows[1]).toMatchObject({
      before: { stock: 3 },
      after: { stock: 9 },
      actor_role: 'admin',
    })
    expect(rows[2]!.before).toMatchObject({ stock: 9 })
    expect(rows[2]!.after).toBeNull()
    expect(rows.every((r) => r.actor_id === adminId)).toBe(true)
  })

  it('an order status change, with the status before and after; a shopper checkout leaves nothing', async () => {
    await addProduct(t, { id: 'audit-order' })
    const mark = await lastId()
    const order = await placeOrder(who.shopper, { productId: 'audit-order' })
    expect(await trail('order', order.id, mark)).toEqual([])
    expect(await trail('product', 'audit-order', mark)).toEqual([])
    await advance(who.manager, order.id, 'confirmed')
    const rows = await trail('order', order.id, mark)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actor_role: 'manager',
      table_name: 'orders',
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    })
    expect(JSON.stringify(rows)).not.toContain('access_token')
  })

  it('a payment recorded by the service key is attributed to it', async () => {
    await addProduct(t, { id: 'audit-mpesa' })
    const order = await placeOrder(who.shopper, {
      productId: 'audit-mpesa',
      paymentMethod: 'mpesa',
    })
    const mark = await lastId()
    await settleMpesa(t, order, 0)
    const rows = await trail('order', order.id, mark)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.actor_role === 'service_role' && r.actor_id === null)).toBe(true)
    expect(rows.find((r) => r.table_name === 'orders')).toMatchObject({
      before: { payment_status: 'pending' },
      after: { payment_status: 'paid' },
    })
  })

  it('a payout: one payout row with its amount, by the admin', async () => {
    await addProduct(t, { id: 'audit-payout', price: 10000 })
    const order = await placeOrder(who.anon, { productId: 'audit-payout', affiliateCode: 'audit1' })
    await advance(who.manager, order.id, 'confirmed', 'dispatched', 'delivered')
    const mark = await lastId()
    const paid = await who.admin.rpc('create_payout', {
      affiliate_id: who.affiliateId,
      mpesa_reference: 'QAUDIT1234',
    })
    expect(paid.error).toBeNull()
    const payoutId = (paid.data as { id: string }).id
    const rows = await trail('payout', payoutId, mark)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'insert',
      actor_role: 'admin',
      after: { mpesa_reference: 'QAUDIT1234', affiliate_id: who.affiliateId },
    })
  })

  it('an invitation and a role change, each one row with the role before and after', async () => {
    const email = uniqueEmail('audited')
    const mark = await lastId()
    await who.admin.rpc('invite_staff', { email, role: 'manager' })
    const invited = await trail('staff', email, mark)
    expect(invited).toHaveLength(1)
    expect(invited[0]).toMatchObject({ action: 'insert', after: { role: 'manager', email } })

    const shopper = await t.signUpUser(uniqueEmail('to-promote'))
    await who.admin.rpc('invite_staff', { email: shopper.email, role: 'manager' })
    const mark2 = await lastId()
    expect(
      (await who.admin.rpc('set_staff_role', { user_id: shopper.userId, role: 'admin' })).error,
    ).toBeNull()
    const changed = await trail('staff', shopper.userId, mark2)
    expect(changed.map((r) => [r.action, r.before?.role ?? null, r.after?.role ?? null])).toEqual([
      ['insert', null, 'admin'],
      ['delete', 'manager', null],
    ])
    expect(changed.every((r) => r.actor_id === adminId)).toBe(true)
  })

  it('a discount code created and switched off by a manager: one row each, the values before and after', async () => {
    const mark = await lastId()
    const created = await who.manager
      .from('discount_codes')
      .insert({ code: 'AUDIT-TEN', kind: 'percent', value: 10 })
      .select('id')
      .single()
    expect(created.error).toBeNull()
    const id = (created.data as { id: string }).id
    const off = await who.manager.from('discount_codes').update({ active: false }).eq('id', id)
    expect(off.error).toBeNull()
    const rows = await trail('discount', id, mark)
    expect(rows.map((r) => [r.action, r.actor_role])).toEqual([
      ['insert', 'manager'],
      ['update', 'manager'],
    ])
    expect(rows[0]!.after).toMatchObject({ code: 'AUDIT-TEN', value: 10 })
    expect(rows[1]).toMatchObject({ before: { active: true }, after: { active: false } })
  })

  it('the staff sign-in rule, switched on the staff page: admins at aal2 only, one row each way', async () => {
    const mark = await lastId()
    const adminOneStep = t.client()
    await adminOneStep.auth.signInWithPassword({
      email: 'admin@luxekenya.test',
      password: STAFF_PASSWORD,
    })
    for (const refused of [who.manager, adminOneStep]) {
      await expect(setStaffSecondStepRequired(refused as never, false)).rejects.toThrow(
        'Your account does not have permission to do this.',
      )
    }
    expect(await setStaffSecondStepRequired(who.admin as never, false)).toBe(false)
    expect(await setStaffSecondStepRequired(who.admin as never, true)).toBe(true)
    const { data } = await who.admin
      .from('audit_log')
      .select('*')
      .eq('kind', 'settings')
      .gt('id', mark)
      .order('id')
    const rows = data as AuditRow[]
    expect(rows.map((r) => [r.actor_id, r.actor_role, r.action])).toEqual([
      [adminId, 'admin', 'update'],
      [adminId, 'admin', 'update'],
    ])
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ staff_require_second_factor: true }, { staff_require_second_factor: false }],
      [{ staff_require_second_factor: false }, { staff_require_second_factor: true }],
    ])
  })

  it('an update that changes nothing leaves no row', async () => {
    await addProduct(t, { id: 'audit-same', price: 4000 })
    const mark = await lastId()
    await who.manager.from('products').update({ price: 4000 }).eq('id', 'audit-same')
    expect(await trail('product', 'audit-same', mark)).toEqual([])
  })
})

describe('who may read and change it', () => {
  it('a shopper, an affiliate, a visitor and a manager read nothing', async () => {
    expect(await lastId()).toBeGreaterThan(0)
    for (const client of [who.shopper, who.affiliate, who.anon, who.manager]) {
      const { data } = await client.from('audit_log').select('id').limit(5)
      expect(data ?? []).toEqual([])
    }
  })

  it('nobody updates or deletes a row through REST, admins and the service key included', async () => {
    const id = await lastId()
    const before = await who.admin.from('audit_log').select('*').eq('id', id).single()
    for (const client of [who.admin, who.manager, t.admin()]) {
      const update = await client.from('audit_log').update({ actor_role: 'system' }).eq('id', id)
      expect(update.error?.code).toBe('42501')
      const remove = await client.from('audit_log').delete().eq('id', id)
      expect(remove.error?.code).toBe('42501')
      const insert = await client.from('audit_log').insert({
        actor_role: 'admin',
        kind: 'product',
        action: 'update',
        table_name: 'products',
      })
      expect(insert.error?.code).toBe('42501')
    }
    const after = await who.admin.from('audit_log').select('*').eq('id', id).single()
    expect(after.data).toEqual(before.data)
  })

  it('not even a security definer function called as RPC can change or delete a row', async () => {
    // As if a later migration carried a careless function: the table itself still refuses.
    await t.server.db.pg.exec(`
      create function public.test_tamper_audit(wipe boolean) returns void
      language plpgsql security definer set search_path = '' as $$
      begin
        if wipe then delete from public.audit_log where id > 0;
        else update public.audit_log set before = null where id > 0; end if;
      end $$;
      grant execute on function public.test_tamper_audit(boolean) to authenticated;
      notify pgrst, 'reload schema';`)
    const count = async () =>
      (await t.server.db.pg.query<{ n: number }>('select count(*)::int as n from public.audit_log'))
        .rows[0]!.n
    const total = await count()
    for (const client of [who.admin, who.manager]) {
      for (const wipe of [true, false]) {
        const { error } = await client.rpc('test_tamper_audit', { wipe })
        expect(error?.code).toBe('42501')
        expect(error?.message).toBe('The audit trail cannot be changed or deleted.')
      }
    }
    expect(await count()).toBe(total)
    await expect(t.server.db.pg.exec('truncate public.audit_log')).rejects.toThrow(
      'The audit trail cannot be changed or deleted.',
    )
  })
})
