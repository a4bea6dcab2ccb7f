/**
 * The PostgreSQL test cluster is set up as a hosted Supabase project is, so that what passes here
 * passes there: the roles, their timeouts, the auth helpers, and the safe-update rule in API sessions,
 * inside triggers too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDb } from '../../support/test-db'
import {
  addProduct,
  anon,
  attempt,
  createUser,
  orderPayload,
  placeOrder,
  type LocalDb,
} from '../db/db-kit'

let db: LocalDb

beforeAll(async () => {
  db = await freshDb()
})
afterAll(async () => {
  await db?.close()
})

describe('roles', () => {
  it('has a superuser supabase_admin, and postgres owns the database without being one', async () => {
    const res = await db.pg.query<{ rolname: string; rolsuper: boolean; owner: boolean }>(
      `select r.rolname, r.rolsuper,
              r.oid = (select datdba from pg_database where datname = current_database()) as owner
       from pg_roles r where r.rolname in ('supabase_admin', 'postgres') order by 1`,
    )
    expect(res.rows).toEqual([
      { rolname: 'postgres', rolsuper: false, owner: true },
      { rolname: 'supabase_admin', rolsuper: true, owner: false },
    ])
    const me = await db.pg.query<{ user: string }>('select current_user as user')
    expect(me.rows[0]!.user).toBe('postgres')
  })

  it('reaches the API roles only from the authenticator login, with their statement timeouts', async () => {
    const roles = await db.pg.query<{ rolname: string; rolinherit: boolean; rolcanlogin: boolean }>(
      `select rolname, rolinherit, rolcanlogin from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by 1`,
    )
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolinherit: true, rolcanlogin: false },
      { rolname: 'authenticated', rolinherit: true, rolcanlogin: false },
      { rolname: 'authenticator', rolinherit: false, rolcanlogin: true },
      { rolname: 'service_role', rolinherit: true, rolcanlogin: false },
    ])
    const seen = async (role: 'anon' | 'authenticated' | 'service_role') => {
      const out = await attempt<{ session: string; timeout: string }>(
        db,
        { label: role, role, claims: {} },
        `select session_user as session, current_setting('statement_timeout') as timeout`,
      )
      return out.rows[0]
    }
    expect(await seen('anon')).toEqual({ session: 'authenticator', timeout: '3s' })
    expect(await seen('authenticated')).toEqual({ session: 'authenticator', timeout: '8s' })
    expect(await seen('service_role')).toEqual({ session: 'authenticator', timeout: '8s' })
  })

  it('answers auth.uid(), auth.role() and auth.jwt() from the request claims', async () => {
    const user = await createUser(db, 'Claims')
    const out = await attempt<{ uid: string; role: string; email: string }>(
      db,
      user,
      `select auth.uid() as uid, auth.role() as role, auth.jwt() ->> 'email' as email`,
    )
    expect(out.rows[0]).toEqual({ uid: user.id, role: 'authenticated', email: user.email })
  })
})

describe('the safe-update rule', () => {
  it('refuses an UPDATE or DELETE without WHERE in an API session, not the owner', async () => {
    const update = await attempt(db, anon, 'update public.products set price = price')
    expect(update.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' })
    const del = await attempt(db, anon, 'delete from public.products')
    expect(del.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' })
    // The migrations' own session is not an API session.
    await db.pg.transaction(async (tx) => {
      await tx.query('update private.catalogue_state set revision = revision')
      await tx.rollback()
    })
  })

  it('refuses it inside a trigger of a security definer function, as hosted refused every order', async () => {
    await addProduct(db, { id: 'hs-bag', price: 5000, stock: 5 })
    const order = () => placeOrder(db, anon, orderPayload([{ productId: 'hs-bag', quantity: 1 }]))
    expect((await order()).error).toBeNull()
    // The revision bump as it first landed, without its WHERE clause.
    await db.pg.exec(`
      create or replace function private.bump_catalogue_revision() returns trigger
      language plpgsql security definer set search_path = '' as $$
      begin
        update private.catalogue_state set revision = revision + 1;
        return null;
      end;
      $$;`)
    const refused = await order()
    expect(refused.error).toMatchObject({
      code: '21000',
      message: 'UPDATE requires a WHERE clause',
    })
    expect(refused.value).toBeNull()
  })
})
