/**
 * Turns what the API answers into words staff can act on. The database already words its own refusals
 * (PT4xx: "An order that is pending cannot become delivered."); permission, network and constraint
 * errors are translated here.
 */
export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    readonly detailCode: string | null = null,
  ) {
    super(message)
    this.name = 'AdminApiError'
  }
}

interface ErrorLike {
  message?: string
  code?: string
  details?: string | null
}

export const messages = {
  offline: 'Could not reach the server. Check your connection and try again.',
  signedOut: 'Your session has ended. Sign in again to continue.',
  forbidden: 'Your account does not have permission to do this.',
  unknown: 'Something went wrong on the server. Please try again.',
} as const

function detailCodeOf(details: string | null | undefined): string | null {
  if (!details) return null
  try {
    const parsed: unknown = JSON.parse(details)
    if (parsed && typeof parsed === 'object' && 'code' in parsed) {
      const code = (parsed as { code: unknown }).code
      return typeof code === 'string' ? code : null
    }
  } catch {
    // Postgres DETAIL text, not the JSON our own refusals carry.
  }
  return null
}

/** Announced when the database refuses a staff call: the admin area then checks the roles again. */
export const STAFF_REFUSED_EVENT = 'luxe:staff-refused'

/** Plain words for an API error (supabase-js `{ error, status }`). */
export function toAdminError(error: ErrorLike, status: number): AdminApiError {
  const code = error.code ?? null
  const detailCode = detailCodeOf(error.details)
  if (status === 0 || /failed to fetch|network|load failed/i.test(error.message ?? '')) {
    return new AdminApiError(messages.offline, 0, code)
  }
  if (status === 401) return new AdminApiError(messages.signedOut, status, code)
  if (status === 403 || code === '42501') {
    if (typeof window !== 'undefined') window.dispatchEvent(new Event(STAFF_REFUSED_EVENT))
    return new AdminApiError(messages.forbidden, status, code)
  }
  if (code && /^PT\d{3}$/.test(code) && error.message) {
    return new AdminApiError(error.message, status, code, detailCode)
  }
  if (status >= 500) return new AdminApiError(messages.unknown, status, code)
  return new AdminApiError(error.message || messages.unknown, status, code, detailCode)
}

/** Unwraps a supabase-js answer, throwing an AdminApiError with plain words when it failed. */
export function unwrap<T>(response: {
  data: T | null
  error: ErrorLike | null
  status: number
}): T {
  if (response.error) throw toAdminError(response.error, response.status)
  return response.data as T
}

/** The message to show for anything thrown by an admin API call. */
export function errorMessage(error: unknown): string {
  if (error instanceof AdminApiError) return error.message
  if (error instanceof TypeError) return messages.offline
  return messages.unknown
}
