import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

export interface BackendProcess {
  url: string
  anonKey: string
  serviceRoleKey: string
  stop(): Promise<void>
}

export interface BackendProcessOptions {
  /** Edge functions to serve instead of `supabase/functions`, relative to the repository root. */
  functionsDir?: string
  /** Extra environment for the backend (the edge functions read it). */
  env?: Record<string, string>
}

// Vitest runs from the repository root (import.meta.url is not a file URL under jsdom).
const root = process.cwd()

/**
 * The embedded backend (API and edge functions, fresh database) in its own Node process, for the jsdom
 * tests: PGlite cannot start inside jsdom. Resolves with its address and keys once it listens (a few
 * seconds).
 */
export function startBackendProcess(options: BackendProcessOptions = {}): Promise<BackendProcess> {
  const child: ChildProcess = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [
      join(root, 'tests/support/serve-backend.ts'),
      ...(options.functionsDir ? [join(root, options.functionsDir)] : []),
    ],
    {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, ...options.env },
    },
  )
  return new Promise((resolve, reject) => {
    let buffer = ''
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`backend exited early (${code})`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const line = buffer.split('\n').find((text) => text.startsWith('{'))
      if (!line) return
      const info = JSON.parse(line) as Omit<BackendProcess, 'stop'>
      resolve({
        ...info,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done()
            child.removeAllListeners('exit')
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}
