/**
 * Calls of database functions (`/rpc/<name>`): the call plan chooses the function among its overloads
 * by the argument names given (the JSON body's keys, or query parameters named like arguments), then
 * one statement calls it and shapes its result: void, a scalar, one composite, or a set read like a
 * table (select, filters, order, range).
 */
import type { ApiRequest } from './api-request'
import { ApiError } from './errors'
import { fuzzyOne } from './fuzzy'
import { inRequest, runRow } from './execute'
import { accepted, OBJECT_TYPE, JSON_TYPE, readShape } from './media-type'
import type { SelectItem } from './parser'
import { shouldCount } from './count'
import { planResponse } from './explain'
import { buildRead, checkAggregates, countSql, readSql, STAR, wrapRead } from './query'
import { applyRange, contentRange } from './range'
import type { PlanEnv } from './read'
import { readResponse, respond, singularError, type ResponseParts } from './response'
import { quoteIdent as q, relKey, type RoutineDef } from './schema-cache'
import { newContext, type Source, type SourceColumn } from './sql-fragment'

/** PGRST202 as PostgREST words it; a JSON POST may also have meant a single unnamed json parameter. */
function routineNotFound(
  cache: PlanEnv['cache'],
  schema: string,
  name: string,
  keys: string[],
  isPost: boolean,
) {
  const sorted = [...keys].sort()
  const list = sorted.join(', ')
  const fn = `${schema}.${name}`
  const withParams = sorted.length
    ? ` with parameter${sorted.length > 1 ? 's' : ''} ${list}`
    : ' without parameters'
  const orUnnamed = isPost ? ' or with a single unnamed json/jsonb parameter' : ''
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${sorted.length ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${fn}${withParams}${orUnnamed}, but no matches were found in the schema cache.`,
    routineHint(cache, schema, name, sorted),
  )
}

/** The nearest function name, or for a known name the nearest parameter list among its overloads. */
function routineHint(
  cache: PlanEnv['cache'],
  schema: string,
  name: string,
  sortedKeys: string[],
): string | null {
  const paramList = (names: string[]) => `(${[...names].sort().join(', ')})`
  const overloads = cache.routines.get(relKey(schema, name)) ?? []
  const best = overloads.length
    ? fuzzyOne(
        overloads.map((o) => paramList(o.args.map((a) => a.name))),
        paramList(sortedKeys),
      )
    : fuzzyOne(
        [...cache.routines.values()]
          .flat()
          .filter((r) => r.schema === schema)
          .map((r) => r.name),
        name,
      )
  return best === null
    ? null
    : `Perhaps you meant to call the function ${schema}.${overloads.length ? name : ''}${best}`
}

const isJsonType = (t: string) => t === 'json' || t === 'jsonb'

/**
 * PostgREST's choice among overloads: a function whose required parameters are exactly the keys
 * given (plus any of its optional ones); failing that, with a JSON body, the one function taking a
 * single unnamed json/jsonb parameter. More than one candidate either way is ambiguous (PGRST203).
 * A function with a single unnamed parameter gets the whole body as that parameter.
 */
export function chooseRoutine(
  candidates: RoutineDef[],
  keys: string[],
  isPost: boolean,
  singleObject: boolean,
): { routine: RoutineDef; wholeBody: boolean } | null {
  if (singleObject) {
    const fn = candidates.find((c) => c.args.length === 1 && isJsonType(c.args[0]!.type))
    return fn ? { routine: fn, wholeBody: true } : null
  }
  const given = new Set(keys)
  const matches = (c: RoutineDef) => {
    if (c.args.length === 0) return given.size === 0
    const required = c.args.filter((a) => !a.hasDefault).map((a) => a.name)
    const optional = new Set(c.args.filter((a) => a.hasDefault).map((a) => a.name))
    const rest = keys.filter((k) => !optional.has(k))
    return rest.length === required.length && required.every((r) => given.has(r))
  }
  const singleUnnamed = (c: RoutineDef) =>
    isPost && c.args.length === 1 && c.args[0]!.name === '' && isJsonType(c.args[0]!.type)
  const named = candidates.filter(matches)
  const fallback = candidates.filter((c) => !matches(c) && singleUnnamed(c))
  const chosen = named.length ? named : fallback
  if (chosen.length > 1) throw ambiguous(chosen)
  const routine = chosen[0]
  if (!routine) return null
  return { routine, wholeBody: routine.args.length === 1 && routine.args[0]!.name === '' }
}

function ambiguous(candidates: RoutineDef[]) {
  return new ApiError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates
      .map(
        (c) => `${c.schema}.${c.name}(${c.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`,
      )
      .join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  )
}

export async function rpc(api: ApiRequest, env: PlanEnv, name: string): Promise<Response> {
  const { prefs } = api
  const picked = accepted(api.accept, true, env.planEnabled)
  // A plan answers for the media type it names: the statement is the one that type would run.
  const acc = picked.plan?.for ?? picked
  const candidates = env.cache.routines.get(relKey(api.schema, name)) ?? []

  let bodyText: string
  let keys: string[]
  if (api.method === 'POST') {
    bodyText = api.body!
    const parsed = api.payload
    if (typeof parsed !== 'object' || parsed === null) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json')
    }
    keys = Array.isArray(parsed) ? [] : Object.keys(parsed)
  } else {
    keys = Object.keys(api.rpcArgs)
    bodyText = JSON.stringify(api.rpcArgs)
  }
  const chosen = chooseRoutine(
    candidates,
    keys,
    api.method === 'POST',
    prefs.params === 'single-object',
  )
  if (!chosen) throw routineNotFound(env.cache, api.schema, name, keys, api.method === 'POST')
  const { routine, wholeBody } = chosen

  const ctx = newContext(env.cache, api.params, env.aggregatesEnabled)
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
  const readOnly = api.method !== 'POST' || routine.volatility !== 'v'
  const maxAffected = prefs.handling === 'strict' ? prefs.maxAffected : undefined
  if (maxAffected !== undefined && !routine.returnsSet) {
    throw new ApiError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    )
  }

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
    offset = applyRange(api.params, api.range, env.maxRows)
    const scalarSet = !routine.isComposite
    const relation = routine.returnsRelation
      ? (env.cache.relations.get(routine.returnsRelation) ?? null)
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
      : (api.select ?? STAR)
    const parts = buildRead(ctx, { source, alias: routine.name, items, path: [] })
    api.params.assertAllUsed()
    checkAggregates(ctx)
    sql =
      withs([materialized]) +
      wrapRead(
        readSql(parts),
        // A function's rows are counted exactly (exact, estimated), never planned.
        shouldCount(prefs) ? countSql(parts) : null,
        readShape(acc),
        scalarSet ? routine.name : undefined,
      )
  }

  if (picked.type === 'plan') {
    return planResponse(env, api, picked, sql, ctx.sql.params, readOnly)
  }
  const row = await inRequest(
    env,
    api,
    { readOnly, rollback: prefs.tx === 'rollback' },
    async (tx) => {
      const row = await runRow(tx, sql, ctx.sql.params)
      if (acc.type === 'object' && kind === 'set' && Number(row.page_total) !== 1) {
        throw singularError(Number(row.page_total))
      }
      // Refused after the call ran: the transaction rolls back.
      if (maxAffected !== undefined && Number(row.page_total) > maxAffected) {
        throw new ApiError(
          400,
          'PGRST124',
          'Query result exceeds max-affected preference constraint',
          `The query affects ${row.page_total} rows`,
        )
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
        // One value: PostgREST counts it as one row.
        'Content-Range': shouldCount(prefs) ? '0-0/1' : '0-0/*',
      },
      body: row.body ?? 'null',
    }
  } else if (!routine.returnsSet) {
    // A single composite value: an object (or null), not an array.
    res = {
      status: 200,
      headers: {
        'Content-Type': acc.type === 'object' ? OBJECT_TYPE : JSON_TYPE,
        'Content-Range': contentRange(
          0,
          Number(row.page_total) - 1,
          shouldCount(prefs) ? Number(row.page_total) : null,
        ),
      },
      body: row.single ?? 'null',
    }
  } else {
    res = readResponse(row, offset, acc)
  }
  return respond(res, row, api.method, prefs)
}
