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

/**
 * Sends again the refunds left pending: the order-refund function holds the providers, so the job
 * calls it as the hosted project's pg_cron does, with the service-role key.
 */
export function retryDueRefundsJob(deps: {
  /** Runs a function request (the server's functions runner). */
  handle(req: Request): Promise<Response>
  /** The server's own address, known once it listens. */
  origin(): string
  serviceRoleKey: string
  log(message: string): void
}): ScheduledJob {
  return {
    name: 'retry due refunds',
    async run() {
      const answer = await deps.handle(
        new Request(`${deps.origin()}/functions/v1/order-refund`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${deps.serviceRoleKey}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ retryDue: true }),
        }),
      )
      if (!answer.ok) throw new Error(`order-refund answered ${answer.status}`)
      const { retried } = (await answer.json()) as { retried: { id: string; status: string }[] }
      const settled = retried.filter((r) => r.status !== 'pending')
      if (settled.length) deps.log(`retried refunds: ${settled.map((r) => r.id).join(', ')}`)
    },
  }
}
