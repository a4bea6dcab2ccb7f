/**
 * The last stage: status, headers and body from a plan's result row. Content-Range and the range
 * status, singular (`vnd.pgrst.object`) answers, the `response.status` / `response.headers` GUCs set
 * by SQL, and Preference-Applied.
 */
import { ApiError } from './errors'
import type { ResultRow } from './execute'
import { CSV_TYPE, JSON_TYPE, OBJECT_TYPE, type Accepted } from './media-type'
import type { Preferences } from './preferences'
import { contentRange, rangeStatus } from './range'

export interface ResponseParts {
  status: number
  headers: Record<string, string>
  body: string | null
}

export function singularError(n: number) {
  return new ApiError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${n} rows`,
  )
}

export function contentType(accepted: Accepted): string {
  return accepted.type === 'object' ? OBJECT_TYPE : accepted.type === 'csv' ? CSV_TYPE : JSON_TYPE
}

/** A page of rows: status (200, 206 or 416), Content-Range and the body. */
export function readResponse(row: ResultRow, offset: number, accepted: Accepted): ResponseParts {
  const total = row.total === null ? null : Number(row.total)
  const pageTotal = Number(row.page_total)
  const upper = offset + pageTotal - 1
  const headers: Record<string, string> = {
    'Content-Type': contentType(accepted),
    'Content-Range': contentRange(offset, upper, total),
  }
  if (accepted.type === 'object') {
    if (pageTotal !== 1) throw singularError(pageTotal)
    return { status: 200, headers, body: row.single }
  }
  const status = rangeStatus(offset, upper, total)
  if (status === 416) {
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { 'Content-Range': `*/${total}` },
    )
  }
  return { status, headers, body: row.body }
}

/** Applies `response.status` / `response.headers` set by SQL during the request. */
export function applyGucs(
  row: { status: string | null; headers: string | null },
  res: ResponseParts,
) {
  if (row.status) {
    // Its leading digits, as PostgREST reads it; a fetch Response takes 200-599 only.
    const s = Number(/^\d+/.exec(row.status)?.[0] ?? NaN)
    if (!(s >= 200 && s <= 599)) {
      throw new ApiError(500, 'PGRST112', 'response.status guc must be a valid status code')
    }
    res.status = s
  }
  if (row.headers) {
    let parsed: unknown
    try {
      parsed = JSON.parse(row.headers)
    } catch {
      parsed = null
    }
    // A JSON array of objects, each with a single key and a string value.
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (h) =>
          typeof h === 'object' &&
          h !== null &&
          !Array.isArray(h) &&
          Object.keys(h).length === 1 &&
          typeof Object.values(h)[0] === 'string',
      )
    if (!valid) {
      throw new ApiError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      )
    }
    for (const h of parsed as Record<string, string>[]) {
      const [[k, v]] = Object.entries(h) as [[string, string]]
      res.headers[k] = v
    }
  }
}

/** The fetch Response: GUCs applied, Preference-Applied, and no body for HEAD, 204 and 304. */
export function respond(
  res: ResponseParts,
  row: { status: string | null; headers: string | null },
  method: string,
  prefs?: Preferences,
): Response {
  applyGucs(row, res)
  if (prefs?.applied.length) res.headers['Preference-Applied'] = prefs.applied.join(', ')
  const noBody = method === 'HEAD' || res.status === 204 || res.status === 304
  return new Response(noBody ? null : res.body, { status: res.status, headers: res.headers })
}
