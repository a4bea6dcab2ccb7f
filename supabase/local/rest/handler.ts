/**
 * `/rest/v1/*`: a PostgREST-compatible API over the embedded database, faithful to what supabase-js
 * 2.x sends and expects. The gateway has checked the apikey and adds CORS. Each request goes once
 * through the pipeline, laid out as PostgREST's own source is:
 *
 *   api-request (parse everything) → read / write / rpc (plan, then run in one transaction under the
 *   request's role) → response (status, headers, body).
 *
 * This file only routes, keeps the schema cache fresh, and hands plain catalogue calls to the cache.
 */
import type { LocalDb } from '../db'
import {
  parseApiRequest,
  parseTarget,
  PREFIX,
  type ApiRequest,
  type RequestConfig,
} from './api-request'
import { DEFAULT_API_CONFIG } from './api-config'
import type { AuthConfig } from './auth'
import {
  CATALOGUE_RPCS,
  createCatalogueCache,
  toResponse,
  type CatalogueAnswer,
  type RequestView,
} from './catalogue-cache'
import { loadDbSwitches, type DbSwitches } from './db-settings'
import { ApiError, errorResponse } from './errors'
import { requestContext } from './execute'
import { openApi } from './openapi'
import { read, type PlanEnv } from './read'
import { findRelation } from './relation-target'
import { rpc } from './rpc'
import { loadSchemaCache, type Relation, type SchemaCache } from './schema-cache'
import { insert, remove, update } from './write'

export interface RestDeps extends AuthConfig {
  db: LocalDb
  /** Exposed schemas (default public, graphql_public). */
  schemas?: string[]
  /** Largest accepted request body in bytes (default 10 MB). */
  maxBodyBytes?: number
  /** Most top-level rows one read returns (config.toml `[api] max_rows`, default 1000). */
  maxRows?: number
  /** Schemas after the request's own in its search_path (`[api] extra_search_path`). */
  extraSearchPath?: string[]
  /**
   * Aggregate functions in `select` (PostgREST's db-aggregates-enabled, default off as on hosted).
   * `pgrst.db_aggregates_enabled` set on the authenticator role overrides it.
   */
  aggregatesEnabled?: boolean
  /** EXPLAIN through `Accept: application/vnd.pgrst.plan` (db-plan-enabled, default off). */
  planEnabled?: boolean
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

const TABLE_METHODS: Record<
  string,
  (api: ApiRequest, env: PlanEnv, rel: Relation) => Promise<Response>
> = { GET: read, HEAD: read, POST: insert, PATCH: update, DELETE: remove }

export function createRestHandler(deps: RestDeps): RestHandler {
  const config: RequestConfig = {
    verifyJwt: deps.verifyJwt,
    opaqueKeys: deps.opaqueKeys,
    schemas: deps.schemas ?? DEFAULT_API_CONFIG.schemas,
    maxBodyBytes: deps.maxBodyBytes ?? 10 * 1024 * 1024,
  }
  const log = deps.log ?? ((m: string) => console.error(m))
  const maxRows = deps.maxRows ?? DEFAULT_API_CONFIG.maxRows
  const extraSearchPath = deps.extraSearchPath ?? DEFAULT_API_CONFIG.extraSearchPath
  const { db } = deps
  let cache: Promise<SchemaCache> | null = null
  // In-database settings, read with the schema cache (NOTIFY pgrst reloads both).
  let switches: Promise<DbSwitches> = Promise.resolve({})
  let dirty = true
  let listening: Promise<unknown> | null = null
  const catalogue = deps.catalogueCache === false ? null : createCatalogueCache({ db, log })

  const getCache = async () => {
    if (!listening) {
      // Any DDL fires the pgrst_ddl_watch event trigger (bootstrap.sql), which notifies this channel.
      listening = db.pg.listen('pgrst', () => {
        dirty = true
      })
    }
    await listening
    if (dirty || !cache) {
      dirty = false
      cache = loadSchemaCache(db.pg, config.schemas)
      cache.catch(() => {
        dirty = true
      })
      switches = loadDbSwitches(db.pg).catch(() => ({}))
    }
    return cache
  }

  const fromCatalogue = (
    req: RequestView,
    head: Pick<ApiRequest, 'url' | 'method' | 'auth' | 'schema'>,
    routine: string,
    schemaCache: SchemaCache,
  ) =>
    catalogue!.serve({
      req,
      url: head.url,
      method: head.method,
      schema: head.schema,
      routine,
      role: head.auth.role,
      context: () => requestContext({ ...head, req }),
      schemaCache,
    })

  const handler = (async (req: Request): Promise<Response> => {
    let authed = false
    try {
      const head = await parseTarget(req, new URL(req.url), req.method.toUpperCase(), config)
      authed = head.auth.role !== 'anon'
      const schemaCache = await getCache()
      const { target } = head
      if (target.kind === 'root') return openApi(head.method, head.schema, schemaCache)
      if (catalogue && target.kind === 'routine' && CATALOGUE_RPCS.has(target.name)) {
        const cached = await fromCatalogue(req, head, target.name, schemaCache)
        if (cached) return toResponse(cached)
      }
      const inDb = await switches
      const env: PlanEnv = {
        db,
        cache: schemaCache,
        maxRows,
        extraSearchPath,
        aggregatesEnabled: inDb.aggregatesEnabled ?? deps.aggregatesEnabled ?? false,
        planEnabled: inDb.planEnabled ?? deps.planEnabled ?? false,
      }
      if (target.kind === 'routine') {
        if (!['GET', 'HEAD', 'POST'].includes(head.method)) {
          throw new ApiError(405, 'PGRST101', `Cannot use the ${head.method} method on RPC`)
        }
        return await rpc(await parseApiRequest(req, head, schemaCache, config), env, target.name)
      }
      const rel = findRelation(schemaCache, head.schema, target.name)
      const execute = TABLE_METHODS[head.method]
      if (!execute) throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${head.method}`)
      return await execute(await parseApiRequest(req, head, schemaCache, config), env, rel)
    } catch (error) {
      return errorResponse(error, authed, log)
    }
  }) as RestHandler

  handler.catalogue = async (view, url, method) => {
    const routine = url.pathname.startsWith(`${PREFIX}/rpc/`)
      ? url.pathname.slice(`${PREFIX}/rpc/`.length)
      : ''
    if (!catalogue || !CATALOGUE_RPCS.has(routine)) return null
    try {
      // Only headers are read on this path (no body for GET/HEAD).
      const head = await parseTarget(view, url, method, config)
      return await fromCatalogue(view, head, routine, await getCache())
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
