/**
 * The first stage: the whole request parsed once, before any planning. Path, method, exposed schema
 * (Accept-Profile / Content-Profile), Prefer, Accept, Range, query string (select, filters, order,
 * limits, columns, on_conflict) and the JSON body. Anything malformed is refused here.
 */
import { authenticate, type Auth, type AuthConfig } from './auth'
import { ApiError, badQuery } from './errors'
import { parseAccept, type AcceptHeader } from './media-type'
import { parseSelect, type SelectItem } from './parser'
import { checkStrict, parsePrefer, type Preferences } from './preferences'
import { isOperation } from './filter-parser'
import { EMBEDDABLE, QueryParams, RESERVED } from './query-params'
import { parseRange, type HeaderRange } from './range'
import type { SchemaCache } from './schema-cache'

export const PREFIX = '/rest/v1'

export type Target =
  { kind: 'root' } | { kind: 'relation'; name: string } | { kind: 'routine'; name: string }

export interface ApiRequest {
  /** The original request: its headers go to the database as `request.headers`. */
  req: Request
  url: URL
  method: string
  target: Target
  auth: Auth
  schema: string
  prefs: Preferences
  accept: AcceptHeader
  range: HeaderRange | null
  params: QueryParams
  /** `select`, or null when absent (all columns). */
  select: SelectItem[] | null
  columns: string[] | null
  onConflict: string[] | null
  /** RPC arguments given in the query string (GET/HEAD). */
  rpcArgs: Record<string, string>
  /** Raw body (POST/PATCH); `{}` for an RPC called with an empty body. */
  body: string | null
  /** The body parsed as JSON. */
  payload: unknown
}

export interface RequestConfig extends AuthConfig {
  schemas: string[]
  maxBodyBytes: number
}

export const invalidPath = () =>
  new ApiError(404, 'PGRST125', 'Invalid path specified in request URL', null, null)

/** The request's method, path and target, and who makes it: enough to route it or answer from a cache. */
export async function parseTarget(
  req: { headers: Pick<Headers, 'get'> },
  url: URL,
  method: string,
  config: RequestConfig,
): Promise<Pick<ApiRequest, 'url' | 'method' | 'target' | 'auth' | 'schema'>> {
  if (!url.pathname.startsWith(PREFIX)) throw invalidPath()
  const auth = await authenticate(req.headers, config)
  const schema = profile(req.headers, method, config.schemas)
  const segments = url.pathname
    .slice(PREFIX.length)
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s)
      } catch {
        throw invalidPath()
      }
    })
  let target: Target
  if (segments.length === 0) target = { kind: 'root' }
  else if (segments.length === 2 && segments[0] === 'rpc') {
    target = { kind: 'routine', name: segments[1]! }
  } else if (segments.length === 1) target = { kind: 'relation', name: segments[0]! }
  else throw invalidPath()
  return { url, method, target, auth, schema }
}

/** Everything else about the request, parsed once. */
export async function parseApiRequest(
  req: Request,
  head: Pick<ApiRequest, 'url' | 'method' | 'target' | 'auth' | 'schema'>,
  _cache: SchemaCache,
  config: RequestConfig,
): Promise<ApiRequest> {
  const { url, method, target } = head
  const prefs = parsePrefer(req.headers.get('prefer'))
  checkStrict(prefs)
  // RPC called by GET/HEAD: as in PostgREST, a parameter whose value is not an operation is an argument.
  const rpcArgs: Record<string, string> = {}
  if (target.kind === 'routine' && method !== 'POST') {
    for (const [k, v] of url.searchParams) {
      const last = k.slice(k.lastIndexOf('.') + 1)
      if (RESERVED.has(k) || EMBEDDABLE.has(last) || isOperation(v)) continue
      rpcArgs[k] = v
    }
  }
  const params = QueryParams.parse(url.searchParams, new Set(Object.keys(rpcArgs)))
  const select = url.searchParams.get('select')
  const columns = url.searchParams.get('columns')
  const onConflict = url.searchParams.get('on_conflict')
  let body: string | null = null
  let payload: unknown = undefined
  const writes = method === 'POST' || (method === 'PATCH' && target.kind === 'relation')
  if (target.kind !== 'root' && writes) {
    body = await readBody(req, config.maxBodyBytes)
    if (target.kind === 'routine') body = body.trim() || '{}'
    payload = parseJson(body)
  }
  return {
    ...head,
    req,
    prefs,
    accept: parseAccept(req.headers.get('accept')),
    range: parseRange(req.headers.get('range')),
    params,
    select: select === null ? null : parseSelect(select),
    columns: columns ? parseColumnsParam(columns) : null,
    onConflict: onConflict ? parseColumnsParam(onConflict) : null,
    rpcArgs,
    body,
    payload,
  }
}

/** The exposed schema a request addresses (406 PGRST106 for any other). */
function profile(headers: Pick<Headers, 'get'>, method: string, schemas: string[]): string {
  const header =
    method === 'GET' || method === 'HEAD'
      ? headers.get('accept-profile')
      : headers.get('content-profile')
  const schema = header?.trim() || schemas[0]!
  if (!schemas.includes(schema)) {
    throw new ApiError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    )
  }
  return schema
}

async function readBody(req: Request, maxBody: number): Promise<string> {
  const length = Number(req.headers.get('content-length') ?? '0')
  if (length > maxBody) throw new ApiError(413, 'PGRST413', 'Payload Too Large')
  const text = await req.text()
  if (text.length > maxBody) throw new ApiError(413, 'PGRST413', 'Payload Too Large')
  return text
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json')
  }
}

/** `columns="a","b"` (supabase-js quotes each name) → ['a','b']. */
export function parseColumnsParam(value: string): string[] {
  return value.split(',').map((c) => {
    const t = c.trim()
    if (t.startsWith('"') && t.endsWith('"') && t.length >= 2)
      return t.slice(1, -1).replace(/""/g, '"')
    if (!t) throw badQuery(`"failed to parse columns parameter (${value})" (line 1, column 1)`)
    return t
  })
}
