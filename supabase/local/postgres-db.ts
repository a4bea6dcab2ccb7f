/**
 * The embedded server's database on a real PostgreSQL (`DATABASE_URL`), behind the same `LocalDb` the
 * REST and auth code use with PGlite.
 *
 * - `pg` is a small pool of the owner's connections (`DATABASE_URL`, the `postgres` role): auth
 *   internals, migrations, the seed, and `LISTEN` for the schema-cache and catalogue change notices.
 * - API requests run on a second pool (`DATABASE_API_URL`, by default the same URL; on a project set
 *   up as hosted is, the `authenticator` login), each in its own transaction with PostgREST's preamble:
 *   the role, `request.jwt.claims` and the rest set with `set_config(..., true)`, and the role's own
 *   `statement_timeout`, as PostgREST applies it.
 * - Values come back as PGlite returns them (int8 as a number when it is safe), so callers never branch
 *   on the engine.
 * - The same migrations and seed apply, each once, recorded as the Supabase CLI does. A database without
 *   the hosted bootstrap (no `auth` schema) gets `bootstrap.sql`, which needs a superuser.
 */
import { readFileSync } from 'node:fs'
import type { Results, Transaction } from '@electric-sql/pglite'
import pg from 'pg'
import {
  applyMigrations,
  bootstrapFile,
  commitNotices,
  defaultMigrationsDir,
  defaultSeedFile,
  DatabaseSetupError,
  ensureSeedTable,
  PgLikeError,
  requestPreamble,
  runSeed,
  type LocalDb,
  type OwnerSession,
} from './db'

export interface OpenPostgresOptions {
  /** The owner's connection string (`DATABASE_URL`). */
  url: string
  /** The API requests' connection string (`DATABASE_API_URL`); default `url`. */
  apiUrl?: string
  /** Connections for API requests (default 10); the owner's pool holds a third of that. */
  poolSize?: number
  /** Folder of migrations (default `supabase/migrations`); `null` applies none. */
  migrationsDir?: string | null
  /** Run the seed if this database was never seeded (default true). */
  seed?: boolean
  seedFile?: string
  log?: (msg: string) => void
}

type QueryOptions = {
  rowMode?: 'array' | 'object'
  parsers?: Record<number, (v: string, t: number) => unknown>
}
type Parser = (value: string) => unknown

const noParse = (pg.types.getTypeParser as (oid: number) => Parser)(0)

/** pg-types' array parser (its typings and its runtime shape differ between versions). */
const arrayParser = pg.types.arrayParser as unknown as
  | ((source: string, transform: Parser) => unknown[])
  | { create(source: string, transform: Parser): { parse(): unknown[] } }
const parseArray = (source: string, transform: Parser) =>
  typeof arrayParser === 'function'
    ? arrayParser(source, transform)
    : arrayParser.create(source, transform).parse()

/** Parsers for one database: int8 as a number when it fits and every array type parsed, as PGlite. */
function makeTypes(arrays: Map<number, number>) {
  const base = (oid: number, format?: string): Parser => {
    if (oid === 20) {
      return (v) => {
        const n = BigInt(v)
        return n < Number.MIN_SAFE_INTEGER || n > Number.MAX_SAFE_INTEGER ? n : Number(n)
      }
    }
    const own = pg.types.getTypeParser(oid, (format ?? 'text') as 'text') as Parser
    const element = arrays.get(oid)
    if (own !== noParse || element === undefined) return own
    const parseElement = base(element)
    return (v) => parseArray(v, parseElement)
  }
  const baseTypes = { getTypeParser: base }
  return (options?: QueryOptions) => {
    const parsers = options?.parsers
    if (!parsers) return baseTypes
    return {
      getTypeParser: (oid: number, format?: string): Parser => {
        const own = parsers[oid]
        return own ? (v) => own(v, oid) : base(oid, format)
      },
    }
  }
}
type Types = ReturnType<typeof makeTypes>

function asResults<T>(res: pg.QueryResult): Results<T> {
  const writes = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']
  return {
    rows: res.rows as T[],
    affectedRows: writes.includes(res.command) ? (res.rowCount ?? 0) : 0,
    fields: (res.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  }
}

type Client = pg.PoolClient | pg.Client

function query<T>(
  types: Types,
  client: Client,
  sql: string,
  params?: unknown[],
  options?: QueryOptions,
) {
  return client
    .query({
      text: sql,
      values: params ?? [],
      types: types(options),
      ...(options?.rowMode === 'array' ? { rowMode: 'array' } : {}),
    })
    .then((res) => asResults<T>(res))
}

/** Several statements at once (the simple protocol), as PGlite's `exec`. */
async function exec(types: Types, client: Client, sql: string): Promise<Results[]> {
  const res = (await client.query({ text: sql, types: types() })) as
    pg.QueryResult | pg.QueryResult[]
  return (Array.isArray(res) ? res : [res]).map((r) => asResults(r))
}

function tagged(strings: TemplateStringsArray): string {
  return strings.reduce((sql, part, i) => sql + (i > 0 ? `$${i}` : '') + part, '')
}

/** A transaction on one checked-out connection, with PGlite's `Transaction` surface. */
function transactionOn(types: Types, client: Client, listen: OwnerSession['listen']): Transaction {
  let closed = false
  return {
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      query<T>(types, client, sql, params, options),
    sql: <T>(strings: TemplateStringsArray, ...values: unknown[]) =>
      query<T>(types, client, tagged(strings), values),
    exec: (sql: string) => exec(types, client, sql),
    async rollback() {
      await client.query('rollback')
      closed = true
    },
    listen: (channel, callback) => listen(channel, callback),
    get closed() {
      return closed
    },
  }
}

async function inTransaction<T>(
  types: Types,
  client: Client,
  begin: string,
  listen: OwnerSession['listen'],
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  await client.query(begin)
  const tx = transactionOn(types, client, listen)
  try {
    const result = await fn(tx)
    if (!tx.closed) await client.query('commit')
    return result
  } catch (error) {
    if (!tx.closed) await client.query('rollback').catch(() => {})
    throw error
  }
}

export async function openPostgresDatabase(opts: OpenPostgresOptions): Promise<LocalDb> {
  const log = opts.log ?? (() => {})
  const size = opts.poolSize ?? 10
  const owner = new pg.Pool({ connectionString: opts.url, max: Math.max(2, Math.ceil(size / 3)) })
  const api = new pg.Pool({ connectionString: opts.apiUrl ?? opts.url, max: size })
  // An idle connection that the server drops must not take the process down.
  owner.on('error', (e) => log(`database: idle owner connection lost: ${e.message}`))
  api.on('error', (e) => log(`database: idle API connection lost: ${e.message}`))

  // One connection for LISTEN, opened on first use.
  let listener: Promise<pg.Client> | null = null
  const handlers = new Map<string, Set<(payload: string) => void>>()
  const listenClient = () =>
    (listener ??= (async () => {
      const client = new pg.Client({ connectionString: opts.url })
      client.on('error', (e) => log(`database: LISTEN connection lost: ${e.message}`))
      client.on('notification', (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '')
      })
      await client.connect()
      return client
    })())
  const listen: OwnerSession['listen'] = async (channel, callback) => {
    const client = await listenClient()
    let set = handlers.get(channel)
    if (!set) {
      set = new Set()
      handlers.set(channel, set)
      await client.query(`listen ${pg.escapeIdentifier(channel)}`)
    }
    set.add(callback)
    return async () => {
      set.delete(callback)
    }
  }

  // Array types of this database, filled once it is reachable (the built-in ones parse without it).
  const arrays = new Map<number, number>()
  const types = makeTypes(arrays)
  let closed = false
  const session: OwnerSession = {
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      owner
        .connect()
        .then((client) =>
          query<T>(types, client, sql, params, options).finally(() => client.release()),
        ),
    exec: (sql: string) =>
      owner.connect().then((client) => exec(types, client, sql).finally(() => client.release())),
    transaction: async <T>(fn: (tx: Transaction) => Promise<T>) => {
      const client = await owner.connect()
      try {
        return await inTransaction(types, client, 'begin', listen, fn)
      } finally {
        client.release()
      }
    },
    listen,
    async close() {
      if (closed) return
      closed = true
      if (listener) await (await listener).end().catch(() => {})
      await Promise.all([owner.end(), api.end()])
    },
    get closed() {
      return closed
    },
  } as OwnerSession

  try {
    await prepare(session, opts, log)
  } catch (error) {
    await session.close()
    throw error
  }
  const timeouts = await roleTimeouts(session)
  const arrayTypes = await session.query<{ oid: number; element: number }>(
    `select oid::int as oid, typelem::int as element from pg_type where typcategory = 'A' and typelem <> 0`,
  )
  for (const row of arrayTypes.rows) arrays.set(row.oid, row.element)

  let inFlight = 0
  let idle: (() => void) | null = null
  const commits = commitNotices()
  const withRequest: LocalDb['withRequest'] = async (ctx, reqOpts, fn) => {
    if (closed)
      throw new PgLikeError('57P01', 'terminating connection due to administrator command')
    inFlight++
    const client = await api.connect().catch((error: unknown) => {
      inFlight--
      throw error
    })
    try {
      return await commits.after(reqOpts, () =>
        inTransaction(types, client, 'begin', listen, async (tx) => {
          const [preamble, params] = requestPreamble(ctx, reqOpts)
          await tx.query(preamble, params)
          const timeout = timeouts.get(ctx.role)
          if (timeout) await tx.query(`select set_config('statement_timeout', $1, true)`, [timeout])
          const result = await fn(tx)
          if (reqOpts.rollback && !tx.closed) await tx.rollback()
          return result
        }),
      )
    } finally {
      client.release()
      inFlight--
      if (inFlight === 0 && idle) idle()
    }
  }

  return {
    pg: session,
    withRequest,
    onCommit: commits.onCommit,
    async close() {
      if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve))
      await session.close()
    },
  }
}

/** Bootstrap (when the database has none), migrations and the seed, as the owner. */
async function prepare(session: OwnerSession, opts: OpenPostgresOptions, log: (m: string) => void) {
  const state = await session.query<{ auth: boolean; history: boolean }>(
    `select to_regclass('auth.users') is not null as auth,
            to_regclass('supabase_migrations.schema_migrations') is not null as history`,
  )
  const { auth, history } = state.rows[0]!
  if (!auth) {
    try {
      await session.transaction((tx) => tx.exec(readFileSync(bootstrapFile, 'utf8')))
    } catch (error) {
      throw new DatabaseSetupError(
        `The database has no auth schema and bootstrap.sql failed (${(error as Error).message}). ` +
          'Point DATABASE_URL at a Supabase database, or run once as a superuser.',
        bootstrapFile,
        error,
      )
    }
    log('bootstrap applied')
  } else if (!history) {
    // A Supabase database before its first `supabase db push`: the CLI's history tables.
    await session.exec(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text not null primary key, name text, statements text[],
        applied_at timestamptz not null default now());`)
  }
  await ensureSeedTable(session, true)
  const migrationsDir = opts.migrationsDir === undefined ? defaultMigrationsDir : opts.migrationsDir
  if (migrationsDir) await applyMigrations(session, migrationsDir, log)
  if (opts.seed !== false) await runSeed(session, opts.seedFile ?? defaultSeedFile, log)
}

/** Each API role's own statement_timeout (`alter role ... set`), which PostgREST applies per request. */
async function roleTimeouts(session: OwnerSession): Promise<Map<string, string>> {
  const res = await session.query<{ role: string; timeout: string }>(
    `select r.rolname as role, split_part(c, '=', 2) as timeout
     from pg_db_role_setting s
     join pg_roles r on r.oid = s.setrole
     cross join unnest(s.setconfig) as c
     where s.setdatabase = 0 and c like 'statement_timeout=%'`,
  )
  return new Map(res.rows.map((r) => [r.role, r.timeout]))
}
