import { getSupabase } from '@/lib/supabase'

/** Where a sign-up came from, kept with the address for the marketing team (at most 40 characters). */
export type SubscribeSource = 'footer' | 'home' | 'email-popup' | (string & {})

export interface SubscribeRequest {
  email: string
  /** Made once per sign-up on the device (`crypto.randomUUID()`): a replay is stored only once. */
  clientId: string
  source: SubscribeSource
}

export type SubscribeResult =
  | { ok: true }
  /** The server refused the address; retrying will not help. */
  | { ok: false; reason: 'invalid_email'; retryable: false; message: string }
  /** No connection or the server could not be reached; the same request can be sent again later. */
  | { ok: false; reason: 'network'; retryable: true; message: string }
  /** Anything else the server answered. */
  | { ok: false; reason: 'server'; retryable: boolean; message: string }

interface PostgrestLikeError {
  code?: string
  message?: string
  status?: number
}

function looksLikeNetworkFailure(error: PostgrestLikeError): boolean {
  const message = error.message ?? ''
  return /failed to fetch|networkerror|network request failed|load failed|fetch failed/i.test(
    message,
  )
}

/**
 * Adds an address to `public.newsletter_subscribers` through `subscribe_newsletter()`, which stores an
 * address once and answers the same for a new and a known one. A plain unique-violation answer
 * (23505 / 409) also counts as success, so a replay from the offline queue is never an error.
 * Pure request → result: no toasts, no state, so the form and the offline outbox can both call it.
 */
export async function subscribe({
  email,
  clientId,
  source,
}: SubscribeRequest): Promise<SubscribeResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return { ok: false, reason: 'network', retryable: true, message: 'You are offline.' }
  }
  try {
    const supabase = await getSupabase()
    const { error, status } = await supabase.rpc('subscribe_newsletter', {
      email: email.trim(),
      client_id: clientId,
      source,
    })
    if (!error) return { ok: true }
    const failure = error as PostgrestLikeError
    if (failure.code === '23505' || status === 409) return { ok: true }
    if (failure.code === 'PT400' || status === 400) {
      return {
        ok: false,
        reason: 'invalid_email',
        retryable: false,
        message: failure.message ?? 'Please enter a valid email address.',
      }
    }
    if (status === 0 || looksLikeNetworkFailure(failure)) {
      return { ok: false, reason: 'network', retryable: true, message: failure.message ?? '' }
    }
    return {
      ok: false,
      reason: 'server',
      retryable: status >= 500 || status === 429,
      message: failure.message ?? 'Unknown error',
    }
  } catch (error) {
    // The client library could not be loaded or the request threw: both mean "try again later".
    return {
      ok: false,
      reason: 'network',
      retryable: true,
      message: error instanceof Error ? error.message : String(error),
    }
  }
}
