import type { ConflictLine } from '../checkout-types'

/**
 * Why a checkout call did not succeed, in the terms the screen needs:
 * - `invalid`: the server refused a field (`field` names it, e.g. `contact.phone`, `items[0].quantity`);
 * - `conflict`: lines changed (sold out, price, stock) — `lines` says which;
 * - `key_reused`: this checkout key already placed a different order;
 * - `not_found`, `unauthorized`;
 * - `network` / `server`: nothing is known; the same request may be sent again with the same key.
 */
export type CheckoutErrorKind =
  'invalid' | 'conflict' | 'key_reused' | 'not_found' | 'unauthorized' | 'network' | 'server'

export class CheckoutError extends Error {
  constructor(
    readonly kind: CheckoutErrorKind,
    message: string,
    readonly code: string = kind,
    readonly field?: string,
    readonly lines: ConflictLine[] = [],
    readonly line?: number,
  ) {
    super(message)
    this.name = 'CheckoutError'
  }

  /** Sending the same request again may succeed (and, with the same key, never duplicates). */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'server'
  }
}

export const NETWORK_MESSAGE =
  "We couldn't reach the store. Check your connection and try again: your order will not be placed twice."

interface PostgrestLikeError {
  code?: string
  message?: string
  details?: string | null
}

const parseDetails = (details: string | null | undefined): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(details ?? '')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Maps a supabase-js RPC failure (`{ error, status }`) to a CheckoutError. */
export function fromRpcError(error: PostgrestLikeError, status: number): CheckoutError {
  const message = error.message ?? 'Something went wrong.'
  if (status === 0 || /FetchError|Failed to fetch|NetworkError|Load failed/i.test(message)) {
    return new CheckoutError('network', NETWORK_MESSAGE)
  }
  const details = parseDetails(error.details)
  const code = typeof details.code === 'string' ? details.code : (error.code ?? 'error')
  const field = typeof details.field === 'string' ? details.field : undefined
  const line = typeof details.line === 'number' ? details.line : undefined
  if (status === 409 && code === 'cart_conflict') {
    const lines = Array.isArray(details.lines) ? (details.lines as ConflictLine[]) : []
    return new CheckoutError('conflict', message, code, undefined, lines)
  }
  if (status === 409 && code === 'idempotency_key_reused') {
    return new CheckoutError('key_reused', message, code)
  }
  if (status === 400) return new CheckoutError('invalid', message, code, field, [], line)
  if (status === 404) return new CheckoutError('not_found', message, code)
  if (status === 401 || status === 403 || error.code === '42501' || error.code === 'PGRST301') {
    return new CheckoutError('unauthorized', 'Please sign in again to finish your order.', code)
  }
  return new CheckoutError(
    'server',
    'The store could not take your order just now. Please try again.',
    code,
  )
}
