/**
 * What the hosted project runs on a schedule (pg_cron), run locally by the embedded server: releasing
 * bank-transfer orders unpaid by their deadline.
 */
import type { LocalDb } from './db'

const EVERY_MS = 5 * 60 * 1000

export interface LocalScheduler {
  /** Runs every job now (tests and the first run at start). */
  runNow(): Promise<void>
  stop(): Promise<void>
}

export function startLocalScheduler(db: LocalDb, log: (m: string) => void): LocalScheduler {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const run = () => {
    if (stopped) return running
    running = running
      .then(async () => {
        const released = await db.withRequest(
          {
            role: 'service_role',
            claims: { role: 'service_role' },
            method: 'POST',
            path: '/scheduler',
            headers: {},
          },
          {},
          async (tx) =>
            (
              await tx.query<{ released: string[] }>(
                'select public.release_unpaid_bank_orders() as released',
              )
            ).rows[0]?.released ?? [],
        )
        if (released.length) log(`released unpaid bank-transfer orders: ${released.join(', ')}`)
      })
      .catch((error: unknown) => log(`scheduler: ${String(error)}`))
    return running
  }
  const timer = setInterval(() => void run(), EVERY_MS)
  timer.unref()
  return {
    runNow: run,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
