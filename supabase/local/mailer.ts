/**
 * Delivers the store's own emails (welcome codes, order news) locally: the database queues them in its
 * outbox and says so on the `outgoing_email` channel; this takes them with `take_outgoing_emails()`, as
 * a hosted mailer would, and puts them in the dev inbox.
 */
import type { LocalDb } from './db'
import type { DevInbox } from './dev-inbox'

const CHANNEL = 'outgoing_email'

interface OutgoingEmail {
  to_email: string
  subject: string
  body: string
}

export interface LocalMailer {
  /** Takes whatever is waiting now (tests call it to be sure; the channel normally does it). */
  flush(): Promise<void>
  stop(): Promise<void>
}

export function startLocalMailer(
  db: LocalDb,
  inbox: DevInbox,
  log: (m: string) => void,
): LocalMailer {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  let unlisten: (() => Promise<void>) | undefined

  const take = async () => {
    const emails = await db.withRequest(
      {
        role: 'service_role',
        claims: { role: 'service_role' },
        method: 'POST',
        path: '/mailer',
        headers: {},
      },
      {},
      async (tx) =>
        (await tx.query<OutgoingEmail>('select * from public.take_outgoing_emails(100)')).rows,
    )
    for (const email of emails) {
      inbox.send({
        to: email.to_email,
        subject: email.subject,
        kind: 'store',
        link: '',
        otp: '',
        tokenHash: '',
        text: email.body,
      })
    }
  }
  // One delivery at a time, each after the one before.
  const flush = () => {
    if (stopped) return running
    running = running.then(take).catch((error: unknown) => log(`mailer: ${String(error)}`))
    return running
  }

  db.pg
    .listen(CHANNEL, () => void flush())
    .then((stop) => {
      unlisten = stop
      void flush()
    })
    .catch((error: unknown) => log(`mailer: cannot listen for emails: ${String(error)}`))

  return {
    flush,
    async stop() {
      stopped = true
      await running
      await unlisten?.().catch(() => {})
    },
  }
}
