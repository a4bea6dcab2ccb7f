/**
 * A throw-away PostgreSQL cluster prepared as hosted Supabase is: initdb into a temporary directory, a
 * free loopback port, the hosted roles (hosted-roles.sql), the safe-update rule for the API logins, and
 * template databases (bootstrap, then migrations, then the seed) that each test file clones with
 * `CREATE DATABASE ... TEMPLATE` in a fraction of a second. Stopped and removed at the end of the run.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { bootstrapFile } from '../../../supabase/local/db'
import { openPostgresDatabase } from '../../../supabase/local/postgres-db'
import { ensurePostgres, type PostgresInstall } from '../../tools/ensure-postgres'

const here = fileURLToPath(new URL('.', import.meta.url))
const root = fileURLToPath(new URL('../../..', import.meta.url))

/** What a test process needs to reach the cluster (passed from the global setup). */
export interface ClusterInfo {
  port: number
  /** Template per kind of database: bare (bootstrap only), migrated, seeded. */
  templates: { bare: string; migrated: string; seeded: string }
}

export interface TestCluster extends ClusterInfo {
  stop(): Promise<void>
}

export const url = (port: number, user: string, database: string) =>
  `postgresql://${user}@127.0.0.1:${port}/${database}`

/** Root may not run PostgreSQL: the server runs as Debian's `postgres` system user then. */
const asServerUser = (): string[] =>
  process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : []

function run(install: PostgresInstall, tool: string, args: string[]) {
  const [command, ...rest] = [...asServerUser(), join(install.bin, tool), ...args]
  const res = spawnSync(command!, rest, { encoding: 'utf8' })
  if (res.status !== 0) {
    throw new Error(`${tool} failed (${res.status}): ${res.stderr || res.stdout || res.error}`)
  }
}

/** The safe-update library, built once per source and server version. */
function buildSafeUpdate(install: PostgresInstall): string {
  const source = join(here, 'safe_update.c')
  const hash = createHash('sha256')
    .update(readFileSync(source))
    .update(install.version)
    .digest('hex')
  const out = join(root, 'node_modules/.tmp/postgres', `safe_update-${hash.slice(0, 12)}.so`)
  if (existsSync(out)) return out
  mkdirSync(join(root, 'node_modules/.tmp/postgres'), { recursive: true })
  const tmp = `${out}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  execFileSync('cc', ['-O2', '-fPIC', '-shared', '-I', install.include, source, '-o', tmp], {
    stdio: 'pipe',
  })
  renameSync(tmp, out)
  return out
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function withClient<T>(connection: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: connection })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export async function startTestCluster(log: (m: string) => void = () => {}): Promise<TestCluster> {
  const started = performance.now()
  const install = ensurePostgres()
  const library = buildSafeUpdate(install)
  const dir = mkdtempSync(join(tmpdir(), 'luxe-pg-'))
  chmodSync(dir, 0o755)
  const data = join(dir, 'data')
  // The server user must read the library: it lives beside the cluster.
  const lib = join(dir, 'safe_update.so')
  copyFileSync(library, lib)
  chmodSync(lib, 0o755)
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir])

  run(install, 'initdb', [
    '-D',
    data,
    '-U',
    'supabase_admin',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ])
  const port = await freePort()
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // A throw-away cluster: durability buys nothing here and costs the suite seconds.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=64MB',
    // Lets the race tests tell which orders committed after a staff edit.
    '-c track_commit_timestamp=on',
  ].join(' ')
  run(install, 'pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start'])
  let stopped = false
  const stopNow = () => {
    if (stopped) return
    stopped = true
    const [command, ...rest] = [
      ...asServerUser(),
      join(install.bin, 'pg_ctl'),
      '-D',
      data,
      '-m',
      'immediate',
      'stop',
    ]
    spawnSync(command!, rest)
    rmSync(dir, { recursive: true, force: true })
  }
  // The server runs on its own: never leave it behind, even when this process ends abruptly.
  process.once('exit', stopNow)
  const stop = async () => {
    stopNow()
    process.removeListener('exit', stopNow)
  }

  try {
    const admin = url(port, 'supabase_admin', 'postgres')
    const roles = readFileSync(join(here, 'hosted-roles.sql'), 'utf8').replace(
      ":'safe_update_library'",
      pg.escapeLiteral(lib),
    )
    await withClient(admin, (c) => c.query(roles))
    const templates = {
      bare: 'luxe_bare',
      migrated: 'luxe_migrated',
      seeded: 'luxe_seeded',
    }
    await withClient(admin, (c) => c.query(`create database luxe_bare owner postgres`))
    await withClient(url(port, 'supabase_admin', templates.bare), async (c) => {
      await c.query(readFileSync(bootstrapFile, 'utf8'))
      await c.query(readFileSync(join(here, 'hosted-database.sql'), 'utf8'))
    })
    await cloneDatabase(port, templates.bare, templates.migrated)
    await (
      await openPostgresDatabase({ url: url(port, 'postgres', templates.migrated), seed: false })
    ).close()
    await cloneDatabase(port, templates.migrated, templates.seeded)
    await (
      await openPostgresDatabase({ url: url(port, 'postgres', templates.seeded), seed: true })
    ).close()
    log(
      `PostgreSQL ${install.version} test cluster on port ${port} ready in ${Math.round(performance.now() - started)} ms`,
    )
    return { port, templates, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** A new database copied from `template`, with the database settings hosted gives a project. */
export async function cloneDatabase(port: number, template: string, name?: string) {
  const database = name ?? `luxe_${process.pid}_${randomBytes(6).toString('hex')}`
  await withClient(url(port, 'supabase_admin', 'postgres'), async (c) => {
    await c.query(
      `create database ${pg.escapeIdentifier(database)} template ${pg.escapeIdentifier(template)} owner postgres`,
    )
    // Database settings do not travel with a template.
    await c.query(
      `alter database ${pg.escapeIdentifier(database)} set search_path = "$user", public, extensions`,
    )
  })
  return database
}

export async function dropDatabase(port: number, name: string) {
  await withClient(url(port, 'supabase_admin', 'postgres'), (c) =>
    c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`),
  )
}
