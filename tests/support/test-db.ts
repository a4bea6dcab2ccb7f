/**
 * Fast databases for tests, on the engine the Vitest project names (`DB_ENGINE`): PGlite by default, or
 * the run's throw-away PostgreSQL cluster (`DB_ENGINE=postgres`, see postgres/cluster.ts), where each
 * database is a clone of a migrated and seeded template.
 *
 * On PGlite, building a migrated, seeded PGlite takes several seconds; loading a dumped
 * data directory takes about one. The template is built once per content (bootstrap + migrations + seed)
 * and cached on disk, so every test file and worker of a run (and later runs) reuse it.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  defaultMigrationsDir,
  defaultSeedFile,
  listMigrations,
  openDatabase,
  type LocalDb,
} from '../../supabase/local/db'
import { seedDay } from '../../supabase/seed/seed-day'
import { testStoreSettingsSql } from './test-store'
import { writeFileAtomic } from '../../supabase/local/write-atomic'

export interface FreshDbOptions {
  /** Apply `supabase/migrations` (default true). Tests with their own schema pass false. */
  migrations?: boolean
  /** Run `supabase/seed.sql` (default true; only with migrations). */
  seed?: boolean
  /** PostgreSQL only: connections for API requests (default 10). */
  poolSize?: number
  /**
   * Keep the store's guest order limits (per phone, device, address and network a day; the guest value
   * ceiling). By default they are raised far above what a test file places: most tests place many
   * guest orders from one phone and address, and the limits are the subject of their own tests.
   */
  guestOrderLimits?: boolean
}

/** Raises the guest order limits of a migrated database (see FreshDbOptions.guestOrderLimits). */
async function relaxGuestOrderLimits(db: LocalDb, options: FreshDbOptions): Promise<LocalDb> {
  if (options.guestOrderLimits || options.migrations === false) return db
  await db.pg.query(testStoreSettingsSql())
  return db
}

/** The engine this test process runs the database on. */
export const dbEngine: 'pglite' | 'postgres' =
  process.env.DB_ENGINE === 'postgres' ? 'postgres' : 'pglite'

const root = fileURLToPath(new URL('../..', import.meta.url))
const cacheDir = join(root, 'node_modules', '.tmp', 'test-db')
const templates = new Map<string, Promise<Uint8Array>>()

/**
 * What a template is made from; a seeded one also by the day it is seeded on (see seedDay), so a
 * template kept from yesterday is not taken for today's.
 */
export function templateKey(
  opts: { migrations: boolean; seed: boolean },
  now: Date = new Date(),
): string {
  const hash = createHash('sha256')
  hash.update(JSON.stringify({ ...opts, checkpointed: true }))
  hash.update(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json')))
  hash.update(readFileSync(join(root, 'supabase/local/bootstrap.sql')))
  if (opts.migrations) {
    for (const m of listMigrations(defaultMigrationsDir)) {
      hash.update(m.file)
      hash.update(readFileSync(m.file))
    }
    if (opts.seed && existsSync(defaultSeedFile)) {
      hash.update(readFileSync(defaultSeedFile))
      hash.update(seedDay(now))
    }
  }
  return hash.digest('hex').slice(0, 16)
}

async function buildTemplate(
  opts: { migrations: boolean; seed: boolean },
  key: string,
): Promise<Uint8Array> {
  const file = join(cacheDir, `${key}.tar`)
  if (existsSync(file)) return readFileSync(file)
  const db = await openDatabase({
    migrationsDir: opts.migrations ? defaultMigrationsDir : null,
    seed: opts.migrations && opts.seed,
  })
  // A checkpoint first, so a database started from the dump has no WAL to replay: about a third faster
  // to open, and every test file opens at least one.
  await db.pg.exec('checkpoint')
  const dump = await db.pg.dumpDataDir('none')
  await db.close()
  const bytes = new Uint8Array(await dump.arrayBuffer())
  mkdirSync(cacheDir, { recursive: true })
  // Whole or nothing, so a parallel test file never reads half a template.
  writeFileAtomic(file, bytes)
  return bytes
}

/** The dumped template data directory (built or read from the cache on first use). */
export function templateSnapshot(options: FreshDbOptions = {}): Promise<Uint8Array> {
  const opts = { migrations: options.migrations ?? true, seed: options.seed ?? true }
  const key = templateKey(opts)
  let template = templates.get(key)
  if (!template) {
    template = buildTemplate(opts, key)
    templates.set(key, template)
  }
  return template
}

/** A test database holds a few megabytes: a small buffer pool starts about a second sooner. */
const testSharedBuffers = '8MB'

/** A new in-memory database, bootstrapped (and by default migrated and seeded). Close it when done. */
export async function freshDb(options: FreshDbOptions = {}): Promise<LocalDb> {
  if (dbEngine === 'postgres') return relaxGuestOrderLimits(await freshPostgresDb(options), options)
  const snapshot = await templateSnapshot(options)
  return relaxGuestOrderLimits(
    await openDatabase({
      snapshot,
      migrationsDir: null,
      seed: false,
      sharedBuffers: testSharedBuffers,
    }),
    options,
  )
}

/** A clone of the cluster's template: the owner `postgres` for fixtures, `authenticator` for requests. */
async function freshPostgresDb(options: FreshDbOptions): Promise<LocalDb> {
  const { inject } = await import('vitest')
  const { cloneDatabase, dropDatabase, url } = await import('./postgres/cluster')
  const { openPostgresDatabase } = await import('../../supabase/local/postgres-db')
  const { port, templates } = inject('postgresCluster')
  const migrations = options.migrations ?? true
  const template = !migrations
    ? templates.bare
    : (options.seed ?? true)
      ? templates.seeded
      : templates.migrated
  const name = await cloneDatabase(port, template)
  const db = await openPostgresDatabase({
    url: url(port, 'postgres', name),
    apiUrl: url(port, 'authenticator', name),
    poolSize: options.poolSize,
    migrationsDir: null,
    seed: false,
  })
  return {
    ...db,
    async close() {
      await db.close()
      await dropDatabase(port, name)
    },
  }
}

/**
 * PostgreSQL only: runs `sql` on `db`'s database as the cluster's superuser (`supabase_admin`), for
 * what only the platform does on hosted: tables of another owner, autovacuum's catalog statistics.
 */
export async function asSuperuser(db: LocalDb, sql: string): Promise<void> {
  if (dbEngine !== 'postgres') throw new Error('asSuperuser needs the PostgreSQL engine')
  const { inject } = await import('vitest')
  const { url } = await import('./postgres/cluster')
  const { default: pg } = await import('pg')
  const { rows } = await db.pg.query<{ name: string }>('select current_database() as name')
  const client = new pg.Client({
    connectionString: url(inject('postgresCluster').port, 'supabase_admin', rows[0]!.name),
  })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
