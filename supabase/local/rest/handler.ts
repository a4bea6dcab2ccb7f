/**
 * `/rest/v1/*`: a PostgREST-compatible API over the embedded database, faithful to what supabase-js
 * 2.x sends and expects (see the protocol reference, §3). The gateway has checked the apikey and adds
 * CORS; this layer derives the role from the Bearer token and runs each request in its own
 * transaction under that role, so RLS and grants decide what is visible.
 */
import type { ApiRole, LocalDb } from '../db'
import {
  CATALOGUE_RPCS,
  createCatalogueCache,
  toResponse,
  type CatalogueAnswer,
  type RequestView,
} from './catalogue-cache'
import { ApiError, errorResponse } from './errors'
import { checkColumns, planDelete, planInsert, planUpdate, withReturning } from './mutations'
import {
  negotiate,
  parseNonNegativeInt,
  parsePrefer,
  parseSelect,
  type Accepted,
  type Preferences,
  type SelectItem,
} from './parser'
import {
  buildMutationFilters,
  buildRead,
  countSql,
  newContext,
  parseColumnsParam,
  readSql,
  ScopedParams,
  STAR,
  tableSource,
  wrapRead,
  type BuildContext,
  type Source,
  type SourceColumn,
} from './query'
import {
  loadSchemaCache,
  quoteIdent as q,
  relKey,
  type Relation,
  type RoutineDef,
  type SchemaCache,
} from './schema-cache'

export interface RestDeps {
  db: LocalDb
  /**
   * Verifies an HS256 JWT; throws on a bad signature or expiry. An error with `reason: 'expired'`
   * (jwt.ts) or jose's `ERR_JWT_EXPIRED` becomes PGRST303. Called with PostgREST's 30 s leeway.
   */
  verifyJwt: (
    token: string,
    options?: { leewaySeconds?: number },
  ) => Promise<Record<string, unknown>>
  /** Opaque API keys (`sb_publishable_…` → anon, `sb_secret_…` → service_role) accepted as Bearer. */
  opaqueKeys?: Record<string, ApiRole>
  /** Exposed schemas (default public, graphql_public). */
  schemas?: string[]
  /** Largest accepted request body in bytes (default 10 MB). */
  maxBodyBytes?: number
  /** Most top-level rows one read returns (config.toml `[api] max_rows`, default 1000). */
  maxRows?: number
  /**
   * Answer plain calls of `rpc/catalogue` and `rpc/catalogue_details` from memory, per
   * catalogue_version() (default true).
   */
  catalogueCache?: boolean
  log?: (msg: string) => void
}

export interface RestHandler {
  (req: Request): Promise<Response>
  /**
   * GET/HEAD `/rest/v1/rpc/catalogue` (or `catalogue_details`) from the catalogue cache, given the
   * request's headers only; null when the request must go through the handler (which then also gives
   * any error its shape).
   */
  catalogue(req: RequestView, url: URL, method: 'GET' | 'HEAD'): Promise<CatalogueAnswer | null>
  /** Re-reads the schema cache now (like `NOTIFY pgrst, 'reload schema'`). */
  reloadSchema(): Promise<void>
}

const PREFIX = '/rest/v1'
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey'])
const JSON_TYPE = 'application/json; charset=utf-8'
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'
const CSV_TYPE = 'text/csv; charset=utf-8'

interface Auth {
  role: string
  claims: Record<string, unknown>
}

interface ResultRow {
  total: string | null
  page_total: string
  body: string
  single: string | null
  status: string | null
  headers: string | null
}

/** Bind parameters go to Postgres as text; Postgres parses them per the inferred type. */
const textSerializers = new Proxy(
  {},
  { get: () => (v: unknown) => (typeof v === 'string' ? v : String(v)) },
) as Record<number, (v: unknown) => string>

/** The same database; `onCommit` runs after each request transaction that could write has committed. */
function noticingWrites(db: LocalDb, onCommit: () => void): LocalDb {
  const view: LocalDb = Object.create(db) as LocalDb
  view.withRequest = async (ctx, opts, fn) => {
    const result = await db.withRequest(ctx, opts, fn)
    if (!opts.readOnly && !opts.rollback) onCommit()
    return result
  }
  return view
}

export function createRestHandler(deps: RestDeps): RestHandler {
  const schemas = deps.schemas ?? ['public', 'graphql_public']
  const log = deps.log ?? ((m: string) => console.error(m))
  const maxBody = deps.maxBodyBytes ?? 10 * 1024 * 1024
  const maxRows = deps.maxRows ?? 1000
  let cache: Promise<SchemaCache> | null = null
  let dirty = true
  let listening: Promise<unknown> | null = null
  const catalogue =
    deps.catalogueCache === false ? null : createCatalogueCache({ db: deps.db, log })
  // Requests run on a view of the database that tells the catalogue cache when a write commits.
  const db = catalogue ? noticingWrites(deps.db, catalogue.changed) : deps.db

  const getCache = async () => {
    if (!listening) {
      // Any DDL fires the pgrst_ddl_watch event trigger (bootstrap.sql), which notifies this channel.
      listening = deps.db.pg.listen('pgrst', () => {
        dirty = true
      })
    }
    await listening
    if (dirty || !cache) {
      dirty = false
      cache = loadSchemaCache(deps.db.pg, schemas)
      cache.catch(() => {
        dirty = true
      })
    }
    return cache
  }

  const handler = (async (req: Request): Promise<Response> => {
    let authed = false
    try {
      const url = new URL(req.url)
      if (!url.pathname.startsWith(PREFIX)) throw invalidPath()
      const auth = await authenticate(req, deps)
      authed = auth.role !== 'anon'
      const method = req.method.toUpperCase()
      const schema = profile(req, method, schemas)
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
      const c = await getCache()
      const r: Req = { req, url, method, auth, schema, cache: c, db, maxBody, maxRows }
      if (segments.length === 0) return openApi(r)
      if (
        catalogue &&
        segments.length === 2 &&
        segments[0] === 'rpc' &&
        CATALOGUE_RPCS.has(segments[1]!)
      ) {
        const cached = await serveCatalogue(r, segments[1]!)
        if (cached) return toResponse(cached)
      }
      if (segments[0] === 'rpc' && segments.length === 2) return await rpc(r, segments[1]!)
      if (segments.length === 1) return await table(r, segments[0]!)
      throw invalidPath()
    } catch (error) {
      return errorResponse(error, authed, log)
    }
  }) as RestHandler
  const serveCatalogue = (r: Req, routine: string) =>
    catalogue!.serve({
      ...r,
      routine,
      role: r.auth.role,
      context: () => requestContext(r),
      schemaCache: r.cache,
    })
  handler.catalogue = async (view, url, method) => {
    const routine = url.pathname.startsWith(`${PREFIX}/rpc/`)
      ? url.pathname.slice(`${PREFIX}/rpc/`.length)
      : ''
    if (!catalogue || !CATALOGUE_RPCS.has(routine)) return null
    try {
      // Only headers are read on this path (no body for GET/HEAD).
      const req = view as Request
      const auth = await authenticate(req, deps)
      const schema = profile(req, method, schemas)
      const cache = await getCache()
      return await serveCatalogue(
        {
          req,
          url,
          method,
          auth,
          schema,
          cache,
          db,
          maxBody,
          maxRows,
        },
        routine,
      )
    } catch {
      return null
    }
  }
  handler.reloadSchema = async () => {
    dirty = true
    await getCache()
  }
  return handler
}

interface Req {
  req: Request
  url: URL
  method: string
  auth: Auth
  schema: string
  cache: SchemaCache
  db: LocalDb
  maxBody: number
  maxRows: number
}

const invalidPath = () =>
  new ApiError(404, 'PGRST125', 'Invalid path specified in request URL', null, null)

// --------------------------------------------------------------------------------------------------
// Auth: §3.8 step 1

async function authenticate(req: Request, deps: RestDeps): Promise<Auth> {
  const header = req.headers.get('authorization')
  const m = header ? /^bearer\s+(.*)$/i.exec(header.trim()) : null
  if (!m) return { role: 'anon', claims: {} }
  const token = m[1]!.trim()
  const opaque = deps.opaqueKeys?.[token]
  if (opaque) return { role: opaque, claims: { role: opaque } }
  const parts = token.split('.').length
  if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`)
  let claims: Record<string, unknown>
  try {
    claims = await deps.verifyJwt(token, { leewaySeconds: 30 })
  } catch (error) {
    const e = error as { code?: string; reason?: string }
    if (e?.reason === 'expired' || e?.code === 'ERR_JWT_EXPIRED') {
      throw jwtError('PGRST303', 'JWT expired')
    }
    throw jwtError('PGRST301', 'JWT cryptographic operation failed')
  }
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon'
  return { role, claims }
}

function jwtError(code: string, message: string) {
  return new ApiError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  })
}

function profile(req: Request, method: string, schemas: string[]): string {
  const header =
    method === 'GET' || method === 'HEAD'
      ? req.headers.get('accept-profile')
      : req.headers.get('content-profile')
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

// --------------------------------------------------------------------------------------------------
// Shared helpers

function requestContext(r: Req) {
  const headers: Record<string, string> = {}
  r.req.headers.forEach((v, k) => {
    if (k !== 'cookie') headers[k] = v
  })
  return {
    role: r.auth.role,
    claims: r.auth.claims,
    method: r.method,
    path: r.url.pathname.slice(PREFIX.length) || '/',
    headers,
    cookies: parseCookies(r.req.headers.get('cookie')),
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

function scopedParams(r: Req, skip: Set<string> = new Set()): ScopedParams {
  const scoped = new ScopedParams()
  for (const [k, v] of r.url.searchParams) {
    if (RESERVED.has(k) || skip.has(k)) continue
    scoped.add(k, v)
  }
  return scoped
}

function selectItems(r: Req): SelectItem[] {
  const s = r.url.searchParams.get('select')
  return s === null ? STAR : parseSelect(s)
}

function preferences(r: Req): Preferences {
  const prefs = parsePrefer(r.req.headers.get('prefer'))
  if (prefs.handling === 'strict' && prefs.invalid.length) {
    throw new ApiError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    )
  }
  return prefs
}

async function readBody(r: Req): Promise<string> {
  const length = Number(r.req.headers.get('content-length') ?? '0')
  if (length > r.maxBody) throw new ApiError(413, 'PGRST413', 'Payload Too Large')
  const text = await r.req.text()
  if (text.length > r.maxBody) throw new ApiError(413, 'PGRST413', 'Payload Too Large')
  return text
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json')
  }
}

async function run(
  tx: {
    query: (
      sql: string,
      params: unknown[],
      opts: object,
    ) => Promise<{ rows: unknown[]; affectedRows?: number }>
  },
  sql: string,
  params: (string | null)[],
) {
  return tx.query(sql, params, { serializers: textSerializers })
}

function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  return `${range}/${total === null ? '*' : total}`
}

function rangeStatus(lower: number, upper: number, total: number | null): number {
  if (total === null) return 200
  if (lower > total) return 416
  if (1 + upper - lower < total) return 206
  return 200
}

function singularError(n: number) {
  return new ApiError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${n} rows`,
  )
}

/** Applies `response.status` / `response.headers` set by SQL during the request. */
function applyGucs(row: { status: string | null; headers: string | null }, res: ResponseParts) {
  if (row.status) {
    const s = Number(row.status)
    if (!Number.isInteger(s) || s < 100 || s > 599) {
      throw new ApiError(
        500,
        'PGRST112',
        'Invalid response status',
        `${row.status} is not a valid status code`,
      )
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
    if (!Array.isArray(parsed)) {
      throw new ApiError(
        500,
        'PGRST111',
        'Invalid response.headers GUC',
        'response.headers must be a JSON array of objects',
      )
    }
    for (const h of parsed) {
      if (h && typeof h === 'object') {
        for (const [k, v] of Object.entries(h as Record<string, unknown>))
          res.headers[k] = String(v)
      }
    }
  }
}

interface ResponseParts {
  status: number
  headers: Record<string, string>
  body: string | null
}

function finish(res: ResponseParts, method: string, prefs?: Preferences): Response {
  if (prefs?.applied.length) res.headers['Preference-Applied'] = prefs.applied.join(', ')
  const noBody = method === 'HEAD' || res.status === 204 || res.status === 304
  return new Response(noBody ? null : res.body, { status: res.status, headers: res.headers })
}

function rangeFromHeader(r: Req, scoped: ScopedParams) {
  const range = r.req.headers.get('range')
  if (!range) return
  const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(range)
  const root = scoped.get([])
  if (!m) return
  const lower = Number(m[1])
  const upper = m[2] === '' ? null : Number(m[2])
  if (upper !== null && upper < lower) {
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    )
  }
  if (root.offset === undefined && lower > 0) root.offset = String(lower)
  if (upper !== null) {
    const size = upper - lower + 1
    root.limit =
      root.limit === undefined ? String(size) : String(Math.min(size, Number(root.limit)))
  }
}

/** PostgREST's max-rows: a GET returns at most this many top-level rows, whatever the limit. */
function capRows(scoped: ScopedParams, maxRows: number) {
  const root = scoped.get([])
  const asked = root.limit === undefined ? Infinity : parseNonNegativeInt('limit', root.limit)
  if (asked > maxRows) root.limit = String(maxRows)
}

function readShape(accepted: Accepted) {
  return {
    singular: accepted.type === 'object',
    stripNulls: accepted.stripNulls,
    csv: accepted.type === 'csv',
  }
}

/** Negotiates Accept; CSV only where rows are read (`csvAllowed`). */
function accepted(r: Req, csvAllowed = false): Accepted {
  const a = negotiate(r.req.headers.get('accept'))
  if ((a.type === 'csv' && !csvAllowed) || a.type === 'openapi') {
    throw new ApiError(
      406,
      'PGRST107',
      `None of these media types are available: ${r.req.headers.get('accept')}`,
    )
  }
  return a
}

/** Turns the aggregate row of a read into a response (status, Content-Range, body). */
function readResponse(row: ResultRow, offset: number, accepted: Accepted): ResponseParts {
  const total = row.total === null ? null : Number(row.total)
  const pageTotal = Number(row.page_total)
  const upper = offset + pageTotal - 1
  const headers: Record<string, string> = {
    'Content-Type':
      accepted.type === 'object' ? OBJECT_TYPE : accepted.type === 'csv' ? CSV_TYPE : JSON_TYPE,
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

// --------------------------------------------------------------------------------------------------
// Tables and views

async function table(r: Req, name: string): Promise<Response> {
  const rel = r.cache.relations.get(relKey(r.schema, name))
  if (!rel) {
    throw new ApiError(
      404,
      'PGRST205',
      `Could not find the table '${r.schema}.${name}' in the schema cache`,
      null,
      similarTable(r.cache, r.schema, name),
    )
  }
  switch (r.method) {
    case 'GET':
    case 'HEAD':
      return read(r, rel)
    case 'POST':
      return insert(r, rel)
    case 'PATCH':
      return update(r, rel)
    case 'DELETE':
      return remove(r, rel)
    default:
      throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${r.method}`)
  }
}

function similarTable(cache: SchemaCache, schema: string, name: string): string | null {
  let best: string | null = null
  let bestScore = Infinity
  for (const rel of cache.relations.values()) {
    if (rel.schema !== schema) continue
    const d = distance(rel.name, name)
    if (d < bestScore && d <= Math.max(2, Math.floor(name.length / 3))) {
      best = rel.name
      bestScore = d
    }
  }
  return best ? `Perhaps you meant the table '${schema}.${best}'` : null
}

function distance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!
    dp[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return dp[b.length]!
}

async function read(r: Req, rel: Relation): Promise<Response> {
  const prefs = preferences(r)
  const acc = accepted(r, true)
  const scoped = scopedParams(r)
  rangeFromHeader(r, scoped)
  capRows(scoped, r.maxRows)
  const ctx = newContext(r.cache, scoped)
  const parts = buildRead(ctx, {
    source: tableSource(rel),
    alias: rel.name,
    items: selectItems(r),
    path: [],
  })
  scoped.assertAllUsed()
  const offset = Number(scoped.get([]).offset ?? 0)
  const sql = wrapRead(readSql(parts), prefs.count ? countSql(parts) : null, readShape(acc))
  const row = await r.db.withRequest(
    requestContext(r),
    { readOnly: true, rollback: prefs.tx === 'rollback' },
    async (tx) => (await run(tx, sql, ctx.sql.params)).rows[0] as ResultRow,
  )
  const res = readResponse(row, offset, acc)
  applyGucs(row, res)
  return finish(res, r.method, prefs)
}

function bodyRows(parsed: unknown): Record<string, unknown>[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
  if (Array.isArray(parsed)) {
    if (!parsed.every(isObject)) throw new ApiError(400, 'PGRST102', 'All object keys must match')
    return parsed
  }
  if (isObject(parsed)) return [parsed]
  throw new ApiError(400, 'PGRST102', 'Empty or invalid json')
}

/** Representation of a mutation: SELECT over the RETURNING rows, with embeds. */
function representation(
  ctx: BuildContext,
  rel: Relation,
  items: SelectItem[],
  shape: ReturnType<typeof readShape>,
) {
  const source: Source = {
    name: rel.name,
    from: 'pgrst_source',
    relation: rel,
    columns: rel.columns,
  }
  const parts = buildRead(ctx, { source, alias: rel.name, items, path: [], noFilters: true })
  return wrapRead(readSql(parts), null, shape)
}

async function insert(r: Req, rel: Relation): Promise<Response> {
  const prefs = preferences(r)
  const acc = accepted(r)
  const bodyText = await readBody(r)
  const rows = bodyRows(parseJson(bodyText))
  const columnsParam = r.url.searchParams.get('columns')
  const onConflict = r.url.searchParams.get('on_conflict')
  const scoped = scopedParams(r)
  const ctx = newContext(r.cache, scoped)
  const mode = prefs.return ?? 'minimal'
  const plan = planInsert({
    sql: ctx.sql,
    rel,
    bodyText,
    rows,
    columnsParam: columnsParam ? parseColumnsParam(columnsParam) : null,
    prefs,
    onConflict: onConflict ? parseColumnsParam(onConflict) : null,
  })
  const items =
    mode === 'headers-only'
      ? rel.primaryKey.map((c): SelectItem => ({ kind: 'column', field: { name: c, path: [] } }))
      : selectItems(r)
  const shape = readShape(acc)
  const sql =
    mode === 'minimal' || plan.statements.length === 0
      ? null
      : `${withReturning(plan.statements, rel.name)} ${representation(ctx, rel, items, shape)}`
  scoped.assertAllUsed()

  const result = await r.db.withRequest(
    requestContext(r),
    { rollback: prefs.tx === 'rollback' },
    async (tx) => {
      if (plan.statements.length === 0) return { row: emptyRow(), affected: 0 }
      if (sql) {
        const row = (await run(tx, sql, ctx.sql.params)).rows[0] as ResultRow
        const affected = Number(row.page_total)
        checkMutation(prefs, acc, affected)
        return { row, affected }
      }
      let affected = 0
      for (const s of plan.statements)
        affected += (await run(tx, s, ctx.sql.params)).affectedRows ?? 0
      checkMutation(prefs, acc, affected)
      return { row: await gucRow(tx), affected }
    },
  )
  const res: ResponseParts = {
    status: 201,
    headers: { 'Content-Range': contentRange(1, 0, prefs.count ? result.affected : null) },
    body: null,
  }
  if (mode === 'representation') {
    res.headers['Content-Type'] = acc.type === 'object' ? OBJECT_TYPE : JSON_TYPE
    res.body = acc.type === 'object' ? result.row.single : result.row.body
  } else if (mode === 'headers-only' && result.row.body && rel.primaryKey.length) {
    const first = (JSON.parse(result.row.body) as Record<string, unknown>[])[0]
    if (first) {
      const query = rel.primaryKey.map(
        (c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(first[c]))}`,
      )
      res.headers.Location = `/${rel.name}?${query.join('&')}`
    }
  }
  applyGucs(result.row, res)
  return finish(res, r.method, prefs)
}

function emptyRow(): ResultRow {
  return { total: null, page_total: '0', body: '[]', single: null, status: null, headers: null }
}

async function gucRow(tx: Parameters<typeof run>[0]): Promise<ResultRow> {
  const res = await run(
    tx,
    `SELECT NULL::text AS total, '0' AS page_total, '[]' AS body, NULL::text AS single,
       nullif(current_setting('response.status', true), '') AS status,
       nullif(current_setting('response.headers', true), '') AS headers`,
    [],
  )
  return res.rows[0] as ResultRow
}

/** Refusals decided after the statement ran: they roll the transaction back. */
function checkMutation(prefs: Preferences, acc: Accepted, affected: number) {
  if (acc.type === 'object' && prefs.return === 'representation' && affected !== 1) {
    throw singularError(affected)
  }
  if (
    prefs.handling === 'strict' &&
    prefs.maxAffected !== undefined &&
    affected > prefs.maxAffected
  ) {
    throw new ApiError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    )
  }
}

function safeUpdate(verb: 'UPDATE' | 'DELETE') {
  return new ApiError(400, '21000', `${verb} requires a WHERE clause`)
}

function mutationFilters(ctx: BuildContext, rel: Relation) {
  const source = tableSource(rel)
  const f = buildMutationFilters(ctx, source, rel.name)
  let limited: string | null = null
  if (f.hasLimit) {
    // PATCH/DELETE with limit: restrict to the first rows in the requested order.
    const where = f.where.length ? ` WHERE ${f.where.join(' AND ')}` : ''
    const order = f.orderBy.length ? ` ORDER BY ${f.orderBy.join(', ')}` : ''
    limited = `${q(rel.name)}.ctid = ANY(ARRAY(SELECT ${q(rel.name)}.ctid FROM ${source.from} AS ${q(rel.name)}${where}${order}${f.limit}))`
  }
  return { where: limited ? [] : f.where, limited, any: f.where.length > 0 || limited !== null }
}

async function update(r: Req, rel: Relation): Promise<Response> {
  const prefs = preferences(r)
  const acc = accepted(r)
  const bodyText = await readBody(r)
  const parsed = parseJson(bodyText)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json')
  }
  const row = parsed as Record<string, unknown>
  checkColumns(rel, Object.keys(row))
  const scoped = scopedParams(r)
  const ctx = newContext(r.cache, scoped)
  const filters = mutationFilters(ctx, rel)
  if (!filters.any) throw safeUpdate('UPDATE')
  return mutate(r, rel, prefs, acc, ctx, scoped, (returning) =>
    Object.keys(row).length === 0
      ? null
      : planUpdate({
          sql: ctx.sql,
          rel,
          alias: rel.name,
          bodyText,
          row,
          where: filters.where,
          limited: filters.limited,
          returning,
        }),
  )
}

async function remove(r: Req, rel: Relation): Promise<Response> {
  const prefs = preferences(r)
  const acc = accepted(r)
  const scoped = scopedParams(r)
  const ctx = newContext(r.cache, scoped)
  const filters = mutationFilters(ctx, rel)
  if (!filters.any) throw safeUpdate('DELETE')
  return mutate(r, rel, prefs, acc, ctx, scoped, (returning) =>
    planDelete({ rel, alias: rel.name, where: filters.where, limited: filters.limited, returning }),
  )
}

/** PATCH / DELETE: 204 (minimal) or 200 with the rows (representation). */
async function mutate(
  r: Req,
  rel: Relation,
  prefs: Preferences,
  acc: Accepted,
  ctx: BuildContext,
  scoped: ScopedParams,
  plan: (returning: boolean) => string | null,
): Promise<Response> {
  const representationMode = prefs.return === 'representation'
  const statement = plan(representationMode)
  const shape = readShape(acc)
  const sql =
    statement && representationMode
      ? `WITH pgrst_source AS (${statement}) ${representation(ctx, rel, selectItems(r), shape)}`
      : statement
  scoped.assertAllUsed()
  const result = await r.db.withRequest(
    requestContext(r),
    { rollback: prefs.tx === 'rollback' },
    async (tx) => {
      if (!sql) {
        checkMutation(prefs, acc, 0)
        return { row: emptyRow(), affected: 0 }
      }
      if (representationMode) {
        const row = (await run(tx, sql, ctx.sql.params)).rows[0] as ResultRow
        const affected = Number(row.page_total)
        checkMutation(prefs, acc, affected)
        return { row, affected }
      }
      const affected = (await run(tx, sql, ctx.sql.params)).affectedRows ?? 0
      checkMutation(prefs, acc, affected)
      return { row: await gucRow(tx), affected }
    },
  )
  const res: ResponseParts = {
    status: representationMode ? 200 : 204,
    headers: {
      'Content-Range': contentRange(0, result.affected - 1, prefs.count ? result.affected : null),
    },
    body: null,
  }
  if (representationMode) {
    res.headers['Content-Type'] = acc.type === 'object' ? OBJECT_TYPE : JSON_TYPE
    res.body = acc.type === 'object' ? result.row.single : result.row.body
  }
  applyGucs(result.row, res)
  return finish(res, r.method, prefs)
}

// --------------------------------------------------------------------------------------------------
// RPC

function routineNotFound(schema: string, name: string, keys: string[]) {
  const sorted = [...keys].sort()
  const sig = sorted.length ? `(${sorted.join(', ')})` : ''
  const details = sorted.length
    ? `Searched for the function ${schema}.${name} with parameters ${sorted.join(', ')} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`
    : `Searched for the function ${schema}.${name} without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${sig} in the schema cache`,
    details,
    null,
  )
}

const isJsonType = (t: string) => t === 'json' || t === 'jsonb'

function chooseRoutine(
  candidates: RoutineDef[],
  keys: string[],
  allowSingleJson: boolean,
  singleObject: boolean,
): { routine: RoutineDef; wholeBody: boolean } | null {
  if (singleObject) {
    const fn = candidates.find((c) => c.args.length === 1 && isJsonType(c.args[0]!.type))
    return fn ? { routine: fn, wholeBody: true } : null
  }
  const named = candidates.filter(
    (c) =>
      keys.every((k) => c.args.some((a) => a.name === k)) &&
      c.args.every((a) => a.hasDefault || keys.includes(a.name)),
  )
  if (named.length > 1) {
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${named
        .map(
          (c) => `${c.schema}.${c.name}(${c.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`,
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  if (named.length === 1) return { routine: named[0]!, wholeBody: false }
  if (allowSingleJson) {
    const fn = candidates.find(
      (c) => c.args.length === 1 && c.args[0]!.name === '' && isJsonType(c.args[0]!.type),
    )
    if (fn) return { routine: fn, wholeBody: true }
  }
  return null
}

async function rpc(r: Req, name: string): Promise<Response> {
  if (!['GET', 'HEAD', 'POST'].includes(r.method)) {
    throw new ApiError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for RPC')
  }
  const prefs = preferences(r)
  const acc = accepted(r, true)
  const candidates = r.cache.routines.get(relKey(r.schema, name)) ?? []
  const argNames = new Set(candidates.flatMap((c) => c.args.map((a) => a.name)))

  let bodyText: string
  let keys: string[]
  const skip = new Set<string>()
  if (r.method === 'POST') {
    bodyText = (await readBody(r)).trim() || '{}'
    const parsed = parseJson(bodyText)
    keys =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? Object.keys(parsed)
        : []
    if (typeof parsed !== 'object' || parsed === null) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json')
    }
  } else {
    // GET/HEAD: query parameters named like arguments are arguments; the rest are filters.
    const args: Record<string, string> = {}
    for (const [k, v] of r.url.searchParams) {
      if (argNames.has(k) && !RESERVED.has(k)) {
        args[k] = v
        skip.add(k)
      }
    }
    keys = Object.keys(args)
    bodyText = JSON.stringify(args)
  }
  const chosen = chooseRoutine(
    candidates,
    keys,
    r.method === 'POST',
    prefs.params === 'single-object',
  )
  if (!chosen) throw routineNotFound(r.schema, name, keys)
  const { routine, wholeBody } = chosen

  const scoped = scopedParams(r, skip)
  const ctx = newContext(r.cache, scoped)
  const fn = `${q(routine.schema)}.${q(routine.name)}`
  let prelude = ''
  let call: string
  if (wholeBody) {
    call = `${fn}(${ctx.sql.param(bodyText)}::${routine.args[0]!.type})`
  } else if (keys.length === 0) {
    call = `${fn}()`
  } else {
    const supplied = routine.args.filter((a) => keys.includes(a.name))
    prelude = `pgrst_args AS (SELECT * FROM json_to_record(${ctx.sql.param(bodyText)}::json) AS _(${supplied
      .map((a) => `${q(a.name)} ${a.type}`)
      .join(', ')}))`
    call = `${fn}(${supplied.map((a) => `${q(a.name)} := (SELECT ${q(a.name)} FROM pgrst_args)`).join(', ')})`
  }
  const readOnly = r.method !== 'POST' || routine.volatility !== 'v'
  const shape = readShape(acc)

  let kind: 'void' | 'scalar' | 'set'
  let sql: string
  let offset = 0
  const withs = (extra: string[]) => {
    const all = [prelude, ...extra].filter(Boolean)
    return all.length ? `WITH ${all.join(', ')} ` : ''
  }
  if (routine.isVoid && !routine.returnsSet) {
    kind = 'void'
    sql = `${withs([])}SELECT NULL::text AS total, '0' AS page_total, NULL::text AS body, NULL::text AS single,
      nullif(current_setting('response.status', true), '') AS status,
      nullif(current_setting('response.headers', true), '') AS headers
      FROM (SELECT ${call}) AS _pgrst_void`
  } else if (!routine.returnsSet && !routine.isComposite) {
    kind = 'scalar'
    sql = `${withs([])}SELECT NULL::text AS total, '1' AS page_total, to_json(_pgrst_v.v)::text AS body,
      to_json(_pgrst_v.v)::text AS single,
      nullif(current_setting('response.status', true), '') AS status,
      nullif(current_setting('response.headers', true), '') AS headers
      FROM (SELECT ${call} AS v) AS _pgrst_v`
  } else {
    kind = 'set'
    rangeFromHeader(r, scoped)
    capRows(scoped, r.maxRows)
    offset = Number(scoped.get([]).offset ?? 0)
    const scalarSet = !routine.isComposite
    const relation = routine.returnsRelation
      ? (r.cache.relations.get(routine.returnsRelation) ?? null)
      : null
    const columns = new Map<string, SourceColumn>(
      relation
        ? relation.columns
        : scalarSet
          ? [[routine.name, { name: routine.name, type: routine.returnType }]]
          : routine.outColumns.map((c) => [c.name, { name: c.name, type: c.type }]),
    )
    const materialized = scalarSet
      ? `pgrst_call AS MATERIALIZED (SELECT * FROM ${call} AS ${q(routine.name)})`
      : `pgrst_call AS MATERIALIZED (SELECT * FROM ${call})`
    const source: Source = { name: routine.name, from: 'pgrst_call', relation, columns }
    const items = scalarSet
      ? [{ kind: 'column', field: { name: routine.name, path: [] } } as SelectItem]
      : selectItems(r)
    const parts = buildRead(ctx, { source, alias: routine.name, items, path: [] })
    scoped.assertAllUsed()
    sql =
      withs([materialized]) +
      wrapRead(
        readSql(parts),
        prefs.count ? countSql(parts) : null,
        shape,
        scalarSet ? routine.name : undefined,
      )
  }

  const row = await r.db.withRequest(
    requestContext(r),
    { readOnly, rollback: prefs.tx === 'rollback' },
    async (tx) => {
      const row = (await run(tx, sql, ctx.sql.params)).rows[0] as ResultRow
      if (acc.type === 'object' && kind === 'set' && Number(row.page_total) !== 1) {
        throw singularError(Number(row.page_total))
      }
      return row
    },
  )

  let res: ResponseParts
  if (kind === 'void' || prefs.return === 'minimal') {
    res = { status: 204, headers: {}, body: null }
  } else if (kind === 'scalar') {
    res = {
      status: 200,
      headers: {
        'Content-Type': acc.type === 'object' ? OBJECT_TYPE : JSON_TYPE,
        'Content-Range': '0-0/*',
      },
      body: row.body ?? 'null',
    }
  } else if (!routine.returnsSet) {
    // A single composite value: an object (or null), not an array.
    res = {
      status: 200,
      headers: {
        'Content-Type': JSON_TYPE,
        'Content-Range': contentRange(0, Number(row.page_total) - 1, null),
      },
      body: row.single ?? 'null',
    }
    if (acc.type === 'object') res.headers['Content-Type'] = OBJECT_TYPE
  } else {
    res = readResponse(row, offset, acc)
  }
  applyGucs(row, res)
  return finish(res, r.method, prefs)
}

// --------------------------------------------------------------------------------------------------
// OpenAPI root (only `getOpenApiSpec()` reads it): a minimal description of the exposed tables.

function openApi(r: Req): Response {
  if (r.method !== 'GET' && r.method !== 'HEAD') {
    throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${r.method}`)
  }
  const paths: Record<string, object> = { '/': {} }
  const definitions: Record<string, object> = {}
  for (const rel of r.cache.relations.values()) {
    if (rel.schema !== r.schema) continue
    paths[`/${rel.name}`] = {}
    definitions[rel.name] = {
      type: 'object',
      properties: Object.fromEntries(rel.columnList.map((c) => [c.name, { format: c.type }])),
    }
  }
  for (const [key] of r.cache.routines) {
    const [schema, fn] = key.split('.')
    if (schema === r.schema) paths[`/rpc/${fn}`] = {}
  }
  const body = JSON.stringify({
    swagger: '2.0',
    info: { title: 'Luxe Kenya local API', version: 'local' },
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json'],
    produces: ['application/json'],
    paths,
    definitions,
  })
  return new Response(r.method === 'HEAD' ? null : body, {
    status: 200,
    headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' },
  })
}
