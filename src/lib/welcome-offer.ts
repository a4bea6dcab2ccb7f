import { getSupabase } from '@/lib/supabase'

/** The welcome code the store issued: shown once, and sent to the address. */
export interface WelcomeCode {
  code: string
  percent: number
  /** The most it takes off, in KES. */
  cap: number
  expiresAt: string
}

export type WelcomeOfferResult =
  /** Subscribed; `welcome` is the new code, or null when this address already had one (sent then). */
  | { ok: true; welcome: WelcomeCode | null; percent: number; cap: number }
  | { ok: false; reason: 'invalid_email'; retryable: false; message: string }
  | { ok: false; reason: 'network'; retryable: true; message: string }
  | { ok: false; reason: 'server'; retryable: boolean; message: string }

const NETWORK = /failed to fetch|networkerror|network request failed|load failed|fetch failed/i

/**
 * The email offer and the newsletter: `claim_welcome_offer()` subscribes the address (once) and issues
 * its unique welcome code, which it emails; the code comes back only the first time.
 */
export async function claimWelcomeOffer(
  email: string,
  clientId: string,
  source: string,
): Promise<WelcomeOfferResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return { ok: false, reason: 'network', retryable: true, message: 'You are offline.' }
  }
  try {
    const supabase = await getSupabase()
    const { data, error, status } = await supabase.rpc('claim_welcome_offer', {
      email: email.trim(),
      client_id: clientId,
      source,
    })
    if (!error) {
      const answer = data as unknown as {
        issued: boolean
        code?: string
        percent: number
        cap: number
        expiresAt?: string
      }
      return {
        ok: true,
        percent: answer.percent,
        cap: answer.cap,
        welcome:
          answer.issued && answer.code
            ? {
                code: answer.code,
                percent: answer.percent,
                cap: answer.cap,
                expiresAt: answer.expiresAt ?? '',
              }
            : null,
      }
    }
    if (error.code === 'PT400' || status === 400) {
      return {
        ok: false,
        reason: 'invalid_email',
        retryable: false,
        message: error.message || 'Please enter a valid email address.',
      }
    }
    if (status === 0 || NETWORK.test(error.message ?? '')) {
      return { ok: false, reason: 'network', retryable: true, message: error.message ?? '' }
    }
    return {
      ok: false,
      reason: 'server',
      retryable: status >= 500 || status === 429,
      message: error.message || 'Unknown error',
    }
  } catch (error) {
    return {
      ok: false,
      reason: 'network',
      retryable: true,
      message: error instanceof Error ? error.message : String(error),
    }
  }
}
