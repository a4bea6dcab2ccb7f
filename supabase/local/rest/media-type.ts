/**
 * Accept header negotiation: the media types a response may take. The header is parsed with the
 * request; each plan then picks the first type it can give (PGRST107 when none).
 */
import { ApiError } from './errors'

export const JSON_TYPE = 'application/json; charset=utf-8'
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'
export const CSV_TYPE = 'text/csv; charset=utf-8'

export type MediaType = 'json' | 'object' | 'csv' | 'openapi'

export interface Accepted {
  type: MediaType
  stripNulls: boolean
}

/** The Accept header as given and its media ranges in order (a supported type, or null). */
export interface AcceptHeader {
  raw: string | null
  ranges: (Accepted | null)[]
}

export function parseAccept(accept: string | null): AcceptHeader {
  if (!accept || accept.trim() === '') {
    return { raw: accept, ranges: [{ type: 'json', stripNulls: false }] }
  }
  const ranges = accept.split(',').map((raw): Accepted | null => {
    const [mime = '', ...params] = raw.split(';').map((s) => s.trim().toLowerCase())
    const stripNulls = params.includes('nulls=stripped')
    switch (mime) {
      case '*/*':
      case 'application/*':
      case 'application/json':
      case 'application/vnd.pgrst.array+json':
        return { type: 'json', stripNulls }
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { type: 'object', stripNulls }
      case 'text/csv':
        return { type: 'csv', stripNulls: false }
      case 'application/openapi+json':
        return { type: 'openapi', stripNulls: false }
      default:
        return null
    }
  })
  return { raw: accept, ranges }
}

function unavailable(accept: string | null) {
  return new ApiError(406, 'PGRST107', `None of these media types are available: ${accept}`)
}

/** Picks the first supported media type of an Accept header (406 PGRST107 when none is). */
export function negotiate(accept: string | null): Accepted {
  const first = parseAccept(accept).ranges.find((r) => r !== null)
  if (!first) throw unavailable(accept)
  return first
}

/** The media type a table, view or function answers with; CSV only where rows are read. */
export function accepted(accept: AcceptHeader, csvAllowed: boolean): Accepted {
  const first = accept.ranges.find((r) => r !== null)
  if (!first || (first.type === 'csv' && !csvAllowed) || first.type === 'openapi') {
    throw unavailable(accept.raw)
  }
  return first
}

export interface ReadShape {
  singular: boolean
  stripNulls: boolean
  /** `Accept: text/csv`: body is CSV (header line, then one line per row; NULL is empty). */
  csv?: boolean
}

export function readShape(accepted: Accepted): ReadShape {
  return {
    singular: accepted.type === 'object',
    stripNulls: accepted.type !== 'csv' && accepted.stripNulls,
    csv: accepted.type === 'csv',
  }
}
