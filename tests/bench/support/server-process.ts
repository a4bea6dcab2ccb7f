import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** `npm start` as a child process on a free port with its own data directory, for measurements. */
export interface RunningServer {
  url: string
  port: number
  dataDir: string
  startupMs: number
  stop(): Promise<void>
  /** Stops and starts again on the same data directory; resolves with the new start-up time. */
  restart(): Promise<number>
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

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`Server at ${url} did not start in ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export async function startServer(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = await freePort()
  const ownsDataDir = !options.dataDir
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'luxe-bench-'))
  const url = `http://127.0.0.1:${port}`
  let child: ChildProcess | undefined

  const launch = async () => {
    const started = performance.now()
    child = spawn('node_modules/.bin/tsx', ['supabase/local/start.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => {
      if (code && code !== 0 && code !== 143) console.error(output.slice(-4000))
    })
    await waitForHttp(`${url}/`, 240_000)
    return performance.now() - started
  }

  const stopChild = async () => {
    const current = child
    if (!current || current.exitCode !== null) return
    await new Promise<void>((resolve) => {
      current.once('exit', () => resolve())
      current.kill('SIGTERM')
      setTimeout(() => current.kill('SIGKILL'), 10_000).unref()
    })
  }

  const startupMs = await launch()
  return {
    url,
    port,
    dataDir,
    startupMs,
    async stop() {
      await stopChild()
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
    async restart() {
      await stopChild()
      return launch()
    },
  }
}
