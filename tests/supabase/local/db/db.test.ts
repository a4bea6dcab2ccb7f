import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DatabaseSetupError,
  openDatabase,
  type LocalDb,
  type RequestContext,
} from '../../../../supabase/local/db'
import { freshDb } from '../../../support/test-db'

const USER = '33333333-3333-4333-8333-333333333333'

const ctx = (over: Partial<RequestContext> = {}): RequestContext => ({
  role: 'authenticated',
  claims: { sub: USER, email: 'wanjiru@example.test', aud: 'authenticated' },
  method: 'GET',
  path: '/things',
  headers: { 'X-Client-Info': 'supabase-js/2.119.0', Apikey: 'key' },
  ...over,
})

// initdb and several restarts: slow on a busy machine.
describe('data directory: bootstrap, migrations, seed, persistence', { timeout: 120_000 }, () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'luxe-db-'))
  })
  afterAll(() => {
    rmSync(root, { recursive: true, force: true })
  })

  it('applies migrations in order once, seeds only the first start and keeps data across restarts', async () => {
    const migrations = join(root, 'migrations')
    const dataDir = join(root, 'data')
    const seedFile = join(root, 'seed.sql')
    mkdirSync(migrations)
    writeFileSync(
      join(migrations, '20260101000000_items.sql'),
      `create table public.items (id int primary key, label text not null);
       grant select, insert on public.items to service_role;`,
    )
    writeFileSync(
      join(migrations, '20260102000000_item_price.sql'),
      `alter table public.items add column price numeric(8, 2) not null default 0;`,
    )
    writeFileSync(
      seedFile,
      `insert into public.items (id, label) values (1, 'seeded one'), (2, 'seeded two');`,
    )
    const logs: string[] = []

    let db = await openDatabase({
      dataDir,
      migrationsDir: migrations,
      seedFile,
      bootstrapCache: false,
      log: (m) => logs.push(m),
    })
    expect(logs.some((l) => l.startsWith('bootstrap applied'))).toBe(true)
    const applied = await db.pg.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    )
    expect(applied.rows).toEqual([
      { version: '20260101000000', name: 'items' },
      { version: '20260102000000', name: 'item_price' },
    ])
    // A request's write, committed, must survive a clean close even while close() is waiting for it.
    const slowWrite = db.withRequest(
      ctx({ role: 'service_role', method: 'POST' }),
      {},
      async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 150))
        await tx.query(`insert into public.items (id, label, price) values (3, 'written', 9.5)`)
      },
    )
    await Promise.all([slowWrite, db.close()])

    writeFileSync(
      join(migrations, '20260103000000_item_note.sql'),
      `alter table public.items add column note text;`,
    )
    logs.length = 0
    db = await openDatabase({
      dataDir,
      migrationsDir: migrations,
      seedFile,
      log: (m) => logs.push(m),
    })
    expect(logs.some((l) => l.startsWith('bootstrap applied'))).toBe(false)
    expect(logs.filter((l) => l.startsWith('migration'))).toEqual([
      expect.stringMatching(/^migration 20260103000000_item_note applied/),
    ])
    const items = await db.pg.query<{ id: number; label: string; note: null }>(
      'select id, label, note from public.items order by id',
    )
    expect(items.rows).toEqual([
      { id: 1, label: 'seeded one', note: null },
      { id: 2, label: 'seeded two', note: null },
      { id: 3, label: 'written', note: null },
    ])
    const seeds = await db.pg.query<{ path: string }>(
      'select path from supabase_migrations.seed_files',
    )
    expect(seeds.rows).toEqual([{ path: seedFile }])
    await db.close()
  })

  it('stops start-up on a failing migration, naming the file and the Postgres error, applying none of it', async () => {
    const migrations = join(root, 'bad-migrations')
    mkdirSync(migrations)
    writeFileSync(
      join(migrations, '20260101000000_ok.sql'),
      `create table public.ok_table (id int);`,
    )
    // A first new database leaves the bootstrapped state in the cache (or finds it there already).
    const first = await openDatabase({
      dataDir: join(root, 'first'),
      migrationsDir: migrations,
      seed: false,
    })
    await first.close()
    writeFileSync(
      join(migrations, '20260102000000_broken.sql'),
      `create table public.half_done (id int);\nselect * from public.nope;`,
    )
    const dataDir = join(root, 'bad-data')
    const logs: string[] = []
    const error = await openDatabase({
      dataDir,
      migrationsDir: migrations,
      seed: false,
      log: (m) => logs.push(m),
    }).catch((e: unknown) => e)
    expect(logs[0]).toMatch(/^database opened in \d+ ms \(from the bootstrap cache\)$/)
    expect(error).toBeInstanceOf(DatabaseSetupError)
    const message = (error as Error).message
    expect(message).toContain('20260102000000_broken.sql')
    expect(message).toContain('42P01 relation "public.nope" does not exist')

    rmSync(join(migrations, '20260102000000_broken.sql'))
    const db = await openDatabase({ dataDir, migrationsDir: migrations, seed: false })
    const tables = await db.pg.query<{ ok: string | null; half: string | null }>(
      `select to_regclass('public.ok_table')::text as ok, to_regclass('public.half_done')::text as half`,
    )
    expect(tables.rows).toEqual([{ ok: 'ok_table', half: null }])
    await db.close()
  })
})

describe('withRequest', () => {
  let db: LocalDb
  beforeAll(async () => {
    db = await freshDb({ migrations: false })
    await db.pg.exec(`
      create table public.things (id serial primary key, owner uuid default auth.uid(), label text);
      grant select, insert on public.things to authenticated;
      grant usage on sequence public.things_id_seq to authenticated;
    `)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('runs under the role with PostgREST request settings, which do not leak out of the transaction', async () => {
    const seen = await db.withRequest(ctx(), { readOnly: true }, async (tx) => {
      const res = await tx.query<Record<string, string | null>>(`
        select current_user::text as "user", auth.uid()::text as uid, auth.role() as role,
               auth.email() as email, auth.jwt() ->> 'aud' as aud,
               current_setting('request.method') as method, current_setting('request.path') as path,
               current_setting('request.headers')::json ->> 'x-client-info' as client,
               current_setting('search_path') as search_path,
               current_setting('transaction_read_only') as read_only`)
      return res.rows[0]
    })
    expect(seen).toEqual({
      user: 'authenticated',
      uid: USER,
      role: 'authenticated',
      email: 'wanjiru@example.test',
      aud: 'authenticated',
      method: 'GET',
      path: '/things',
      client: 'supabase-js/2.119.0',
      search_path: '"public", "extensions"',
      read_only: 'on',
    })
    const after = await db.pg.query<{ user: string; claims: string; uid: string | null }>(
      `select current_user::text as "user", current_setting('request.jwt.claims', true) as claims,
              auth.uid()::text as uid`,
    )
    expect(after.rows[0]).toEqual({ user: 'postgres', claims: '', uid: null })
    const anon = await db.withRequest(ctx({ role: 'anon', claims: {} }), {}, async (tx) => {
      return (
        await tx.query<{ uid: string | null; role: string }>(
          `select auth.uid() as uid, auth.role() as role`,
        )
      ).rows[0]
    })
    expect(anon).toEqual({ uid: null, role: 'anon' })
  })

  it('refuses writes when read only, rolls back on request, on throw and on SQL errors, and stays usable', async () => {
    const readOnly = await db
      .withRequest(ctx(), { readOnly: true }, (tx) =>
        tx.query(`insert into public.things (label) values ('ro')`),
      )
      .catch((e: { code?: string }) => e.code)
    expect(readOnly).toBe('25006')
    await db.withRequest(ctx(), { rollback: true }, (tx) =>
      tx.query(`insert into public.things (label) values ('rolled back')`),
    )
    await expect(
      db.withRequest(ctx(), {}, async (tx) => {
        await tx.query(`insert into public.things (label) values ('thrown')`)
        throw new Error('refused after the write')
      }),
    ).rejects.toThrow('refused after the write')
    await expect(
      db.withRequest(ctx(), {}, async (tx) => {
        await tx.query(`insert into public.things (label) values ('before error')`)
        await tx.query(`select 1 / 0`)
      }),
    ).rejects.toMatchObject({ code: '22012' })
    await db.withRequest(ctx(), {}, (tx) =>
      tx.query(`insert into public.things (label) values ('kept')`),
    )
    const labels = await db.pg.query<{ label: string; owner: string }>(
      `select label, owner::text from public.things`,
    )
    expect(labels.rows).toEqual([{ label: 'kept', owner: USER }])
  })

  it('serializes concurrent requests on the single connection without losing any', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.withRequest(ctx({ method: 'POST' }), {}, async (tx) => {
          await tx.query(`insert into public.things (label) values ($1)`, [`parallel ${i}`])
          await new Promise((resolve) => setTimeout(resolve, 1))
          const mine = await tx.query<{ n: number }>(
            `select count(*)::int as n from public.things where label = $1`,
            [`parallel ${i}`],
          )
          return mine.rows[0]!.n
        }),
      ),
    ).then((counts) => expect(counts).toEqual(Array(20).fill(1)))
    const total = await db.pg.query<{ n: number }>(
      `select count(*)::int as n from public.things where label like 'parallel %'`,
    )
    expect(total.rows[0]!.n).toBe(20)
  })

  it('only switches to roles granted to the authenticator', async () => {
    const superuser = await db
      .withRequest(ctx({ role: 'postgres' }), {}, (tx) => tx.query('select 1'))
      .catch((e: { code?: string; message?: string }) => [e.code, e.message])
    expect(superuser).toEqual(['42501', 'permission denied to set role "postgres"'])
    const missing = await db
      .withRequest(ctx({ role: 'nobody' }), {}, (tx) => tx.query('select 1'))
      .catch((e: { code?: string; message?: string }) => [e.code, e.message])
    expect(missing).toEqual(['22023', 'role "nobody" does not exist'])
  })

  it('installs no default privileges: a new public table is closed to the API roles until granted', async () => {
    await db.pg.exec(`create table public.ungranted (id int)`)
    const denied = await db
      .withRequest(ctx(), {}, (tx) => tx.query('select * from public.ungranted'))
      .catch((e: { code?: string }) => e.code)
    expect(denied).toBe('42501')
    const acl = await db.pg.query(`select 1 from pg_default_acl`)
    expect(acl.rows).toHaveLength(0)
    const service = await db
      .withRequest(ctx({ role: 'service_role' }), {}, (tx) =>
        tx.query('select * from public.ungranted'),
      )
      .catch((e: { code?: string }) => e.code)
    expect(service).toBe('42501')
  })

  it('gives each freshDb() its own copy of the template', async () => {
    const other = await freshDb({ migrations: false })
    try {
      const res = await other.pg.query(`select to_regclass('public.things') as t`)
      expect(res.rows).toEqual([{ t: null }])
      const roles = await other.pg.query<{ rolname: string; rolbypassrls: boolean }>(
        `select rolname, rolbypassrls from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
      )
      expect(roles.rows).toEqual([
        { rolname: 'anon', rolbypassrls: false },
        { rolname: 'authenticated', rolbypassrls: false },
        { rolname: 'authenticator', rolbypassrls: false },
        { rolname: 'service_role', rolbypassrls: true },
      ])
    } finally {
      await other.close()
    }
  })
})
