/**
 * The embedded database: PGlite (PostgreSQL 18 in WebAssembly) prepared like a hosted Supabase project.
 *
 * - Bootstrap (roles, auth/storage schemas, auth helpers) runs once per data directory.
 * - Migrations from `supabase/migrations/*.sql` apply in filename order, each once and in its own
 *   transaction, recorded in `supabase_migrations.schema_migrations` like the Supabase CLI does.
 * - `supabase/seed.sql` runs once per database (recorded in `supabase_migrations.seed_files`, as the
 *   CLI does), i.e. on the first start of a data directory.
 * - Every API request runs in its own transaction under the request's role and JWT claims
 *   (`withRequest`), because the PGlite session user is a superuser and would bypass RLS.
 *
 * Memory: one PGlite instance costs about 300–500 MB of resident memory (the WebAssembly heap plus the
 * extension bundles). Opening an existing data directory takes 1–3 s; a new database runs initdb and
 * the bootstrap (3–5 s on an idle machine) once, after which new databases unpack a cached copy of
 * that state (about 1 s), as does a dumped data directory passed as `snapshot`.
 * There is a single connection: requests are serialized (PGlite's own mutex guards every query and
 * transaction, and `withRequest` holds it for the whole request). Never call `pg.query` from inside a
 * `withRequest` callback: use the transaction it hands you.
 */
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'

export type { Transaction }
export { commitNotices } from './commit-notices'
import { commitNotices } from './commit-notices'

export type ApiRole = 'anon' | 'authenticated' | 'service_role'

export interface RequestContext {
  role: ApiRole | string
  claims: Record<string, unknown>
  method: string
  path: string
  /** Request headers; keys are lowercased before they reach `request.headers`. */
  headers: Record<string, string>
  /** Request cookies, for `request.cookies`. */
  cookies?: Record<string, string>
  /** The request's search_path (default public, extensions). */
  searchPath?: string[]
}

export interface RequestOptions {
  /** Run the transaction READ ONLY (GET/HEAD, stable functions): writes fail with 25006. */
  readOnly?: boolean
  /** Roll back instead of committing (`Prefer: tx=rollback`, failed `.single()` mutations). */
  rollback?: boolean
}

/**
 * What the server asks of the owner's connection, whichever engine is behind it: PGlite here, or a
 * PostgreSQL pool (`postgres-db.ts`).
 */
export type SqlSession = Pick<PGlite, 'query' | 'exec' | 'transaction'>
export type OwnerSession = SqlSession & Pick<PGlite, 'listen' | 'close' | 'closed'>

export interface LocalDb {
  /** Owner connection: for auth internals and migrations only (it bypasses RLS). */
  pg: OwnerSession
  /**
   * One transaction per API request under the role and claims (PostgREST's preamble with
   * `set_config(..., true)`). READ ONLY when asked; rolled back on throw or when `rollback` is set.
   * Requests are serialized (one connection).
   */
  withRequest<T>(
    ctx: RequestContext,
    opts: RequestOptions,
    fn: (tx: Transaction) => Promise<T>,
  ): Promise<T>
  /**
   * Calls `listener` after each request transaction that could write has committed (not read-only,
   * not rolled back), before `withRequest` returns. Returns a function that stops the calls. The
   * database's own change notices say the same, but on PostgreSQL they arrive later, on another
   * connection.
   */
  onCommit(listener: () => void): () => void
  /** Clean shutdown: waits for running requests, then closes PGlite (data is on disk after this). */
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  /** Directory for the data files; undefined keeps everything in memory. */
  dataDir?: string
  /** Run the seed file if this database was never seeded (default true). */
  seed?: boolean
  /** Folder of `*.sql` migrations (default `supabase/migrations`); `null` applies none. */
  migrationsDir?: string | null
  /** Seed file (default `supabase/seed.sql`); ignored when missing. */
  seedFile?: string
  /**
   * Start from a dumped data directory (`pg.dumpDataDir()`), e.g. a test template. With `dataDir`, the
   * snapshot is unpacked there when the directory is empty.
   */
  snapshot?: Blob | File | Uint8Array
  /**
   * PostgreSQL's buffer pool (`shared_buffers`, e.g. '8MB'). The data directory says 128MB, and in
   * WebAssembly setting up that pool costs about a second at every start; a test database needs far less.
   */
  sharedBuffers?: string
  /**
   * Old projects auto-granted every new public table, function and sequence to the API roles. Hosted
   * projects stopped doing so in 2026; leave this off so migrations must grant explicitly.
   */
  legacyGrants?: boolean
  /**
   * Reuse a bootstrapped data directory cached under node_modules/.tmp for new databases (default
   * true); false always runs initdb and the bootstrap.
   */
  bootstrapCache?: boolean
  log?: (msg: string) => void
}

const supabaseDir = fileURLToPath(new URL('..', import.meta.url))
const projectDir = fileURLToPath(new URL('../..', import.meta.url))
export const defaultMigrationsDir = join(supabaseDir, 'migrations')
export const defaultSeedFile = join(supabaseDir, 'seed.sql')
export const bootstrapFile = fileURLToPath(new URL('./bootstrap.sql', import.meta.url))

/** Extensions loaded into every instance: what hosted offers that PGlite can run. */
export const pgExtensions = { pgcrypto, uuid_ossp, citext, pg_trgm, unaccent }

/** Raised when start-up cannot continue (a failing migration or seed); names the file and the error. */
export class DatabaseSetupError extends Error {
  constructor(
    message: string,
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(message)
    this.name = 'DatabaseSetupError'
  }
}

/** Error shaped like a Postgres error, for checks made outside SQL (PostgREST-style refusals). */
export class PgLikeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly detail?: string,
    readonly hint?: string,
  ) {
    super(message)
  }
}

/** The embedded engine: `pg` is the PGlite instance itself. */
export interface PgliteDb extends LocalDb {
  pg: PGlite
}

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<PgliteDb> {
  const log = opts.log ?? (() => {})
  const started = performance.now()
  // A new database starts from the cached bootstrapped data directory when there is one: unpacking it
  // is several times faster than PGlite's initdb plus the bootstrap.
  const cacheFile = opts.bootstrapCache === false ? null : bootstrapCacheFile(opts)
  const isNew = !opts.snapshot && (!opts.dataDir || isEmptyDir(opts.dataDir))
  const cached = isNew && cacheFile ? readCache(cacheFile) : null
  const snapshot = opts.snapshot ?? cached ?? undefined
  const pg = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(snapshot ? { loadDataDir: asTarBlob(snapshot) } : {}),
    ...(opts.sharedBuffers
      ? {
          startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers}`],
        }
      : {}),
    extensions: pgExtensions,
  })
  log(
    `database opened in ${Math.round(performance.now() - started)} ms${cached ? ' (from the bootstrap cache)' : ''}`,
  )

  try {
    const fresh = await bootstrap(pg, opts, log)
    if (fresh && cacheFile) await writeCache(pg, cacheFile)
    await ensureSeedTable(pg, fresh)
    const migrationsDir =
      opts.migrationsDir === undefined ? defaultMigrationsDir : opts.migrationsDir
    if (migrationsDir) await applyMigrations(pg, migrationsDir, log)
    if (opts.seed !== false) await runSeed(pg, opts.seedFile ?? defaultSeedFile, log)
  } catch (error) {
    await pg.close().catch(() => {})
    throw error
  }

  return makeLocalDb(pg)
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0
}

/** Keyed by everything that shapes a bootstrapped database: PGlite, its extensions, bootstrap.sql. */
function bootstrapCacheFile(opts: OpenDatabaseOptions): string | null {
  try {
    const hash = createHash('sha256')
    hash.update(readFileSync(join(projectDir, 'node_modules/@electric-sql/pglite/package.json')))
    hash.update(Object.keys(pgExtensions).join(','))
    hash.update(readFileSync(bootstrapFile))
    hash.update(opts.legacyGrants ? 'legacy-grants' : '')
    hash.update('checkpointed')
    return join(
      projectDir,
      'node_modules/.tmp',
      `pglite-bootstrap-${hash.digest('hex').slice(0, 16)}.tar`,
    )
  } catch {
    return null
  }
}

/**
 * PGlite reads the dump with `arrayBuffer()`. Node's Blob assembles a large one from small chunks (about a
 * second for a 40 MB dump); bytes already in memory are handed over as they are.
 */
function asTarBlob(snapshot: Blob | File | Uint8Array): Blob {
  if (!(snapshot instanceof Uint8Array)) return snapshot
  const bytes = snapshot
  const direct = {
    type: 'application/x-tar',
    size: bytes.byteLength,
    arrayBuffer: () =>
      Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
  }
  return direct as unknown as Blob
}

function readCache(file: string): Uint8Array | null {
  try {
    return existsSync(file) ? readFileSync(file) : null
  } catch {
    return null
  }
}

/** Best effort: a read-only install simply starts without the cache. */
async function writeCache(pg: PGlite, file: string) {
  try {
    // Checkpointed first, so a database started from the cache has no WAL to replay.
    await pg.exec('checkpoint')
    const dump = await pg.dumpDataDir('none')
    mkdirSync(dirname(file), { recursive: true })
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()))
    renameSync(tmp, file)
  } catch {
    // ignore
  }
}

/** Wraps an open, bootstrapped PGlite. Exposed for tests that build their own instance. */
export function makeLocalDb(pg: PGlite): PgliteDb {
  // Roles the authenticator may switch to; refreshed on a miss because migrations may add roles.
  let switchable = new Set<string>()
  const loadSwitchable = async (tx: Transaction) => {
    const res = await tx.query<{ rolname: string }>(
      `select rolname from pg_roles where pg_has_role('authenticator', oid, 'MEMBER')`,
    )
    switchable = new Set(res.rows.map((r) => r.rolname))
  }

  let inFlight = 0
  let idle: (() => void) | null = null
  let closing = false

  const commits = commitNotices()
  const withRequest: LocalDb['withRequest'] = async (ctx, opts, fn) => {
    if (closing)
      throw new PgLikeError('57P01', 'terminating connection due to administrator command')
    inFlight++
    try {
      return await commits.after(opts, () =>
        pg.transaction(async (tx) => {
          if (!switchable.has(ctx.role)) await loadSwitchable(tx)
          if (!switchable.has(ctx.role)) {
            const exists = await tx.query('select 1 from pg_roles where rolname = $1', [ctx.role])
            if (exists.rows.length === 0) {
              throw new PgLikeError('22023', `role "${ctx.role}" does not exist`)
            }
            throw new PgLikeError('42501', `permission denied to set role "${ctx.role}"`)
          }
          const [preamble, params] = requestPreamble(ctx, opts)
          await tx.query(preamble, params)
          const result = await fn(tx)
          if (opts.rollback && !tx.closed) await tx.rollback()
          return result
        }),
      )
    } finally {
      inFlight--
      if (inFlight === 0 && idle) idle()
    }
  }

  const close = async () => {
    if (pg.closed) return
    closing = true
    if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve))
    await pg.close()
  }

  return { pg, withRequest, onCommit: commits.onCommit, close }
}

/** PostgREST's preamble. transaction_read_only may be switched on at any point of a transaction. */
export function requestPreamble(ctx: RequestContext, opts: RequestOptions): [string, unknown[]] {
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(ctx.headers)) headers[k.toLowerCase()] = v
  return [
    `select set_config('search_path', $8, true),
            set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.method', $3, true),
            set_config('request.path', $4, true),
            set_config('request.headers', $5, true),
            set_config('request.cookies', $7, true),
            set_config('transaction_read_only', $6, true)`,
    [
      ctx.role,
      JSON.stringify({ ...ctx.claims, role: ctx.role }),
      ctx.method,
      ctx.path,
      JSON.stringify(headers),
      opts.readOnly ? 'on' : 'off',
      JSON.stringify(ctx.cookies ?? {}),
      (ctx.searchPath ?? ['public', 'extensions'])
        .map((schema) => `"${schema.replace(/"/g, '""')}"`)
        .join(', '),
    ],
  ]
}

/** Runs bootstrap.sql unless this data directory already has it. Returns true on a fresh directory. */
async function bootstrap(pg: PGlite, opts: OpenDatabaseOptions, log: (m: string) => void) {
  const res = await pg.query<{ done: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as done`,
  )
  if (res.rows[0]?.done) {
    // ALTER DATABASE settings only apply to new sessions; PGlite's single session started before.
    await pg.exec(`set search_path = "$user", public, extensions`)
    return false
  }
  const started = performance.now()
  let sql = readFileSync(bootstrapFile, 'utf8')
  if (opts.legacyGrants) {
    sql += `
      alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
      alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
      alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;`
  }
  await pg.transaction(async (tx) => {
    await tx.exec(sql)
  })
  await pg.exec(`set search_path = "$user", public, extensions`)
  log(`bootstrap applied in ${Math.round(performance.now() - started)} ms`)
  return true
}

export interface MigrationFile {
  version: string
  name: string
  file: string
}

/** `20240101000000_create_products.sql` → version `20240101000000`, name `create_products`. */
export function listMigrations(dir: string): MigrationFile[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const base = f.slice(0, -4)
      const sep = base.indexOf('_')
      return {
        version: sep === -1 ? base : base.slice(0, sep),
        name: sep === -1 ? '' : base.slice(sep + 1),
        file: join(dir, f),
      }
    })
}

/** Applies pending migrations, each in its own transaction. Returns the versions applied. */
export async function applyMigrations(
  pg: SqlSession,
  dir: string,
  log: (m: string) => void = () => {},
): Promise<string[]> {
  const done = new Set(
    (
      await pg.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  )
  const applied: string[] = []
  for (const m of listMigrations(dir)) {
    if (done.has(m.version)) continue
    const sql = readFileSync(m.file, 'utf8')
    const started = performance.now()
    try {
      await pg.transaction(async (tx) => {
        await tx.exec(sql)
        // Migrations may change roles or the search path for the rest of the session; restore ours.
        await tx.exec(`reset role; set search_path = "$user", public, extensions`)
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [m.version, m.name],
        )
      })
    } catch (error) {
      throw new DatabaseSetupError(
        `Migration ${m.file} failed: ${describePgError(error)}`,
        m.file,
        error,
      )
    }
    done.add(m.version)
    applied.push(m.version)
    log(`migration ${m.version}_${m.name} applied in ${Math.round(performance.now() - started)} ms`)
  }
  return applied
}

/**
 * Data directories made before seeds were recorded have no seed_files table: they were seeded on their
 * first start, so record that instead of seeding them again.
 */
export async function ensureSeedTable(pg: SqlSession, fresh: boolean) {
  const res = await pg.query<{ present: boolean }>(
    `select to_regclass('supabase_migrations.seed_files') is not null as present`,
  )
  if (res.rows[0]?.present) return
  await pg.exec(
    `create table supabase_migrations.seed_files (path text not null primary key, hash text not null)`,
  )
  if (!fresh) {
    await pg.query(
      `insert into supabase_migrations.seed_files (path, hash) values ('(earlier start)', '')`,
    )
  }
}

/** Runs the seed once per database (when no seed was ever recorded in seed_files), like the CLI. */
export async function runSeed(pg: SqlSession, file: string, log: (m: string) => void) {
  if (!existsSync(file)) return
  const seeded = await pg.query('select 1 from supabase_migrations.seed_files limit 1')
  if (seeded.rows.length > 0) return
  const started = performance.now()
  const sql = readFileSync(file, 'utf8')
  const rel = relative(projectDir, file)
  const path = rel.startsWith('..') ? file : rel
  try {
    await pg.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.exec(`reset role; set search_path = "$user", public, extensions`)
      await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
        path,
        createHash('sha256').update(sql).digest('hex'),
      ])
    })
  } catch (error) {
    throw new DatabaseSetupError(`Seed ${file} failed: ${describePgError(error)}`, file, error)
  }
  log(`seed ${file} applied in ${Math.round(performance.now() - started)} ms`)
}

function describePgError(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { code?: string; message?: string; detail?: string; hint?: string }
    return [
      e.code ? `${e.code} ` : '',
      e.message ?? String(error),
      e.detail ? ` (detail: ${e.detail})` : '',
      e.hint ? ` (hint: ${e.hint})` : '',
    ].join('')
  }
  return String(error)
}
