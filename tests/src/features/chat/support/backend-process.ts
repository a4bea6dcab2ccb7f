import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

export interface BackendProcess {
  url: string
  anonKey: string
  serviceRoleKey: string
  stop(): Promise<void>
}

// Vitest runs from the repository root (import.meta.url is not a file URL under jsdom).
const root = process.cwd()

/** Starts `serve-backend.ts` in a child process and waits for its address (a few seconds). */
export function startBackendProcess(): Promise<BackendProcess> {
  const child: ChildProcess = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'tests/src/features/chat/support/serve-backend.ts')],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
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
