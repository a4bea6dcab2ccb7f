/**
 * Reads of a table or view (GET/HEAD): the read plan (select tree, filters, order, range) becomes one
 * statement, run read-only under the request's role, and a page of rows.
 */
import type { LocalDb } from '../db'
import type { ApiRequest } from './api-request'
import { inRequest, runRow } from './execute'
import { accepted, readShape } from './media-type'
import type { SelectItem } from './parser'
import { applyPlannedCount, readCountSql } from './count'
import { planResponse } from './explain'
import { buildRead, checkAggregates, readSql, STAR, wrapRead } from './query'
import { applyRange } from './range'
import { readResponse, respond } from './response'
import type { Relation, SchemaCache } from './schema-cache'
import { newContext, tableSource, type BuildContext, type Source } from './sql-fragment'

export interface PlanEnv {
  db: LocalDb
  cache: SchemaCache
  maxRows: number
  /** Schemas after the request's own in its search_path (config.toml `[api] extra_search_path`). */
  extraSearchPath: string[]
  /** Aggregate functions in `select` (PostgREST's db-aggregates-enabled; off on hosted). */
  aggregatesEnabled: boolean
  /** EXPLAIN plans as responses (PostgREST's db-plan-enabled; off on hosted). */
  planEnabled: boolean
}

export async function read(api: ApiRequest, env: PlanEnv, rel: Relation): Promise<Response> {
  const acc = accepted(api.accept, true, env.planEnabled)
  const offset = applyRange(api.params, api.range, env.maxRows)
  const ctx = newContext(env.cache, api.params, env.aggregatesEnabled)
  const parts = buildRead(ctx, {
    source: tableSource(rel),
    alias: rel.name,
    items: api.select ?? STAR,
    path: [],
  })
  api.params.assertAllUsed()
  checkAggregates(ctx)
  const counting = readCountSql(parts, api.prefs, env.maxRows)
  const shape = readShape(acc.plan?.for ?? acc)
  const sql = wrapRead(readSql(parts), counting, shape)
  if (acc.type === 'plan') return planResponse(env, api, acc, sql, ctx.sql.params, true)
  const row = await inRequest(
    env,
    api,
    { readOnly: true, rollback: api.prefs.tx === 'rollback' },
    async (tx) =>
      applyPlannedCount(
        tx,
        await runRow(tx, sql, ctx.sql.params),
        parts,
        ctx.sql.params,
        api.prefs,
        env.maxRows,
      ),
  )
  return respond(readResponse(row, offset, acc), row, api.method, api.prefs)
}

/** Representation of a mutation: a read over the RETURNING rows (`pgrst_source`), with embeds. */
export function representation(
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
