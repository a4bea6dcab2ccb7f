import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** `npm start` as a child process on a free port with its own data directory, for measurements. */
export interface RunningServer {
  url: string
  port: number
  dataDir: string
  /** Process id of the launcher (tsx), for memory readings. */
  pid: number
  /** Start-up time without any app build `npm start` did first (that is not a server cost). */
  startupMs: number
  /** What the server printed since it last started. */
  output(): string
  /** Seconds spent building the app before this start (0 when the build was up to date). */
  buildSeconds: number
  stop(): Promise<void>
  /** Stops and starts again on the same data directory; resolves with the new start-up time. */
  restart(): Promise<number>
  /**
   * Resolves once the server has stopped working in the background (a fresh start compresses the app
   * shell, a new catalogue version its brotli form): measurements taken during that work say more about
   * the compressor than about the server. Gives up after `maxMs`.
   */
  idle(options?: { maxMs?: number }): Promise<void>
}

/** CPU time (ms) used so far by a process and all its descendants, from /proc (Linux). */
export function treeCpuMs(rootPid: number): number | null {
  const parents = new Map<number, number>()
  const ticks = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // The command name may hold spaces and parentheses: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parents.set(Number(name), Number(fields[1]))
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]))
    } catch {
      // gone meanwhile
    }
  }
  if (!ticks.has(rootPid)) return null
  let total = 0
  for (const [pid, t] of ticks) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) {
      if (p === rootPid) {
        total += t
        break
      }
    }
  }
  return total * 10 // USER_HZ is 100 on Linux
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls until the server answers, the child dies (its output is in the error), or time runs out. */
async function waitForHttp(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `npm start exited (${child.exitCode ?? child.signalCode}) before answering:\n${output().slice(-3000)}`,
      )
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Server at ${url} did not start in ${timeoutMs} ms:\n${output().slice(-3000)}`,
      )
    }
    await sleep(50)
  }
}

export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = await freePort()
  const ownsDataDir = !options.dataDir
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'luxe-bench-'))
  const url = `http://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  let output = ''

  const launch = async () => {
    const started = performance.now()
    const current = spawn('node_modules/.bin/tsx', ['supabase/local/start.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = current
    output = ''
    current.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    current.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    // A stale dist/ makes `npm start` build first (minutes on a busy machine).
    await waitForHttp(`${url}/`, current, () => output, options.timeoutMs ?? 900_000)
    const total = performance.now() - started
    const built = /built in ([\d.]+) s/.exec(output)
    const buildSeconds = built ? Number(built[1]) : 0
    return { ms: Math.max(0, total - buildSeconds * 1000), buildSeconds }
  }

  const stopChild = async () => {
    const current = child
    if (!current || current.exitCode !== null || current.signalCode !== null) return
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => current.kill('SIGKILL'), 15_000)
      force.unref()
      current.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      current.kill('SIGTERM')
    })
  }

  let first: { ms: number; buildSeconds: number }
  try {
    first = await launch()
  } catch (error) {
    await stopChild()
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const server: RunningServer = {
    url,
    port,
    dataDir,
    get pid() {
      return child?.pid ?? 0
    },
    startupMs: first.ms,
    output: () => output,
    buildSeconds: first.buildSeconds,
    async stop() {
      await stopChild()
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
    async restart() {
      await stopChild()
      return (await launch()).ms
    },
    async idle({ maxMs = 90_000 } = {}) {
      // Idle: under 5% of one CPU over a whole second, twice in a row.
      const deadline = Date.now() + maxMs
      let quiet = 0
      while (Date.now() < deadline && quiet < 2) {
        const before = treeCpuMs(server.pid)
        await sleep(1000)
        const after = treeCpuMs(server.pid)
        if (before === null || after === null) return
        quiet = after - before < 50 ? quiet + 1 : 0
      }
    },
  }
  return server
}
