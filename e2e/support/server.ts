import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadKeys } from '../../supabase/local/keys'

/**
 * A real server that a test can stop and start again, for true offline tests: `context.setOffline()` does
 * not stop the service worker's own requests, a stopped server does. Each server has its own port and
 * temporary data directory (kept across restarts, removed by `dispose()`).
 *
 * It serves a build as it is (`e2e/support/serve-dist.ts`), never rebuilding it: by default the suite's
 * `dist/`, built by the suite's own server (`npm start`) before any test ran, or the build `distDir`
 * names (a second version of the app). A rebuild of `dist/` while other tests use it (as `npm start`
 * does when the sources changed since) would take the app from under them.
 */
export interface TestServer {
  url: string
  port: number
  dataDir: string
  keys: { anonKey: string; serviceRoleKey: string }
  /** Stops the process (the database is saved). */
  stop(): Promise<void>
  /** Starts again on the same port and data; optionally on another build. */
  start(options?: { distDir?: string }): Promise<void>
  /** Stops the server and removes its data directory. */
  dispose(): Promise<void>
}

const root = resolve(import.meta.dirname, '../..')
const tsx = join(root, 'node_modules/.bin/tsx')

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms))

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, ms: number) {
  const deadline = Date.now() + ms
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited before answering:\n${output().slice(-3000)}`)
    }
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(3000) })
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      throw new Error(`The server at ${url} did not start in ${ms} ms:\n${output().slice(-3000)}`)
    }
    await sleep(100)
  }
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolveExit) => child.once('exit', () => resolveExit()))
}

export async function startTestServer(
  options: {
    distDir?: string
    port?: number
    timeoutMs?: number
    /** Extra environment for the server (e.g. `DATABASE_URL`). */
    env?: Record<string, string>
  } = {},
): Promise<TestServer> {
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'luxe-offline-'))
  const timeoutMs = options.timeoutMs ?? 240_000
  let distDir = options.distDir ?? join(root, 'dist')
  let child: ChildProcess | undefined

  const start = async (next: { distDir?: string } = {}) => {
    if (child) throw new Error('The server is already running')
    if (next.distDir) distDir = next.distDir
    if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}`)
    const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...options.env }
    // Its own process group, so stopping it also stops the node process tsx runs.
    const current = spawn(tsx, ['e2e/support/serve-dist.ts'], {
      cwd: root,
      env: { ...env, DIST_DIR: distDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    child = current
    let output = ''
    current.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    current.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    try {
      await waitUntilUp(url, current, () => output, timeoutMs)
    } catch (error) {
      await stop()
      throw error
    }
  }

  const stop = async () => {
    const current = child
    if (!current) return
    child = undefined
    const exited = waitForExit(current)
    try {
      process.kill(-current.pid!, 'SIGTERM')
    } catch {
      // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-current.pid!, 'SIGKILL')
      } catch {
        // already gone
      }
    }, 10_000)
    await exited
    clearTimeout(timer)
    // The port must be free again before a restart binds it.
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(`${url}/`, { signal: AbortSignal.timeout(500) })
        await sleep(100)
      } catch {
        return
      }
    }
  }

  await start()
  const keys = loadKeys()
  return {
    url,
    port,
    dataDir,
    keys: { anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey },
    stop,
    start,
    async dispose() {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Builds the app into `outDir` (a separate directory, so the shared `dist/` is never touched), with extra
 * environment variables for the build. Returns `outDir`.
 */
export function buildApp(outDir: string, env: Record<string, string> = {}): string {
  const result = spawnSync(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
  )
  if (result.status !== 0) {
    throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`)
  }
  return outDir
}

/** A private copy of a build (default: `dist/`), which a test may change. */
export function copyBuild(from = join(root, 'dist')): string {
  if (!existsSync(join(from, 'index.html'))) throw new Error(`No build in ${from}`)
  const to = mkdtempSync(join(tmpdir(), 'luxe-build-'))
  cpSync(from, to, { recursive: true })
  return to
}

/** Rows of a table, read with the service-role key (bypasses RLS: for checking what the server stored). */
export async function readRows<T>(server: TestServer, table: string, query: string): Promise<T[]> {
  const response = await fetch(`${server.url}/rest/v1/${table}?${query}`, {
    headers: {
      apikey: server.keys.serviceRoleKey,
      Authorization: `Bearer ${server.keys.serviceRoleKey}`,
    },
  })
  if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T[]
}
