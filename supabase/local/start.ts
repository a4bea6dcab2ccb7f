/**
 * `npm start`: builds the app when `dist/` is missing or stale, opens the embedded database and serves
 * the store with its Supabase-compatible backend on one origin (http://127.0.0.1:4173 by default).
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { seedDay } from '../seed/seed-day'
import { prebuiltSeededOnAnotherDay } from './build-catalogue-version'
import { chooseDatabase } from './database-choice'
import { DatabaseSetupError } from './db'
import { createLocalServer, type LocalServer } from './gateway'
import { LOCAL_STAFF, LOCAL_STAFF_PASSWORD } from './staff-seed'

const root = fileURLToPath(new URL('../..', import.meta.url))
const distDir = join(root, 'dist')
const hashFile = join(distDir, '.build-hash')

/** What the build depends on. routeTree.gen.ts is left out: the build itself rewrites it. */
const BUILD_INPUTS = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'supabase/functions/_shared',
  // The prebuilt pages: how they are made, and the catalogue they are made from.
  'build',
  'supabase/migrations',
  'supabase/seed.sql',
]
const BUILD_ENV = [
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_ANON_KEY',
  'PUBLIC_SITE_URL',
  'PRERENDER_CATALOGUE_URL',
]

function listFiles(path: string): string[] {
  if (!existsSync(path)) return []
  if (statSync(path).isFile()) return [path]
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => listFiles(join(path, entry.name)))
}

function buildHash(): string {
  const hash = createHash('sha256')
  for (const input of BUILD_INPUTS) {
    for (const file of listFiles(join(root, input))) {
      const name = relative(root, file)
      if (name === join('src', 'routeTree.gen.ts')) continue
      hash.update(name).update('\0').update(readFileSync(file)).update('\0')
    }
  }
  for (const name of BUILD_ENV) hash.update(`${name}=${process.env[name] ?? ''}\0`)
  return hash.digest('hex')
}

function runViteBuild(): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/vite'), ['build'], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`vite build exited with code ${code}`)),
    )
  })
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const probe = createServer()
    probe.once('error', () => resolvePromise(false))
    probe.listen(port, host, () => probe.close(() => resolvePromise(true)))
  })
}

function portTakenMessage(port: number) {
  return `Port ${port} is already in use (another \`npm start\`?). Stop that process, or pick another port: PORT=${port + 1} npm start`
}

async function main() {
  const started = performance.now()
  const port = Number(process.env.PORT ?? 4173)
  const host = '127.0.0.1'
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${process.env.PORT}"`)
  }
  if (!(await portIsFree(port, host))) {
    console.error(portTakenMessage(port))
    process.exit(1)
  }

  console.info('[1/3] Checking the build…')
  const database = chooseDatabase(process.env, root)
  const hash = buildHash()
  const current = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : ''
  const otherSeedDay = prebuiltSeededOnAnotherDay(distDir, {
    newDatabase: database.newEmbedded,
    today: seedDay(),
  })
  if (otherSeedDay) {
    console.info(
      `      The prebuilt pages were made from a catalogue seeded on ${otherSeedDay}; the new database is seeded today.`,
    )
  }
  if (!existsSync(join(distDir, 'index.html')) || current !== hash || otherSeedDay) {
    console.info('[2/3] Building the app (vite build)…')
    const buildStarted = performance.now()
    await runViteBuild()
    writeFileSync(hashFile, `${hash}\n`)
    console.info(`      built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`)
  } else {
    console.info('[2/3] The build is up to date.')
  }

  console.info(`[3/3] Opening the database in ${database.where}…`)
  const log = (m: string) => console.info(`      ${m}`)
  let server: LocalServer
  try {
    server = await createLocalServer({
      ...(await database.open(log)),
      // Known-password staff accounts belong to a local database only.
      seedStaff: !database.onPostgres,
      // The embedded database and the build's seeded one: the prebuilt pages' catalogue version is the
      // server's while the catalogue is the one they were built from (as with the hosted project on
      // deploy).
      adoptPrebuiltCatalogue: !database.onPostgres,
      port,
      host,
      distDir,
      log,
    })
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      console.error(portTakenMessage(port))
      process.exit(1)
    }
    if (error instanceof DatabaseSetupError) {
      console.error(`\n${error.message}`)
      process.exit(1)
    }
    throw error
  }

  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.info(`
Luxe Kenya is running at ${server.url}  (ready in ${seconds} s)

  Anon key (public):  ${server.keys.anonKey}
  Dev inbox:          ${server.url}/__dev/inbox
${
  database.onPostgres
    ? '  Database:           ' + database.where
    : `  Local staff accounts (password "${LOCAL_STAFF_PASSWORD}"; authenticator secret to add to an
  authenticator app, or see the current sign-in code at ${server.url}/__dev/inbox):
${LOCAL_STAFF.map((s) => `    ${s.email.padEnd(24)} ${s.role.padEnd(8)} ${s.totpSecret}`).join('\n')}`
}

Press Ctrl+C to stop.`)

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) {
      console.error('Forced exit.')
      process.exit(1)
    }
    stopping = true
    console.info(`\n${signal}: stopping…`)
    server
      .close()
      .then(() => {
        console.info('Stopped; the database is saved.')
        process.exit(0)
      })
      .catch((error: unknown) => {
        console.error('Shutdown failed:', error)
        process.exit(1)
      })
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
