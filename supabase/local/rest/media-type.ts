/**
 * Accept header negotiation: the media types a response may take. The header is parsed with the
 * request; each plan then picks the first type it can give (PGRST107 when none).
 */
import { ApiError } from './errors'

export const JSON_TYPE = 'application/json; charset=utf-8'
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'
export const CSV_TYPE = 'text/csv; charset=utf-8'

export type MediaType = 'json' | 'object' | 'csv' | 'openapi' | 'plan'

export interface Accepted {
  type: MediaType
  stripNulls: boolean
  /** The media type as PostgREST names it (its toMime), for PGRST107 and plan Content-Types. */
  mime: string
  /** `application/vnd.pgrst.plan`: its format, the media type it plans for, and EXPLAIN options. */
  plan?: { format: 'json' | 'text'; for: Accepted | null; options: string[] }
}

/** The Accept header as given and its media ranges in order (a supported type, or null). */
export interface AcceptHeader {
  raw: string | null
  ranges: (Accepted | null)[]
  /** Every range's media type as PostgREST names it, in its order. */
  mimes: string[]
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal']

/**
 * The ranges of an Accept header in PostgREST's order (wai's parseHttpAccept): spaces removed, each
 * range's `;q=` and what follows dropped, sorted by quality, then by parameters less wildcards.
 */
function acceptRanges(accept: string): string[] {
  return accept
    .split(',')
    .map((part, i) => {
      const s = part.replace(/ /g, '')
      const at = s.indexOf(';q=')
      const range = at === -1 ? s : s.slice(0, at)
      const qText = at === -1 ? '' : s.slice(at + 3).split(';')[0]!
      const q = /^\d+(\.\d+)?(e[+-]?\d+)?$/i.test(qText) ? Number(qText) : 1
      const specificity = (range.match(/;/g)?.length ?? 0) - (range.match(/\*/g)?.length ?? 0)
      return { range, q, specificity, i }
    })
    .sort((a, b) => b.q - a.q || b.specificity - a.specificity || a.i - b.i)
    .map((r) => r.range)
}

/** `type/subtype` and its parameters (names lowercased), as PostgREST tokenizes a media type. */
function tokenize(text: string): { type: string; params: Map<string, string> } {
  const m = /^([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)(.*)$/.exec(text)
  if (!m) return { type: text.toLowerCase(), params: new Map() }
  const params = new Map<string, string>()
  for (const p of m[3]!.matchAll(/\s*;\s*([A-Za-z0-9-]+)\s*=\s*(?:"([^"]*)"|([A-Za-z0-9|-]+))/g)) {
    params.set(p[1]!.toLowerCase(), p[2] ?? p[3]!)
  }
  return { type: `${m[1]}/${m[2]}`.toLowerCase(), params }
}

/** One media range as PostgREST decodes it; null for one it cannot give (named in PGRST107 by `mime`). */
function decode(text: string): Accepted | { type: null; mime: string } {
  const { type, params } = tokenize(text)
  const stripped = params.get('nulls') === 'stripped'
  switch (type) {
    case '*/*':
      return { type: 'json', stripNulls: false, mime: '*/*' }
    case 'application/*':
    case 'application/json':
      return { type: 'json', stripNulls: false, mime: 'application/json' }
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped
        ? {
            type: 'json',
            stripNulls: true,
            mime: 'application/vnd.pgrst.array+json;nulls=stripped',
          }
        : { type: 'json', stripNulls: false, mime: 'application/json' }
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return {
        type: 'object',
        stripNulls: stripped,
        mime: `application/vnd.pgrst.object+json${stripped ? ';nulls=stripped' : ''}`,
      }
    case 'text/csv':
      return { type: 'csv', stripNulls: false, mime: 'text/csv' }
    case 'application/openapi+json':
      return { type: 'openapi', stripNulls: false, mime: 'application/openapi+json' }
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
    case 'application/vnd.pgrst.plan+json': {
      const format = type.endsWith('+json') ? 'json' : 'text'
      const forText = params.get('for') ?? 'application/json'
      const decoded = decode(forText)
      const target = decoded.type === null || decoded.type === 'plan' ? null : (decoded as Accepted)
      const given = (params.get('options') ?? '').split('|')
      const options = PLAN_OPTIONS.filter((o) => given.includes(o))
      const mime =
        `application/vnd.pgrst.plan+${format}; for="${decoded.mime}"` +
        (options.length ? `; options=${options.join('|')}` : '')
      return {
        type: 'plan',
        stripNulls: false,
        mime,
        plan: { format, for: target, options },
      }
    }
    default:
      return { type: null, mime: mimeName(type, text) }
  }
}

/** PostgREST's name for the media types it knows but cannot answer with here, else the text given. */
function mimeName(type: string, text: string): string {
  const known = [
    'application/geo+json',
    'text/plain',
    'text/xml',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
  ]
  return known.includes(type) ? type : text
}

export function parseAccept(accept: string | null): AcceptHeader {
  if (!accept || accept.trim() === '') {
    return {
      raw: accept,
      ranges: [{ type: 'json', stripNulls: false, mime: '*/*' }],
      mimes: ['*/*'],
    }
  }
  const decoded = acceptRanges(accept).map(decode)
  return {
    raw: accept,
    ranges: decoded.map((d) => (d.type === null ? null : (d as Accepted))),
    mimes: decoded.map((d) => d.mime),
  }
}

function unavailable(mimes: string[]) {
  return new ApiError(
    406,
    'PGRST107',
    `None of these media types are available: ${mimes.join(', ')}`,
  )
}

/** Picks the first supported media type of an Accept header (406 PGRST107 when none is). */
export function negotiate(accept: string | null): Accepted {
  const parsed = parseAccept(accept)
  const first = parsed.ranges.find((r) => r !== null && r.type !== 'plan')
  if (!first) throw unavailable(parsed.mimes)
  return first
}

/**
 * The media type a table, view or function answers with; CSV only where rows are read, plans only
 * where the plan switch (db-plan-enabled) allows them: otherwise PostgREST passes over them.
 */
export function accepted(accept: AcceptHeader, csvAllowed: boolean, planAllowed = false): Accepted {
  const first = accept.ranges.find(
    (r) =>
      r !== null &&
      (r.type !== 'plan' || (planAllowed && planFor(r.plan!.for, csvAllowed))) &&
      (r.type !== 'csv' || csvAllowed) &&
      r.type !== 'openapi',
  )
  if (!first) throw unavailable(accept.mimes)
  return first
}

/** Whether a plan's target media type is one this resource could answer with. */
function planFor(target: Accepted | null, csvAllowed: boolean): boolean {
  return !!target && target.type !== 'openapi' && (target.type !== 'csv' || csvAllowed)
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
