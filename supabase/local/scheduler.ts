/**
 * What the hosted project runs on a schedule (pg_cron), run locally by the embedded server: releasing
 * the stock of orders whose hold ran out (M-Pesa and card unpaid after the online payment hold, cash on
 * delivery unconfirmed, bank transfer unpaid by its deadline), and any further jobs the server hands
 * it (sending again the refunds left pending).
 */
import type { LocalDb } from './db'

const EVERY_MS = 60 * 1000

export interface LocalScheduler {
  /** Runs every job now (tests and the first run at start). */
  runNow(): Promise<void>
  stop(): Promise<void>
}

/** A job run after the release, each minute; its failure is logged and the next one still runs. */
export interface ScheduledJob {
  name: string
  run(): Promise<void>
}

export function startLocalScheduler(
  db: LocalDb,
  log: (m: string) => void,
  jobs: ScheduledJob[] = [],
): LocalScheduler {
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
                'select public.release_unpaid_orders() as released',
              )
            ).rows[0]?.released ?? [],
        )
        if (released.length) log(`released unpaid orders: ${released.join(', ')}`)
      })
      .catch((error: unknown) => log(`scheduler: ${String(error)}`))
    for (const job of jobs) {
      running = running.then(() =>
        job.run().catch((error: unknown) => log(`scheduler: ${job.name}: ${String(error)}`)),
      )
    }
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
