import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRestEnv, type RestEnv } from '../../../support/rest-server'
import { installRestSchema, USER_A, USER_B } from '../../../support/rest-schema'
import { freshDb } from '../../../support/test-db'

let env: RestEnv
let userA: SupabaseClient
let userB: SupabaseClient

beforeAll(async () => {
  env = await startRestEnv(await freshDb({ migrations: false }), installRestSchema)
  userA = env.server.client(await env.server.userToken(USER_A))
  userB = env.server.client(await env.server.userToken(USER_B))
})

afterAll(async () => {
  await env?.close()
})

/** Runs SQL as the superuser (the table owner's view), e.g. to check what really is stored. */
async function superuser<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await env.db.pg.query<T>(sql, params)).rows
}

describe('insert', () => {
  it('inserts an object with return=minimal: 201, no body, and no SELECT needed (insert-only table)', async () => {
    const res = await env.anon.from('feedback').insert({ message: 'Lovely fabrics' })
    expect(res).toMatchObject({ status: 201, data: null, error: null })
    const rows = await superuser<{ message: string }>(
      `select message from public.feedback where message = 'Lovely fabrics'`,
    )
    expect(rows).toHaveLength(1)
    // Asking for the row back needs SELECT, which anon lacks: refused, and nothing is kept.
    const back = await env.anon.from('feedback').insert({ message: 'Read me back' }).select()
    expect(back.status).toBe(401)
    expect(back.error?.code).toBe('42501')
    expect(
      await superuser(`select 1 from public.feedback where message = 'Read me back'`),
    ).toHaveLength(0)
  })

  it('inserts arrays with columns: missing keys become NULL, or DEFAULT with defaultToNull false', async () => {
    const nulls = await env.service
      .from('products')
      .insert([
        { name: 'Null Stock A', price: 1, stock: 7 },
        { name: 'Null Stock B', price: 2 },
      ])
      .select('name, stock, tags')
    expect(nulls.status).toBe(201)
    expect(nulls.data).toEqual([
      { name: 'Null Stock A', stock: 7, tags: [] },
      { name: 'Null Stock B', stock: null, tags: [] },
    ])
    const defaults = await env.service
      .from('products')
      .insert(
        [
          { name: 'Default Stock A', price: 1, stock: 7 },
          { name: 'Default Stock B', price: 2 },
        ],
        { defaultToNull: false },
      )
      .select('name, stock')
    expect(defaults.data).toEqual([
      { name: 'Default Stock A', stock: 7 },
      { name: 'Default Stock B', stock: 5 },
    ])
    const empty = await env.service.from('brands').insert([]).select()
    expect(empty).toMatchObject({ status: 201, data: [] })
  })

  it('returns the representation, as an object with .single(), and keeps exact JSON values', async () => {
    const { data, status } = await env.service
      .from('products')
      .insert({
        name: 'Precise',
        price: 12345678.9,
        meta: { nested: { list: [1, 'two', null] } },
        tags: ['a', 'b,c'],
      })
      .select('name, price::text, meta, tags, brands(name)')
      .single()
    expect(status).toBe(201)
    expect(data).toEqual({
      name: 'Precise',
      price: '12345678.90',
      meta: { nested: { list: [1, 'two', null] } },
      tags: ['a', 'b,c'],
      brands: null,
    })
  })

  it('rolls back a .single() insert of several rows (406 PGRST116)', async () => {
    const res = await env.service
      .from('brands')
      .insert([{ name: 'Twin One' }, { name: 'Twin Two' }])
      .select()
      .single()
    expect(res.status).toBe(406)
    expect(res.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' })
    expect(await superuser(`select 1 from public.brands where name like 'Twin%'`)).toHaveLength(0)
  })

  it('refuses unknown columns (PGRST204) and invalid JSON (PGRST102)', async () => {
    const res = await env.service.from('brands').insert({ name: 'X', nope: 1 })
    expect(res.status).toBe(400)
    expect(res.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'brands' in the schema cache",
    })
    const bad = await env.raw('/brands', {
      method: 'POST',
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
      token: env.server.serviceRoleKey,
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' })
  })

  it('maps constraint violations: 23505/23503 → 409, 23502/23514/22P02 → 400', async () => {
    const dup = await env.service.from('brands').insert({ name: 'Maasai Made' })
    expect(dup.status).toBe(409)
    expect(dup.error).toMatchObject({
      code: '23505',
      message: 'duplicate key value violates unique constraint "brands_name_key"',
      details: 'Key (name)=(Maasai Made) already exists.',
    })
    const fk = await env.service
      .from('products')
      .insert({ name: 'Orphan', price: 1, brand_id: 999 })
    expect(fk.status).toBe(409)
    expect(fk.error?.code).toBe('23503')
    const notNull = await env.service.from('brands').insert({ country: 'KE' })
    expect(notNull.status).toBe(400)
    expect(notNull.error?.code).toBe('23502')
    const check = await env.service.from('products').insert({ name: 'Negative', price: -1 })
    expect(check.status).toBe(400)
    expect(check.error?.code).toBe('23514')
    const type = await env.service.from('products').insert({ name: 'Typo', price: 'cheap' })
    expect(type.status).toBe(400)
    expect(type.error?.code).toBe('22P02')
  })

  it('upserts with merge-duplicates, ignore-duplicates and on_conflict', async () => {
    await env.service.from('brands').insert({ id: 50, name: 'Upsert Me', country: 'KE' })
    const merged = await env.service
      .from('brands')
      .upsert({ id: 50, name: 'Upsert Me', country: 'TZ' })
      .select('id, country')
    expect(merged.data).toEqual([{ id: 50, country: 'TZ' }])
    const ignored = await env.service
      .from('brands')
      .upsert({ id: 50, name: 'Ignored', country: 'UG' }, { ignoreDuplicates: true })
      .select()
    expect(ignored.data).toEqual([])
    const byName = await env.service
      .from('brands')
      .upsert({ name: 'Upsert Me', country: 'RW' }, { onConflict: 'name' })
      .select('id, country')
    expect(byName.data).toEqual([{ id: 50, country: 'RW' }])
    const badColumns = await env.raw(
      '/brands?columns=' + encodeURIComponent('"name","x"; drop table public.brands; --"'),
      {
        method: 'POST',
        body: JSON.stringify([{ name: 'Columns' }]),
        headers: { 'content-type': 'application/json' },
        token: env.server.serviceRoleKey,
      },
    )
    expect(badColumns.status).toBe(400)
    expect((await badColumns.json()).code).toBe('PGRST204')
    const badTarget = await env.service
      .from('brands')
      .upsert(
        { name: 'Upsert Me' },
        { onConflict: 'name) do nothing; drop table public.brands; --' },
      )
    expect(badTarget.status).toBe(400)
    expect(await superuser(`select 1 from public.brands where id = 50`)).toHaveLength(1)
  })

  it('checks Content-Profile on writes (406 PGRST106)', async () => {
    const res = await env.service.schema('auth').from('users').insert({ email: 'x@example.test' })
    expect(res.status).toBe(406)
    expect(res.error?.code).toBe('PGRST106')
  })

  it('honours Prefer: tx=rollback and return=headers-only', async () => {
    const res = await env.raw('/brands?select=name', {
      method: 'POST',
      body: JSON.stringify({ name: 'Rolled Back' }),
      headers: { 'content-type': 'application/json', prefer: 'return=representation, tx=rollback' },
      token: env.server.serviceRoleKey,
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual([{ name: 'Rolled Back' }])
    expect(res.headers.get('preference-applied')).toContain('tx=rollback')
    expect(await superuser(`select 1 from public.brands where name = 'Rolled Back'`)).toHaveLength(
      0,
    )
    const located = await env.raw('/brands', {
      method: 'POST',
      body: JSON.stringify({ id: 77, name: 'Located' }),
      headers: { 'content-type': 'application/json', prefer: 'return=headers-only' },
      token: env.server.serviceRoleKey,
    })
    expect(located.status).toBe(201)
    expect(located.headers.get('location')).toBe('/brands?id=eq.77')
  })
})

describe('update and delete', () => {
  it('updates only the rows RLS lets the user see', async () => {
    const own = await userA
      .from('orders')
      .update({ note: 'ring the bell' })
      .eq('id', 2)
      .select('id, note')
    expect(own).toMatchObject({ status: 200, data: [{ id: 2, note: 'ring the bell' }] })
    const other = await userA.from('orders').update({ note: 'hijacked' }).eq('id', 3).select()
    expect(other).toMatchObject({ status: 200, data: [], error: null })
    expect(await superuser(`select note from public.orders where id = 3`)).toEqual([{ note: null }])
    const minimal = await userA.from('orders').update({ note: 'quiet' }).eq('id', 2)
    expect(minimal).toMatchObject({ status: 204, data: null, error: null })
    const counted = await env.raw('/orders?id=eq.2', {
      method: 'PATCH',
      body: JSON.stringify({ note: 'counted' }),
      headers: { 'content-type': 'application/json', prefer: 'count=exact' },
      token: await env.server.userToken(USER_A),
    })
    expect(counted.status).toBe(204)
    expect(counted.headers.get('content-range')).toBe('0-0/1')
  })

  it('refuses unfiltered UPDATE and DELETE like safeupdate (400 21000)', async () => {
    const upd = await env.service.from('products').update({ stock: 0 })
    expect(upd.status).toBe(400)
    expect(upd.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' })
    const del = await env.service.from('products').delete()
    expect(del.status).toBe(400)
    expect(del.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' })
    expect((await superuser(`select count(*)::int as n from public.products`))[0]).not.toEqual({
      n: 0,
    })
  })

  it('deletes with filters, returning the rows when asked', async () => {
    const { data: created } = await userA.from('orders').insert({ total: 10 }).select('id').single()
    const id = (created as { id: number }).id
    const other = await userB.from('orders').delete().eq('id', id).select()
    expect(other.data).toEqual([])
    const mine = await userA.from('orders').delete().eq('id', id).select('id, total')
    expect(mine).toMatchObject({ status: 200, data: [{ id, total: 10 }] })
    const again = await userA.from('orders').delete().eq('id', id)
    expect(again.status).toBe(204)
  })

  it('limits PATCH to the first rows in order, and enforces max-affected with handling=strict', async () => {
    const res = await env.raw('/products?price=gte.0&order=id.desc&limit=1', {
      method: 'PATCH',
      body: JSON.stringify({ stock: 42 }),
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      token: env.server.serviceRoleKey,
    })
    const rows = (await res.json()) as { id: number; stock: number }[]
    expect(rows).toHaveLength(1)
    const [max] = await superuser<{ id: number }>(`select max(id)::int as id from public.products`)
    expect(rows[0]).toMatchObject({ id: max!.id, stock: 42 })
    const strict = await env.raw('/products?id=in.(1,2)', {
      method: 'PATCH',
      body: JSON.stringify({ stock: 1 }),
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=1' },
      token: env.server.serviceRoleKey,
    })
    expect(strict.status).toBe(400)
    expect((await strict.json()).code).toBe('PGRST124')
    expect(
      await superuser(`select stock from public.products where id in (1, 2) order by id`),
    ).toEqual([{ stock: 5 }, { stock: 0 }])
  })

  it('enforces column privileges (only full_name is updatable on profiles)', async () => {
    const ok = await userA
      .from('profiles')
      .update({ full_name: 'Amina Wanjiru' })
      .eq('id', USER_A)
      .select('full_name')
    expect(ok.data).toEqual([{ full_name: 'Amina Wanjiru' }])
    const denied = await userA.from('profiles').update({ username: 'boss' }).eq('id', USER_A)
    expect(denied.status).toBe(403)
    expect(denied.error?.code).toBe('42501')
  })
})

describe('row level security through the API', () => {
  it('anon gets 401 on orders, the owner their rows, another user none', async () => {
    const anon = await env.anon.from('orders').select('id')
    expect(anon.status).toBe(401)
    expect(anon.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table orders',
    })
    const a = await userA.from('orders').select('id').in('id', [1, 2, 3]).order('id')
    expect(a.data).toEqual([{ id: 1 }, { id: 2 }])
    const b = await userB.from('orders').select('id').in('id', [1, 2]).order('id')
    expect(b.data).toEqual([])
    const all = await env.service.from('orders').select('id').in('id', [1, 2, 3]).order('id')
    expect(all.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
  })

  it('refuses rows that fail WITH CHECK with 403 42501 (insert and update)', async () => {
    const insert = await userA.from('orders').insert({ user_id: USER_B, total: 1 })
    expect(insert.status).toBe(403)
    expect(insert.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "orders"',
    })
    const update = await userA.from('orders').update({ user_id: USER_B }).eq('id', 1)
    expect(update.status).toBe(403)
    expect(update.error?.code).toBe('42501')
    const anonInsert = await env.anon.from('orders').insert({ user_id: USER_A, total: 1 })
    expect(anonInsert.status).toBe(401)
    const defaulted = await userB.from('orders').insert({ total: 3 }).select('user_id').single()
    expect(defaulted.data).toEqual({ user_id: USER_B })
  })

  it('each denial above depends on its policy or grant: weakened, the same requests succeed', async () => {
    try {
      await env.db.pg.exec(`
        alter policy orders_select on public.orders using (true);
        alter policy orders_insert on public.orders with check (true);
        grant select on public.orders to anon;
        create policy orders_anon on public.orders for select to anon using (true);
      `)
      const b = await userB.from('orders').select('id').in('id', [1, 2]).order('id')
      expect(b.data).toEqual([{ id: 1 }, { id: 2 }])
      const anon = await env.anon.from('orders').select('id').eq('id', 1)
      expect(anon.data).toEqual([{ id: 1 }])
      const insert = await userA
        .from('orders')
        .insert({ user_id: USER_B, total: 1 })
        .select('user_id')
      expect(insert.data).toEqual([{ user_id: USER_B }])
    } finally {
      await env.db.pg.exec(`
        alter policy orders_select on public.orders using (user_id = (select auth.uid()));
        alter policy orders_insert on public.orders with check (user_id = (select auth.uid()));
        drop policy orders_anon on public.orders;
        revoke select on public.orders from anon;
      `)
    }
    const again = await userB.from('orders').select('id').in('id', [1, 2])
    expect(again.data).toEqual([])
  })
})

describe('rpc', () => {
  it('calls with named arguments, defaults, GET query arguments and a single unnamed json body', async () => {
    expect((await env.anon.rpc('add', { a: 2 })).data).toBe(3)
    expect((await env.anon.rpc('add', { a: 2, b: 5 })).data).toBe(7)
    expect((await env.anon.rpc('add', { a: 1, b: 2 }, { get: true })).data).toBe(3)
    expect((await env.anon.rpc('total', { xs: [1, 2, 3] })).data).toBe(6)
    expect((await env.anon.rpc('total', { xs: [4, 5] }, { get: true })).data).toBe(9)
    const echo = await env.anon.rpc('echo', { x: [1, 'y', { z: null }] })
    expect(echo.data).toEqual({ x: [1, 'y', { z: null }] })
  })

  it('answers 404 PGRST202 for unknown functions or argument names', async () => {
    const res = await env.anon.rpc('nope', { a: 1 })
    expect(res.status).toBe(404)
    expect(res.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.nope(a) in the schema cache',
    })
    const args = await env.anon.rpc('add', { z: 1 })
    expect(args.error?.code).toBe('PGRST202')
  })

  it('returns 204 for void, and runs GET (read only) refusing writes with 405 25006', async () => {
    const res = await env.anon.rpc('log_visit', { path: '/home' })
    expect(res).toMatchObject({ status: 204, data: null, error: null })
    expect(await superuser(`select path from public.visits where path = '/home'`)).toHaveLength(1)
    const get = await env.anon.rpc('log_visit', { path: '/get' }, { get: true })
    expect(get.status).toBe(405)
    expect(get.error).toMatchObject({
      code: '25006',
      message: 'cannot execute INSERT in a read-only transaction',
    })
  })

  it('runs stable and immutable functions read only, volatile ones read-write', async () => {
    expect((await env.anon.rpc('tx_mode_stable')).data).toBe('on')
    expect((await env.anon.rpc('tx_mode_volatile')).data).toBe('off')
    expect((await env.anon.rpc('tx_mode_volatile', {}, { get: true })).data).toBe('on')
  })

  it('maps raise exception to 400 P0001 and PTxyz to status xyz', async () => {
    const res = await env.anon.rpc('fail_with', { msg: 'Out of stock' })
    expect(res.status).toBe(400)
    expect(res.error).toEqual({
      code: 'P0001',
      message: 'Out of stock',
      details: 'Something specific',
      hint: 'Try another thing',
    })
    const teapot = await env.anon.rpc('teapot')
    expect(teapot.status).toBe(418)
    expect(teapot.error).toMatchObject({ code: 'PT418', message: 'I am a teapot' })
  })

  it('returns scalars, sets (filterable), TABLE results and composites', async () => {
    expect((await env.anon.rpc('series', { n: 5 }).limit(2)).data).toEqual([1, 2])
    const counted = await env.anon.rpc('series', { n: 4 }, { count: 'exact' })
    expect(counted).toMatchObject({ data: [1, 2, 3, 4], count: 4 })
    const head = await env.anon.rpc('series', { n: 4 }, { head: true, count: 'exact' })
    expect(head).toMatchObject({ data: null, count: 4 })
    const brands = await env.anon
      .rpc('brands_in', { c: 'KE' })
      .select('name, products(id)')
      .eq('id', 2)
    expect(brands.data).toEqual([{ name: 'Maasai Made', products: [{ id: 3 }] }])
    const table = await env.anon
      .rpc('price_list')
      .lt('price', 3000)
      .in('product', ['Gift Card', 'Beaded Sandals', 'Kitenge Shirt'])
      .order('price')
      .limit(2)
    expect(table.data).toEqual([
      { product: 'Gift Card', price: 0 },
      { product: 'Beaded Sandals', price: 2400 },
    ])
    const one = await env.anon.rpc('cheapest').select('name')
    expect(one.data).toEqual({ name: 'Gift Card' })
  })

  it('sees the caller through auth.uid(), auth.role(), auth.jwt(), and honours response GUCs', async () => {
    const who = await userA.rpc('whoami')
    expect(who.data).toEqual({
      uid: USER_A,
      role: 'authenticated',
      user: 'authenticated',
      email: `${USER_A.slice(0, 8)}@example.test`,
      method: 'POST',
      path: '/rpc/whoami',
      client: expect.stringMatching(/^supabase-js/),
    })
    const anon = await env.anon.rpc('whoami')
    expect(anon.data).toMatchObject({ uid: null, role: 'anon', user: 'anon' })
    const created = await env.raw('/rpc/created', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('x-made')).toBe('yes')
  })
})

describe('JWT handling', () => {
  const orders = (token: string | null) => env.raw('/orders?select=id&id=eq.1', { token })

  it('treats no token as anon and a token without a role claim as anon', async () => {
    expect((await orders(null)).status).toBe(401)
    const noRole = await env.server.sign({ sub: USER_A, exp: Math.floor(Date.now() / 1000) + 60 })
    const res = await orders(noRole)
    expect(res.status).toBe(401)
    expect((await res.json()).code).toBe('42501')
  })

  it('rejects malformed, forged, tampered, alg:none and expired tokens with 401', async () => {
    const two = await orders('abc.def')
    expect(two.status).toBe(401)
    expect(two.headers.get('www-authenticate')).toContain('invalid_token')
    expect(await two.json()).toMatchObject({
      code: 'PGRST301',
      message: 'Expected 3 parts in JWT; got 2',
    })

    const valid = await env.server.userToken(USER_A)
    const [header, payload, sig] = valid.split('.')
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        role: 'service_role',
      }),
    ).toString('base64url')
    const tampered = await orders(`${header}.${forgedPayload}.${sig}`)
    expect(tampered.status).toBe(401)
    expect((await tampered.json()).code).toBe('PGRST301')

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    expect((await orders(`${none}.${forgedPayload}.`)).status).toBe(401)

    const now = Math.floor(Date.now() / 1000)
    const expired = await orders(await env.server.userToken(USER_A, { exp: now - 120 }))
    expect(expired.status).toBe(401)
    expect(await expired.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    // PostgREST allows 30 s of clock skew.
    const skewed = await orders(await env.server.userToken(USER_A, { exp: now - 5 }))
    expect(skewed.status).toBe(200)
  })

  it('refuses roles the authenticator cannot switch to', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60
    const unknown = await orders(await env.server.sign({ role: 'hacker', exp }))
    expect(unknown.status).toBe(401)
    expect((await unknown.json()).code).toBe('22023')
    const superuserRole = await orders(await env.server.sign({ role: 'postgres', exp }))
    expect(superuserRole.status).toBe(403)
    expect(await superuserRole.json()).toMatchObject({
      code: '42501',
      message: 'permission denied to set role "postgres"',
    })
  })
})

describe('schema cache', () => {
  it('reloads after DDL without a restart (event trigger + NOTIFY pgrst)', async () => {
    await env.db.pg.exec(`
      create table public.late_arrival (id int primary key, label text);
      insert into public.late_arrival values (1, 'hello');
      grant select on public.late_arrival to anon;
    `)
    const { data, error } = await env.anon.from('late_arrival').select('label')
    expect(error).toBeNull()
    expect(data).toEqual([{ label: 'hello' }])
    await env.db.pg.exec(`alter table public.late_arrival rename column label to title`)
    const renamed = await env.anon.from('late_arrival').select('title')
    expect(renamed.data).toEqual([{ title: 'hello' }])
    await env.server.handler.reloadSchema()
    const afterReload = await env.anon.from('late_arrival').select('title')
    expect(afterReload.data).toEqual([{ title: 'hello' }])
  })
})
