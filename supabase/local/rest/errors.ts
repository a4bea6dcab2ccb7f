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

/**
 * SQLSTATE → HTTP status, as PostgREST's pgErrorStatus maps it (checked in order: exact codes before
 * their class). `authed` is false for the anon role.
 */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  const two = code.slice(0, 2)
  if (two === '08') return 503
  if (two === '09') return 500
  if (two === '0L' || two === '0P') return 403
  if (code === '23503' || code === '23505') return 409
  if (code === '25006') return 405
  // A WHERE-less UPDATE/DELETE refused by pg-safeupdate is the client's fault; any other is the server's.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  // A JWT role that does not exist.
  if (code === '22023') return /^role.*does not exist$/s.test(message) ? 401 : 400
  if (['25', '2D', '38', '39', '3B', '40'].includes(two)) return 500
  if (two === '28') return 403
  if (code === '53400') return 500
  if (two === '53') return 503
  if (['54', '55'].includes(two)) return 500
  if (code === '57P01') return 503
  if (['57', '58', 'F0', 'HV'].includes(two)) return 500
  if (code === 'P0001') return 400
  if (two === 'P0' || two === 'XX') return 500
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404
  if (code === '42P01') return 404
  if (code === '42P17') return 500
  if (code === '42501') return authed ? 403 : 401
  if (two === 'PT') {
    // `raise sqlstate 'PT402'`: the status is the code's digits; anything else is the server's fault.
    const n = /^PT(\d+)$/.exec(code)
    const status = n ? Number(n[1]) : NaN
    return status >= 100 && status <= 599 ? status : 500
  }
  return 400
}

/**
 * `raise sqlstate 'PGRST' using message = '{"code":..,"message":..}', detail = '{"status":..,"headers":{..}}'`:
 * full control of the error response, as PostgREST gives it; a message or detail that is not such JSON
 * is PGRST121.
 */
function raisedPgrst(error: PgErrorLike): {
  status: number
  statusText?: string
  body: ErrorBody
  headers: Record<string, string>
} {
  const parseError = (details: string, hint: string) =>
    new ApiError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      details,
      hint,
    )
  const messageHint =
    "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'."
  const detailHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'."
  const msg = parseObject(error.message)
  const text = (v: unknown) => typeof v === 'string'
  const optionalText = (v: unknown) => v === undefined || v === null || text(v)
  if (
    !msg ||
    !text(msg.code) ||
    !text(msg.message) ||
    !optionalText(msg.details) ||
    !optionalText(msg.hint)
  ) {
    throw parseError(`Invalid JSON value for MESSAGE: '${error.message}'`, messageHint)
  }
  if (error.detail === undefined || error.detail === null) {
    throw parseError('DETAIL is missing in the RAISE statement', detailHint)
  }
  const det = parseObject(error.detail)
  const headers = det?.headers
  if (
    !det ||
    typeof det.status !== 'number' ||
    !Number.isInteger(det.status) ||
    // A fetch Response carries 200-599 only.
    det.status < 200 ||
    det.status > 599 ||
    !optionalText(det.status_text) ||
    typeof headers !== 'object' ||
    headers === null ||
    Array.isArray(headers) ||
    !Object.values(headers).every(text)
  ) {
    throw parseError(`Invalid JSON value for DETAIL: '${error.detail}'`, detailHint)
  }
  return {
    status: det.status,
    ...(typeof det.status_text === 'string' ? { statusText: det.status_text } : {}),
    body: {
      code: msg.code as string,
      message: msg.message as string,
      details: (msg.details as string | undefined) ?? null,
      hint: (msg.hint as string | undefined) ?? null,
    },
    headers: headers as Record<string, string>,
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

export function errorResponse(
  error: unknown,
  authed: boolean,
  log?: (m: string) => void,
): Response {
  let status: number
  let body: ErrorBody
  let headers: Record<string, string> = {}
  let statusText: string | undefined
  if (error instanceof ApiError) {
    status = error.status
    body = error.body()
    headers = error.headers
  } else if (isPgError(error) && error.code === 'PGRST') {
    try {
      ;({ status, statusText, body, headers } = raisedPgrst(error))
    } catch (parseError) {
      return errorResponse(parseError, authed, log)
    }
  } else if (isPgError(error)) {
    status = statusForSqlState(error.code, error.message, authed)
    body = {
      code: error.code,
      message: error.message,
      details: error.detail ?? null,
      hint: error.hint ?? null,
    }
    // PostgREST asks for a token on every 401 a database error gives.
    if (status === 401) headers = { 'WWW-Authenticate': 'Bearer' }
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
    ...(statusText ? { statusText } : {}),
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Proxy-Status': `PostgREST; error=${body.code}`,
      ...headers,
    },
  })
}
