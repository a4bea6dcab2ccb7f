/**
 * Running a plan: one transaction per request under the request's role and claims (RLS and grants
 * decide what is visible), and the one row every statement answers with.
 */
import type { LocalDb, RequestContext, RequestOptions, Transaction } from '../db'
import { PREFIX, type ApiRequest } from './api-request'

/** The row a read, a representation or an RPC answers with (see `wrapRead`). */
export interface ResultRow {
  total: string | null
  page_total: string
  body: string | null
  single: string | null
  status: string | null
  headers: string | null
}

/** Bind parameters go to Postgres as text; Postgres parses them per the inferred type. */
const textSerializers = new Proxy(
  {},
  { get: () => (v: unknown) => (typeof v === 'string' ? v : String(v)) },
) as Record<number, (v: unknown) => string>

export function run(tx: Transaction, sql: string, params: (string | null)[]) {
  return tx.query(sql, params, { serializers: textSerializers })
}

export async function runRow(tx: Transaction, sql: string, params: (string | null)[]) {
  return (await run(tx, sql, params)).rows[0] as ResultRow
}

export function emptyRow(): ResultRow {
  return { total: null, page_total: '0', body: '[]', single: null, status: null, headers: null }
}

/** The response GUCs after a statement that returned no row of its own. */
export async function gucRow(tx: Transaction): Promise<ResultRow> {
  return runRow(
    tx,
    `SELECT NULL::text AS total, '0' AS page_total, '[]' AS body, NULL::text AS single,
       nullif(current_setting('response.status', true), '') AS status,
       nullif(current_setting('response.headers', true), '') AS headers`,
    [],
  )
}

/** Runs `fn` in the request's transaction (PostgREST's preamble: role, claims, method, path, headers). */
export function inRequest<T>(
  env: { db: LocalDb; extraSearchPath: string[] },
  api: Pick<ApiRequest, 'req' | 'url' | 'method' | 'auth' | 'schema'>,
  opts: RequestOptions,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  // PostgREST's search_path: the request's schema, then the extra ones.
  const searchPath = [api.schema, ...env.extraSearchPath.filter((s) => s !== api.schema)]
  return env.db.withRequest(requestContext(api, searchPath), opts, fn)
}

export function requestContext(
  api: Pick<ApiRequest, 'url' | 'method' | 'auth'> & {
    req: { headers: Pick<Headers, 'get' | 'forEach'> }
  },
  searchPath?: string[],
): RequestContext {
  const headers: Record<string, string> = {}
  api.req.headers.forEach((v, k) => {
    if (k !== 'cookie') headers[k] = v
  })
  return {
    role: api.auth.role,
    claims: api.auth.claims,
    method: api.method,
    path: api.url.pathname.slice(PREFIX.length) || '/',
    headers,
    cookies: parseCookies(api.req.headers.get('cookie')),
    ...(searchPath ? { searchPath } : {}),
  }
}

function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=')
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return out
}
