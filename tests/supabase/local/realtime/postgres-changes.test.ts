/**
 * Postgres changes through supabase-js's own RealtimeClient against the embedded server: each
 * subscriber receives only the rows its role and JWT may select, whatever path wrote them.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../../support/server'
import { asSuperuser, dbEngine } from '../../../support/test-db'
import {
  addProduct,
  placeOrder,
  signIn,
  startAdminServer,
  type OrderDoc,
} from '../../admin/admin-kit'
import { sleep, watchTable } from './realtime-kit'

let server: TestServer
let manager: SupabaseClient
const clients: SupabaseClient[] = []

beforeAll(async () => {
  server = await startAdminServer()
  manager = await signIn(server, 'manager@luxekenya.test')
  clients.push(manager)
  await addProduct(server, { id: 'rt-bag', stock: 500 })
})

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels()
  await server.close()
})

async function shopper() {
  const s = await server.signUpUser()
  clients.push(s.client)
  return s
}

const setStatus = (order: OrderDoc, status: string) =>
  manager.rpc('set_order_status', {
    order_id: order.id,
    status,
    ...(status === 'dispatched' ? { courier: 'Sendy', tracking: 'SND-20418' } : {}),
  })

describe('postgres changes', () => {
  it("brings a shopper their own order's update within a second, never another shopper's", async () => {
    const a = await shopper()
    const b = await shopper()
    const orderA = await placeOrder(a.client, { productId: 'rt-bag' })
    const orderB = await placeOrder(b.client, { productId: 'rt-bag' })
    const watchA = await watchTable(a.client, 'orders-a', { event: 'UPDATE', table: 'orders' })

    const started = Date.now()
    const { error } = await setStatus(orderA, 'confirmed')
    expect(error).toBeNull()
    const change = await watchA.next((c) => (c.new as { id?: string }).id === orderA.id, 1000)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(change.eventType).toBe('UPDATE')
    expect(change.new).toMatchObject({ id: orderA.id, status: 'confirmed' })
    expect(change.old).toEqual({ id: orderA.id })

    expect((await setStatus(orderB, 'confirmed')).error).toBeNull()
    // A later change of A's arrives; B's (committed first) never does.
    expect((await setStatus(orderA, 'dispatched')).error).toBeNull()
    await watchA.next((c) => (c.new as { status?: string }).status === 'dispatched')
    expect(watchA.changes.map((c) => (c.new as { id: string }).id)).not.toContain(orderB.id)
  })

  it('sends anon nothing from orders, and staff every order', async () => {
    const anon = server.client()
    clients.push(anon)
    const watchAnon = await watchTable(anon, 'orders-anon', { table: 'orders' })
    const watchStaff = await watchTable(manager, 'orders-staff', {
      event: 'INSERT',
      table: 'orders',
    })
    const s = await shopper()
    const order = await placeOrder(s.client, { productId: 'rt-bag' })
    const inserted = await watchStaff.next((c) => (c.new as { id?: string }).id === order.id)
    expect(inserted.eventType).toBe('INSERT')
    await setStatus(order, 'confirmed')
    await sleep(300)
    expect(watchAnon.changes).toEqual([])
  })

  it('sees writes from any path: plain SQL as well as the API', async () => {
    const watch = await watchTable(manager, 'products-sql', {
      table: 'products',
      filter: 'id=eq.rt-bag',
    })
    await server.server.db.pg.query(`update public.products set price = 6100 where id = 'rt-bag'`)
    const change = await watch.next()
    expect(change.new).toMatchObject({ id: 'rt-bag', price: 6100 })
  })

  it('applies each filter the way hosted does', async () => {
    await addProduct(server, { id: 'rt-f1', price: 1000 })
    await addProduct(server, { id: 'rt-f2', price: 2000 })
    await addProduct(server, { id: 'rt-f3', price: 3000 })
    const cases: [string, string[]][] = [
      ['id=eq.rt-f2', ['rt-f2']],
      ['price=neq.2000', ['rt-f1', 'rt-f3']],
      ['price=lt.2000', ['rt-f1']],
      ['price=lte.2000', ['rt-f1', 'rt-f2']],
      ['price=gt.2000', ['rt-f3']],
      ['price=gte.2000', ['rt-f2', 'rt-f3']],
      ['id=in.(rt-f1,rt-f3)', ['rt-f1', 'rt-f3']],
    ]
    const watches = await Promise.all(
      cases.map(([filter], i) =>
        watchTable(manager, `filter-${i}`, { event: 'UPDATE', table: 'products', filter }),
      ),
    )
    const { error } = await manager
      .from('products')
      .update({ featured: true })
      .in('id', ['rt-f1', 'rt-f2', 'rt-f3'])
    expect(error).toBeNull()
    // A marker change every watch sees last, so nothing is still on its way.
    await manager.from('products').update({ featured: false }).eq('id', 'rt-f3')
    for (const [i, [filter, expected]] of cases.entries()) {
      const w = watches[i]!
      if (expected.includes('rt-f3')) {
        await w.next((c) => (c.new as { featured?: boolean }).featured === false)
      } else {
        await sleep(200)
      }
      const ids = w.changes
        .filter((c) => (c.new as { featured?: boolean }).featured === true)
        .map((c) => (c.new as { id: string }).id)
        .sort()
      expect(ids, filter).toEqual(expected)
    }
  })

  it('refuses a table outside the publication and a bad filter, as hosted does', async () => {
    const system: { status: string; message: string }[] = []
    const channel = manager
      .channel('not-published')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'payments' }, () => {})
      .on('system', {}, (p: { status: string; message: string }) => system.push(p))
    await new Promise<void>((resolve) => channel.subscribe((s) => s === 'SUBSCRIBED' && resolve()))
    await sleep(100)
    expect(system[0]).toMatchObject({ status: 'error' })
    expect(system[0]!.message).toContain('Unable to subscribe to changes with given parameters')
    expect(system[0]!.message).toContain('table: payments')

    const bad: { status: string; message: string }[] = []
    const badFilter = manager
      .channel('bad-filter')
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'orders', filter: 'nope=eq.1' },
        () => {},
      )
      .on('system', {}, (p: { status: string; message: string }) => bad.push(p))
    await new Promise<void>((resolve) =>
      badFilter.subscribe((s) => s === 'SUBSCRIBED' && resolve()),
    )
    await sleep(100)
    expect(bad[0]?.message).toContain('invalid column for filter nope')
  })

  it('withholds only the change whose own visibility check fails', async () => {
    const db = server.server.db
    await db.pg.exec(`
      create table public.rt_notes (id int primary key, body text not null);
      alter table public.rt_notes enable row level security;
      -- Errors (division by zero) on the row whose body is 'boom'.
      create policy "notes readable" on public.rt_notes for select to authenticated
        using (1 / (case when body = 'boom' then 0 else 1 end) = 1);
      grant select on public.rt_notes to authenticated;
      alter publication supabase_realtime add table public.rt_notes;
    `)
    const s = await shopper()
    const watch = await watchTable(s.client, 'notes', { event: 'INSERT', table: 'rt_notes' })
    // One commit: its changes reach the server together and are checked as one batch.
    await db.pg.query(
      `insert into public.rt_notes values (1, 'first'), (2, 'boom'), (3, 'third'), (4, 'fourth')`,
    )
    await watch.next((c) => (c.new as { id?: number }).id === 4)
    await sleep(100)
    expect(watch.changes.map((c) => (c.new as { id: number }).id).sort()).toEqual([1, 3, 4])
  })

  it.runIf(dbEngine === 'postgres')(
    'keeps serving new tables once autovacuum has analysed the catalogs, past a table it cannot capture',
    async () => {
      const db = server.server.db
      // A published table of another owner: the server cannot put its capture trigger there.
      await asSuperuser(
        db,
        `create table public.rt_platform (id int primary key);
         alter publication supabase_realtime add table public.rt_platform;`,
      )
      // What autovacuum does after the migrations: with these statistics the planner once cast every
      // relation's name (pg_toast's too) to regclass, which the owner may not, and no join succeeded.
      await asSuperuser(db, 'analyze pg_catalog.pg_class; analyze pg_catalog.pg_trigger')
      await db.pg.exec(`
        create table public.rt_late (id int primary key, body text);
        grant select on public.rt_late to service_role;
        alter publication supabase_realtime add table public.rt_late;
      `)
      const watch = await watchTable(server.admin(), 'late', { event: 'INSERT', table: 'rt_late' })
      expect(watch.system[0]).toMatchObject({ status: 'ok' })
      await db.pg.query(`insert into public.rt_late values (1, 'arrives')`)
      const change = await watch.next()
      expect(change.new).toEqual({ id: 1, body: 'arrives' })
    },
  )
})
