import { getSupabase } from '@/lib/supabase'

export type RefreshOutcome =
  /** A new access token for the expected user. */
  | 'refreshed'
  /** The session is gone or belongs to someone else: the shopper must sign in. */
  | 'failed'
  /** The auth server could not be reached: try again later, nothing is known. */
  | 'unreachable'

/** What the outbox needs to know about the session; replaced in tests. */
export interface OutboxAuth {
  /** The user whose token requests carry right now: null signed out, undefined unknown (offline). */
  sessionUserId(): Promise<string | null | undefined>
  /** Renews the session of `userId` once (after a 401). */
  refresh(userId: string): Promise<RefreshOutcome>
}

const isRetryable = (error: { name?: string; status?: number }) =>
  error.name === 'AuthRetryableFetchError' || error.status === 0

/** The session as supabase-js keeps it: the very token senders' requests will carry. */
const supabaseAuth: OutboxAuth = {
  async sessionUserId() {
    try {
      const { data, error } = await (await getSupabase()).auth.getSession()
      if (error && isRetryable(error)) return undefined
      return data.session?.user.id ?? null
    } catch {
      return undefined
    }
  },
  async refresh(userId) {
    try {
      const { data, error } = await (await getSupabase()).auth.refreshSession()
      if (error) return isRetryable(error) ? 'unreachable' : 'failed'
      return data.session?.user.id === userId ? 'refreshed' : 'failed'
    } catch {
      return 'unreachable'
    }
  },
}

let current: OutboxAuth = supabaseAuth

export function outboxAuth(): OutboxAuth {
  return current
}

/** Tests swap in a session they control; returns a function that restores the real one. */
export function setOutboxAuth(auth: OutboxAuth): () => void {
  const previous = current
  current = auth
  return () => {
    current = previous
  }
}
