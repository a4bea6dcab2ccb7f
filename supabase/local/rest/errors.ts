/**
 * PostgREST's error body and its HTTP status mapping (PostgREST 12/13 as deployed by Supabase).
 * Body: {"code","message","details","hint"}; Postgres errors pass SQLSTATE, message, DETAIL, HINT.
 */

export interface ErrorBody {
  code: string
  message: string
  details: string | null | unknown
  hint: string | null
}

/** An error PostgREST itself raises (PGRSTxxx) or a refusal shaped like a Postgres error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null | unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint }
  }
}

export const badQuery = (message: string, details: string | null = null) =>
  new ApiError(400, 'PGRST100', message, details)

/** Postgres error (from PGlite or PgLikeError): code, message, detail, hint. */
interface PgErrorLike {
  code: string
  message: string
  detail?: string
  hint?: string
}

export function isPgError(error: unknown): error is PgErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  )
}

/** SQLSTATE → HTTP status (protocol §3.9). `authed` is false for the anon role. */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  if (code === '42501') return authed ? 403 : 401
  if (code === '23505' || code === '23503') return 409
  if (code === '42883' || code === '42P01') return 404
  if (code === '25006') return 405
  if (code === 'P0001') return 400
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  if (code === '21000') return /requires a WHERE clause$/.test(message) ? 400 : 500
  if (code === '22023') return /^role ".*" does not exist$/.test(message) ? 401 : 400
  if (code === '53400') return 500
  if (code === '42P17') return 500
  if (code === '25006') return 405
  const two = code.slice(0, 2)
  if (two === '0L' || two === '0P' || two === '28') return 403
  if (two === '08' || two === '53' || code === '57P01') return 503
  if (
    [
      '09',
      '25',
      '2D',
      '38',
      '39',
      '3B',
      '40',
      '54',
      '55',
      '57',
      '58',
      'F0',
      'HV',
      'P0',
      'XX',
    ].includes(two)
  ) {
    return 500
  }
  return 400
}

export function errorResponse(
  error: unknown,
  authed: boolean,
  log?: (m: string) => void,
): Response {
  let status: number
  let body: ErrorBody
  let headers: Record<string, string> = {}
  if (error instanceof ApiError) {
    status = error.status
    body = error.body()
    headers = error.headers
  } else if (isPgError(error)) {
    status = statusForSqlState(error.code, error.message, authed)
    body = {
      code: error.code,
      message: error.message,
      details: error.detail ?? null,
      hint: error.hint ?? null,
    }
  } else {
    // A bug or an engine failure: answer like PostgREST would for an internal error, without a stack.
    log?.(
      `rest: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    status = 500
    body = { code: 'PGRST000', message: 'Internal server error', details: null, hint: null }
  }
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Proxy-Status': `PostgREST; error=${body.code}`,
      ...headers,
    },
  })
}
