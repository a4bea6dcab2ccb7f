import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

/**
 * bcrypt (`$2a$10$…`, like GoTrue) in worker threads. A hash costs ~70 ms of CPU; done on the main thread
 * (or in PGlite's pgcrypto) it would stall every other request, since PGlite shares the event loop and has
 * a single connection. The workers keep the server responsive and use both cores for sign-ins.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(password: string, hash: string): Promise<boolean>
  close(): Promise<void>
}

type Job =
  | { op: 'hash'; password: string; salt: Uint8Array; cost: number }
  | { op: 'verify'; password: string; hash: string }

// Plain CommonJS so the worker starts the same under tsx, Vitest and plain Node (no TS loader needed).
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads')
const { bcrypt, bcryptVerify } = require(workerData.lib)
parentPort.on('message', async ({ id, job }) => {
  try {
    const result = job.op === 'hash'
      ? await bcrypt({ password: job.password, salt: job.salt, costFactor: job.cost, outputType: 'encoded' })
      : await bcryptVerify({ password: job.password, hash: job.hash })
    parentPort.postMessage({ id, result })
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) })
  }
})
`

interface Pending {
  resolve: (value: string | boolean) => void
  reject: (error: Error) => void
}

export function createPasswordHasher(
  options: { cost?: number; threads?: number } = {},
): PasswordHasher {
  const cost = options.cost ?? 10
  const threads = Math.max(1, options.threads ?? Math.min(2, availableParallelism()))
  const lib = createRequire(import.meta.url).resolve('hash-wasm')
  const workers: { worker: Worker; busy: number }[] = []
  const pending = new Map<number, Pending>()
  let nextId = 1
  let closed = false

  const spawn = () => {
    const worker = new Worker(workerSource, { eval: true, workerData: { lib } })
    // Idle workers must not keep a finished process (or a test run) alive.
    worker.unref()
    const slot = { worker, busy: 0 }
    worker.on('message', (msg: { id: number; result?: string | boolean; error?: string }) => {
      slot.busy--
      const job = pending.get(msg.id)
      pending.delete(msg.id)
      if (!job) return
      if (msg.error !== undefined) job.reject(new Error(msg.error))
      else job.resolve(msg.result as string | boolean)
    })
    worker.on('error', (error) => {
      // A crashed worker fails its jobs; a fresh one takes its place.
      for (const [id, job] of pending) {
        job.reject(error)
        pending.delete(id)
      }
      const index = workers.indexOf(slot)
      if (index !== -1) workers.splice(index, 1)
    })
    workers.push(slot)
    return slot
  }

  const run = (job: Job) =>
    new Promise<string | boolean>((resolve, reject) => {
      if (closed) return reject(new Error('password hasher is closed'))
      while (workers.length < threads) spawn()
      const slot = workers.reduce((a, b) => (b.busy < a.busy ? b : a))
      const id = nextId++
      pending.set(id, { resolve, reject })
      slot.busy++
      slot.worker.postMessage({ id, job })
    })

  return {
    async hash(password) {
      const salt = new Uint8Array(randomBytes(16))
      return (await run({ op: 'hash', password, salt, cost })) as string
    },
    async verify(password, hash) {
      if (!/^\$2[aby]\$\d\d\$/.test(hash)) return false
      return (await run({ op: 'verify', password, hash })) as boolean
    },
    async close() {
      closed = true
      await Promise.all(workers.splice(0).map(({ worker }) => worker.terminate()))
    },
  }
}
