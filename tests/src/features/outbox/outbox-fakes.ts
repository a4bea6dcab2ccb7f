import type { OutboxAuth, RefreshOutcome } from '@/features/outbox/outbox-auth'
import type { OutboxItem, OutboxResult, OutboxSendContext } from '@/features/outbox/outbox'

/** The session as the outbox sees it, switchable between users during a test. */
export class FakeSession implements OutboxAuth {
  user: string | null | undefined = null
  refreshResult: RefreshOutcome = 'refreshed'
  refreshes: string[] = []
  async sessionUserId() {
    return this.user
  }
  async refresh(userId: string) {
    this.refreshes.push(userId)
    return this.refreshResult
  }
}

export interface Call {
  id: string
  key: string
  attempt: number
  payload: unknown
  /** Who held the session when the request left. */
  asUser: string | null | undefined
}

/** A server stand-in: answers from a script, records every request it receives. */
export function scriptedSender(session: FakeSession, answers: Array<OutboxResult | Error>) {
  const calls: Call[] = []
  const send = async (item: OutboxItem, ctx: OutboxSendContext): Promise<OutboxResult> => {
    calls.push({
      id: item.id,
      key: ctx.idempotencyKey,
      attempt: ctx.attempt,
      payload: item.payload,
      asUser: session.user,
    })
    const answer = answers.shift() ?? { type: 'delivered', response: { ok: true } }
    if (answer instanceof Error) throw answer
    return answer
  }
  return { calls, send }
}
