/**
 * Writes to a table or view: POST (insert, upsert), PATCH and DELETE. The mutate plan is one statement
 * (with the representation read over its RETURNING rows when asked for); refusals decided after it ran
 * (singular, max-affected) roll the transaction back.
 */
import type { Transaction } from '../db'
import type { ApiRequest } from './api-request'
import { shouldCount } from './count'
import { ApiError } from './errors'
import { emptyRow, gucRow, inRequest, run, runRow, type ResultRow } from './execute'
import { accepted, readShape, type Accepted } from './media-type'
import {
  checkColumns,
  INSERTED_SQL,
  planDelete,
  planInsert,
  planUpdate,
  withReturning,
} from './mutations'
import type { SelectItem } from './parser'
import type { Preferences } from './preferences'
import { buildMutationFilters, checkAggregates, STAR } from './query'
import { contentRange } from './range'
import { representation, type PlanEnv } from './read'
import { contentType, respond, singularError, type ResponseParts } from './response'
import { quoteIdent as q, type Relation } from './schema-cache'
import { newContext, tableSource, type BuildContext } from './sql-fragment'

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

/** Runs the statement(s): the representation's row, or the affected count and the GUCs. */
async function execute(
  tx: Transaction,
  statements: string[],
  withRepresentation: boolean,
  params: (string | null)[],
  check: (affected: number) => void,
): Promise<{ row: ResultRow; affected: number }> {
  if (statements.length === 0) {
    check(0)
    return { row: emptyRow(), affected: 0 }
  }
  if (withRepresentation) {
    const row = await runRow(tx, statements[0]!, params)
    const affected = Number(row.page_total)
    check(affected)
    return { row, affected }
  }
  let affected = 0
  for (const s of statements) affected += (await run(tx, s, params)).affectedRows ?? 0
  check(affected)
  return { row: await gucRow(tx), affected }
}

export async function insert(api: ApiRequest, env: PlanEnv, rel: Relation): Promise<Response> {
  const { prefs } = api
  const acc = accepted(api.accept, false)
  const rows = bodyRows(api.payload)
  const ctx = newContext(env.cache, api.params, env.aggregatesEnabled)
  const mode = prefs.return ?? 'minimal'
  const plan = planInsert({
    sql: ctx.sql,
    rel,
    bodyText: api.body!,
    rows,
    columnsParam: api.columns,
    prefs,
    onConflict: api.onConflict,
  })
  const items =
    mode === 'headers-only'
      ? rel.primaryKey.map((c): SelectItem => ({ kind: 'column', field: { name: c, path: [] } }))
      : (api.select ?? STAR)
  const withRows = mode !== 'minimal' && plan.statements.length > 0
  const statements = withRows
    ? [
        `${withReturning(plan.statements, rel.name)} ${representation(ctx, rel, items, readShape(acc))}`,
      ]
    : plan.statements
  api.params.assertAllUsed()
  checkAggregates(ctx)
  const merging = prefs.resolution === 'merge-duplicates'
  const result = await inRequest(env, api, { rollback: prefs.tx === 'rollback' }, async (tx) => {
    if (plan.statements.length === 0) return { row: emptyRow(), affected: 0, inserted: null }
    const done = await execute(tx, statements, withRows, ctx.sql.params, (n) =>
      checkMutation(prefs, acc, n),
    )
    const inserted = merging
      ? ((await run(tx, INSERTED_SQL, [])).rows[0] as { inserted: number | null }).inserted
      : null
    return { ...done, inserted }
  })
  const res: ResponseParts = {
    // An upsert that inserted nothing (every row updated, or an empty body) answers 200.
    status: merging && (result.inserted ?? 0) <= 0 ? 200 : 201,
    headers: { 'Content-Range': contentRange(1, 0, shouldCount(prefs) ? result.affected : null) },
    body: null,
  }
  if (mode === 'representation') {
    res.headers['Content-Type'] = contentType(acc)
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
  return respond(res, result.row, api.method, prefs)
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

export async function update(api: ApiRequest, env: PlanEnv, rel: Relation): Promise<Response> {
  const acc = accepted(api.accept, false)
  const parsed = api.payload
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json')
  }
  const row = parsed as Record<string, unknown>
  checkColumns(rel, Object.keys(row))
  const ctx = newContext(env.cache, api.params, env.aggregatesEnabled)
  const filters = mutationFilters(ctx, rel)
  if (!filters.any) throw safeUpdate('UPDATE')
  return mutate(api, env, rel, acc, ctx, (returning) =>
    Object.keys(row).length === 0
      ? null
      : planUpdate({
          sql: ctx.sql,
          rel,
          alias: rel.name,
          bodyText: api.body!,
          row,
          where: filters.where,
          limited: filters.limited,
          returning,
        }),
  )
}

export async function remove(api: ApiRequest, env: PlanEnv, rel: Relation): Promise<Response> {
  const acc = accepted(api.accept, false)
  const ctx = newContext(env.cache, api.params, env.aggregatesEnabled)
  const filters = mutationFilters(ctx, rel)
  if (!filters.any) throw safeUpdate('DELETE')
  return mutate(api, env, rel, acc, ctx, (returning) =>
    planDelete({ rel, alias: rel.name, where: filters.where, limited: filters.limited, returning }),
  )
}

/** PATCH / DELETE: 204 (minimal) or 200 with the rows (representation). */
async function mutate(
  api: ApiRequest,
  env: PlanEnv,
  rel: Relation,
  acc: Accepted,
  ctx: BuildContext,
  plan: (returning: boolean) => string | null,
): Promise<Response> {
  const { prefs } = api
  const representationMode = prefs.return === 'representation'
  const statement = plan(representationMode)
  const sql =
    statement && representationMode
      ? `WITH pgrst_source AS (${statement}) ${representation(ctx, rel, api.select ?? STAR, readShape(acc))}`
      : statement
  api.params.assertAllUsed()
  checkAggregates(ctx)
  const result = await inRequest(env, api, { rollback: prefs.tx === 'rollback' }, (tx) =>
    execute(tx, sql ? [sql] : [], representationMode, ctx.sql.params, (n) =>
      checkMutation(prefs, acc, n),
    ),
  )
  const res: ResponseParts = {
    status: representationMode ? 200 : 204,
    headers: {
      'Content-Range': contentRange(
        0,
        result.affected - 1,
        shouldCount(prefs) ? result.affected : null,
      ),
    },
    body: null,
  }
  if (representationMode) {
    res.headers['Content-Type'] = contentType(acc)
    res.body = acc.type === 'object' ? result.row.single : result.row.body
  }
  return respond(res, result.row, api.method, prefs)
}
