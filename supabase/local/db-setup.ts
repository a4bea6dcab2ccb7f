/**
 * Setting up a database like a hosted Supabase project, on either engine: the bootstrap (roles,
 * auth/storage schemas, auth helpers) once per data directory, migrations each once in filename order in
 * their own transaction (recorded in `supabase_migrations.schema_migrations`), and the seed once per
 * database (recorded in `supabase_migrations.seed_files`), as the Supabase CLI does.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'

/**
 * What the server asks of the owner's connection, whichever engine is behind it: PGlite here, or a
 * PostgreSQL pool (`postgres-db.ts`).
 */
export type SqlSession = Pick<PGlite, 'query' | 'exec' | 'transaction'>

const supabaseDir = fileURLToPath(new URL('..', import.meta.url))
export const projectDir = fileURLToPath(new URL('../..', import.meta.url))
export const defaultMigrationsDir = join(supabaseDir, 'migrations')
export const defaultSeedFile = join(supabaseDir, 'seed.sql')
export const bootstrapFile = fileURLToPath(new URL('./bootstrap.sql', import.meta.url))

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

/** Runs bootstrap.sql unless this data directory already has it. Returns true on a fresh directory. */
export async function bootstrap(
  pg: PGlite,
  opts: { legacyGrants?: boolean },
  log: (m: string) => void,
) {
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
