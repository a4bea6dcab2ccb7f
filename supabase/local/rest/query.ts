/**
 * SQL generation for reads (with embedding), mutations and RPC. Every identifier comes from the schema
 * cache and is quoted; every value (filter values, JSON keys, limits, request bodies) is a bind
 * parameter. Response JSON is built inside Postgres (json_agg / row_to_json), as PostgREST does.
 */
import { ApiError, badQuery } from './errors'
import {
  parseField,
  parseLogicTree,
  parseNonNegativeInt,
  parseOperation,
  parseOrder,
  type Field,
  type Filter,
  type LogicNode,
  type OrderTerm,
  type SelectItem,
} from './parser'
import { findRelationship, isToOne, type Relationship } from './relationships'
import { quoteIdent as q, type Relation, type SchemaCache } from './schema-cache'

const TSVECTOR_OID = 3614

export class Sql {
  readonly params: (string | null)[] = []
  private n = 0
  param(value: string | null): string {
    this.params.push(value)
    return `$${this.params.length}`
  }
  alias(): string {
    this.n++
    return `pgrst_${this.n}`
  }
}

export interface SourceColumn {
  name: string
  type: string
  typeOid?: number
}

/** What a read selects from: a table/view, a function call, or a mutation's RETURNING rows. */
export interface Source {
  /** Name used in messages (table or function name). */
  name: string
  /** FROM item without alias, e.g. `"public"."t"` or `pgrst_source`. */
  from: string
  relation: Relation | null
  columns: Map<string, SourceColumn>
}

export function tableSource(rel: Relation): Source {
  return {
    name: rel.name,
    from: `${q(rel.schema)}.${q(rel.name)}`,
    relation: rel,
    columns: rel.columns,
  }
}

// --------------------------------------------------------------------------------------------------
// Query-string parameters, grouped by embed path (`comments.order=...` belongs to path ['comments']).

export interface Scoped {
  filters: { field: string; value: string }[]
  logic: { kind: 'and' | 'or'; negate: boolean; value: string }[]
  order?: string
  limit?: string
  offset?: string
  used: boolean
}

export class ScopedParams {
  private map = new Map<string, Scoped>()

  get(path: string[]): Scoped {
    const key = path.join('.')
    let s = this.map.get(key)
    if (!s) {
      s = { filters: [], logic: [], used: key === '' }
      this.map.set(key, s)
    }
    return s
  }

  add(key: string, value: string) {
    const parts = key.split('.')
    const last = parts[parts.length - 1]!
    if (last === 'or' || last === 'and') {
      const negate = parts[parts.length - 2] === 'not'
      const path = parts.slice(0, negate ? -2 : -1)
      this.get(path).logic.push({ kind: last, negate, value })
    } else if (last === 'order' || last === 'limit' || last === 'offset') {
      this.get(parts.slice(0, -1))[last] = value
    } else {
      // The field may carry a JSON path with dots in its keys only at the root: treat the first
      // segment that is not an embed path as the field.
      this.get(parts.slice(0, -1)).filters.push({ field: last, value })
    }
  }

  markUsed(path: string[]) {
    this.get(path).used = true
  }

  /** Embed-scoped parameters whose path matched no embed: PostgREST refuses them (PGRST108). */
  assertAllUsed() {
    for (const [key, s] of this.map) {
      const hasAny = s.filters.length || s.logic.length || s.order || s.limit || s.offset
      if (!s.used && hasAny) {
        throw new ApiError(
          400,
          'PGRST108',
          `'${key}' is not an embedded resource in this request`,
          null,
          `Verify that '${key}' is included in the 'select' query parameter.`,
        )
      }
    }
  }

  hasRootFilters(): boolean {
    const root = this.get([])
    return root.filters.length > 0 || root.logic.length > 0
  }
}

// --------------------------------------------------------------------------------------------------
// Reads

export interface ReadParts {
  select: string[]
  from: string
  where: string[]
  orderBy: string[]
  limit: string
}

interface EmbedInfo {
  name: string
  rel: Relationship
  /** SQL that is true when the parent row has at least one (visible, filtered) embedded row. */
  exists: string
}

interface BuildContext {
  cache: SchemaCache
  sql: Sql
  scoped: ScopedParams
}

function columnError(alias: string, name: string) {
  return new ApiError(400, '42703', `column ${alias}.${name} does not exist`)
}

function columnExpr(ctx: BuildContext, source: Source, alias: string, field: Field): string {
  let expr: string
  if (source.columns.has(field.name)) {
    expr = `${q(alias)}.${q(field.name)}`
  } else if (source.relation?.computed.has(field.name)) {
    expr = `${source.relation.computed.get(field.name)!.fn}(${q(alias)})`
  } else {
    throw columnError(alias, field.name)
  }
  for (const step of field.path) {
    const key = step.index
      ? `${ctx.sql.param(step.key)}::integer`
      : `${ctx.sql.param(step.key)}::text`
    expr = `${expr}${step.arrow}${key}`
  }
  return expr
}

function outputName(field: Field, alias?: string) {
  if (alias) return alias
  const last = field.path[field.path.length - 1]
  return last ? last.key : field.name
}

function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
}

const COMPARATORS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  isdistinct: 'IS DISTINCT FROM',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
}

const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}

function filterSql(ctx: BuildContext, source: Source, alias: string, f: Filter): string {
  const col = columnExpr(ctx, source, alias, f.field)
  const p = (v: string) => ctx.sql.param(v)
  let sql: string
  switch (f.op) {
    case 'in':
      sql = `${col} = ANY(${p(arrayLiteral(f.list ?? []))})`
      break
    case 'is': {
      const v = f.value.toLowerCase()
      sql = `${col} IS ${v === 'not_null' ? 'NOT NULL' : v.toUpperCase()}`
      break
    }
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const column = source.columns.get(f.field.name)
      const isVector = f.field.path.length === 0 && column?.typeOid === TSVECTOR_OID
      const cfg = f.config ? `${p(f.config)}::regconfig, ` : ''
      const vector = isVector ? col : `to_tsvector(${cfg}${col})`
      sql = `${vector} @@ ${TSQUERY[f.op]}(${cfg}${p(f.value)})`
      break
    }
    default: {
      const op = COMPARATORS[f.op]!
      const like = f.op === 'like' || f.op === 'ilike'
      if (f.quantifier) {
        const values = like ? (f.list ?? []).map((v) => v.replace(/\*/g, '%')) : (f.list ?? [])
        sql = `${col} ${op} ${f.quantifier.toUpperCase()}(${p(arrayLiteral(values))})`
      } else {
        sql = `${col} ${op} ${p(like ? f.value.replace(/\*/g, '%') : f.value)}`
      }
    }
  }
  return f.negate ? `NOT (${sql})` : sql
}

function logicSql(
  ctx: BuildContext,
  source: Source,
  alias: string,
  node: LogicNode,
  embeds: EmbedInfo[],
): string {
  if (node.kind === 'filter') {
    const embed = embeds.find((e) => e.name === node.filter.field.name)
    if (embed && !source.columns.has(node.filter.field.name))
      return embedNullSql(embed, node.filter)
    return filterSql(ctx, source, alias, node.filter)
  }
  const parts = node.children.map((c) => logicSql(ctx, source, alias, c, embeds))
  const joined = `(${parts.join(node.kind === 'or' ? ' OR ' : ' AND ')})`
  return node.negate ? `NOT ${joined}` : joined
}

/** `?author=is.null` keeps parents without a match; `not.is.null` only those with one. */
function embedNullSql(embed: EmbedInfo, f: Filter): string {
  if (f.op !== 'is' || f.value.toLowerCase() !== 'null' || f.field.path.length) {
    throw badQuery(
      `"failed to parse filter (${f.negate ? 'not.' : ''}${f.op}.${f.value})" (line 1, column 1)`,
      `only "is.null" and "not.is.null" filters apply to the embedded resource '${embed.name}'`,
    )
  }
  return f.negate ? embed.exists : `NOT ${embed.exists}`
}

function orderSql(
  ctx: BuildContext,
  node: { source: Source; alias: string },
  terms: OrderTerm[],
  joins: string[],
): string[] {
  return terms.map((t) => {
    let expr: string
    if (t.relation) {
      // Order by a column of an embedded to-one resource through its own lateral join.
      if (!node.source.relation) throw badQuery(`"failed to parse order"`, 'no relationships here')
      const [relName, hint] = t.relation.split('!')
      const rel = findRelationship(ctx.cache, node.source.relation, relName!, hint)
      if (!isToOne(rel)) {
        throw new ApiError(
          400,
          'PGRST118',
          `A related order on '${relName}' is not possible`,
          `'${node.source.relation.name}' and '${relName}' do not form a many-to-one or one-to-one relationship`,
        )
      }
      const childAlias = ctx.sql.alias()
      const latAlias = ctx.sql.alias()
      const target = tableSource(rel.target)
      const valueExpr = columnExpr(ctx, target, childAlias, t.field)
      joins.push(
        `LEFT JOIN LATERAL (SELECT ${valueExpr} AS "v" FROM ${target.from} AS ${q(childAlias)} WHERE ${joinConditions(
          rel,
          node.alias,
          childAlias,
        ).join(' AND ')}) AS ${q(latAlias)} ON TRUE`,
      )
      expr = `${q(latAlias)}."v"`
    } else {
      expr = columnExpr(ctx, node.source, node.alias, t.field)
    }
    const dir = t.direction ? ` ${t.direction.toUpperCase()}` : ''
    const nulls = t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : ''
    return `${expr}${dir}${nulls}`
  })
}

/** Join conditions between a parent alias and the embedded (child) alias. */
function joinConditions(rel: Relationship, parentAlias: string, childAlias: string): string[] {
  const { fk } = rel
  if (rel.junction) return [] // handled by the caller (needs the junction alias)
  if (rel.parentHoldsKey) {
    return fk.fromColumns.map(
      (c, i) => `${q(childAlias)}.${q(fk.toColumns[i]!)} = ${q(parentAlias)}.${q(c)}`,
    )
  }
  return fk.fromColumns.map(
    (c, i) => `${q(childAlias)}.${q(c)} = ${q(parentAlias)}.${q(fk.toColumns[i]!)}`,
  )
}

export interface ReadNodeInput {
  source: Source
  alias: string
  items: SelectItem[]
  path: string[]
  /** FROM item replacing `<source> AS <alias>` (e.g. with a many-to-many junction join). */
  baseFrom?: string
  /** Skip this level's filters, order and limit (a mutation's representation: they went into it). */
  noFilters?: boolean
}

/**
 * Builds SELECT parts for one level. Embeds become LEFT JOIN LATERAL subqueries:
 * to-one → `row_to_json(lateral.*)`, to-many → `json_agg` with its own order/limit.
 */
export function buildRead(
  ctx: BuildContext,
  node: ReadNodeInput,
  extraWhere: string[] = [],
): ReadParts {
  const { source, alias } = node
  const scoped = node.noFilters ? { filters: [], logic: [], used: true } : ctx.scoped.get(node.path)
  if (node.path.length) ctx.scoped.markUsed(node.path)
  const select: string[] = []
  const joins: string[] = []
  const where: string[] = [...extraWhere]
  const embeds: EmbedInfo[] = []

  for (const item of node.items) {
    if (item.kind === 'star') {
      select.push(`${q(alias)}.*`)
      continue
    }
    if (item.kind === 'column') {
      if (isEmbeddedCount(node, item)) {
        // `select=*,orders(count)`: supabase-js's documented way to count related rows.
        select.push(`count(*) AS ${q(item.alias ?? 'count')}`)
        continue
      }
      let expr = columnExpr(ctx, source, alias, item.field)
      if (item.cast) expr = `CAST(${expr} AS ${item.cast.toLowerCase()})`
      select.push(`${expr} AS ${q(outputName(item.field, item.alias))}`)
      continue
    }
    // Embedded resource
    if (!source.relation) {
      throw new ApiError(
        400,
        'PGRST200',
        `Could not find a relationship between '${source.name}' and '${item.name}' in the schema cache`,
        null,
        null,
      )
    }
    const rel = findRelationship(ctx.cache, source.relation, item.name, item.hint)
    const outName = item.alias ?? item.name
    const childPath = [...node.path, outName]
    // Parameters may address the embed by alias or by name.
    const childPathByName = [...node.path, item.name]
    const childAlias = ctx.sql.alias()
    const latAlias = ctx.sql.alias()
    const target = tableSource(rel.target)
    let childFrom = `${target.from} AS ${q(childAlias)}`
    let childJoin: string[]
    if (rel.junction) {
      const jAlias = ctx.sql.alias()
      const { toParent, toTarget } = rel.junction
      childFrom += ` INNER JOIN ${q(rel.junction.rel.schema)}.${q(rel.junction.rel.name)} AS ${q(jAlias)} ON ${toTarget.fromColumns
        .map((c, i) => `${q(jAlias)}.${q(c)} = ${q(childAlias)}.${q(toTarget.toColumns[i]!)}`)
        .join(' AND ')}`
      childJoin = toParent.fromColumns.map(
        (c, i) => `${q(jAlias)}.${q(c)} = ${q(alias)}.${q(toParent.toColumns[i]!)}`,
      )
    } else {
      childJoin = joinConditions(rel, alias, childAlias)
    }
    const path =
      item.alias &&
      ctx.scoped.get(childPath).used === false &&
      hasParams(ctx.scoped, childPathByName)
        ? childPathByName
        : childPath
    const child = buildRead(
      ctx,
      { source: target, alias: childAlias, items: item.children, path, baseFrom: childFrom },
      childJoin,
    )
    const childFromAll = child.from
    const childWhere = child.where.length ? ` WHERE ${child.where.join(' AND ')}` : ''
    const childSelect = child.select.length ? child.select.join(', ') : 'NULL AS "pgrst_empty"'
    const toOne = isToOne(rel)
    if (item.spread && !toOne) {
      throw new ApiError(
        400,
        'PGRST119',
        `A spread operation on '${item.name}' is not possible`,
        `'${source.name}' and '${item.name}' do not form a many-to-one or one-to-one relationship`,
      )
    }
    let exists: string
    if (toOne) {
      joins.push(
        `LEFT JOIN LATERAL (SELECT ${childSelect} FROM ${childFromAll}${childWhere}) AS ${q(latAlias)} ON TRUE`,
      )
      exists = `(row_to_json(${q(latAlias)}.*) IS NOT NULL)`
      if (item.spread) {
        if (child.select.length) select.push(`${q(latAlias)}.*`)
      } else if (item.children.length) {
        select.push(`row_to_json(${q(latAlias)}.*) AS ${q(outName)}`)
      }
    } else {
      const subAlias = ctx.sql.alias()
      const order = child.orderBy.length ? ` ORDER BY ${child.orderBy.join(', ')}` : ''
      joins.push(
        `LEFT JOIN LATERAL (SELECT json_agg(${q(subAlias)}) AS "agg" FROM (SELECT ${childSelect} FROM ${childFromAll}${childWhere}${order}${child.limit}) AS ${q(subAlias)}) AS ${q(latAlias)} ON TRUE`,
      )
      exists = `(${q(latAlias)}."agg" IS NOT NULL)`
      if (item.children.length)
        select.push(`COALESCE(${q(latAlias)}."agg", '[]'::json) AS ${q(outName)}`)
    }
    if (item.joinType === 'inner') where.push(exists)
    embeds.push({ name: outName, rel, exists })
    if (item.alias) embeds.push({ name: item.name, rel, exists })
  }

  // Filters of this level
  for (const f of scoped.filters) {
    const field = parseField(f.field)
    const embed = embeds.find((e) => e.name === field.name)
    const filter = parseOperation(field, f.value)
    if (embed && !source.columns.has(field.name)) where.push(embedNullSql(embed, filter))
    else where.push(filterSql(ctx, source, alias, filter))
  }
  for (const l of scoped.logic) {
    where.push(logicSql(ctx, source, alias, parseLogicTree(l.kind, l.negate, l.value), embeds))
  }
  const orderBy = scoped.order ? orderSql(ctx, node, parseOrder(scoped.order), joins) : []
  let limit = ''
  if (scoped.limit !== undefined) {
    limit += ` LIMIT ${ctx.sql.param(String(parseNonNegativeInt('limit', scoped.limit)))}`
  }
  if (scoped.offset !== undefined) {
    limit += ` OFFSET ${ctx.sql.param(String(parseNonNegativeInt('offset', scoped.offset)))}`
  }
  return {
    select,
    from: [node.baseFrom ?? `${source.from} AS ${q(alias)}`, ...joins].join(' '),
    where,
    orderBy,
    limit,
  }
}

/** WHERE conditions and ORDER BY of the root level only (UPDATE / DELETE). */
export function buildMutationFilters(
  ctx: BuildContext,
  source: Source,
  alias: string,
): { where: string[]; orderBy: string[]; limit: string; hasLimit: boolean } {
  const scoped = ctx.scoped.get([])
  const where: string[] = []
  for (const f of scoped.filters) {
    where.push(filterSql(ctx, source, alias, parseOperation(parseField(f.field), f.value)))
  }
  for (const l of scoped.logic) {
    where.push(logicSql(ctx, source, alias, parseLogicTree(l.kind, l.negate, l.value), []))
  }
  const joins: string[] = []
  const orderBy = scoped.order
    ? orderSql(ctx, { source, alias }, parseOrder(scoped.order), joins)
    : []
  if (joins.length)
    throw badQuery('"failed to parse order"', 'related orders are not supported here')
  let limit = ''
  if (scoped.limit !== undefined) {
    limit = ` LIMIT ${ctx.sql.param(String(parseNonNegativeInt('limit', scoped.limit)))}`
  }
  if (scoped.offset !== undefined) {
    limit += ` OFFSET ${ctx.sql.param(String(parseNonNegativeInt('offset', scoped.offset)))}`
  }
  return { where, orderBy, limit, hasLimit: scoped.limit !== undefined }
}

/** A bare `count` field inside an embed, where the embedded table has no column of that name. */
function isEmbeddedCount(node: ReadNodeInput, item: SelectItem): boolean {
  return (
    item.kind === 'column' &&
    node.path.length > 0 &&
    node.items.length === 1 &&
    item.field.name === 'count' &&
    item.field.path.length === 0 &&
    !item.cast &&
    !node.source.columns.has('count') &&
    !node.source.relation?.computed.has('count')
  )
}

function hasParams(scoped: ScopedParams, path: string[]) {
  const s = scoped.get(path)
  return !!(s.filters.length || s.logic.length || s.order || s.limit || s.offset)
}

/** Columns a read returns when `select` is absent: `*`. */
export const STAR: SelectItem[] = [{ kind: 'star' }]

export interface ReadShape {
  singular: boolean
  stripNulls: boolean
  /** `Accept: text/csv`: body is CSV (header line, then one line per row; NULL is empty). */
  csv?: boolean
}

/** CSV field: quoted when it holds a comma, quote or line break (or is empty, to tell it from NULL). */
const csvField = (v: string) =>
  `CASE WHEN ${v} IS NULL THEN '' WHEN ${v} = '' OR ${v} ~ '[",\r\n]' THEN '"' || replace(${v}, '"', '""') || '"' ELSE ${v} END`

const csvBody = `coalesce(
    (SELECT string_agg(${csvField('h.k')}, ',' ORDER BY h.o)
       FROM json_object_keys((array_agg(row_to_json(_pgrst_t)))[1]) WITH ORDINALITY AS h(k, o))
    || E'\n' ||
    string_agg((SELECT string_agg(${csvField('f.value')}, ',' ORDER BY f.o)
                  FROM json_each_text(row_to_json(_pgrst_t)) WITH ORDINALITY AS f(key, value, o)), E'\n'),
    '')`

/**
 * Wraps a read in the aggregate that produces the response in one row:
 * total (count or null), page_total, body (JSON array text), single (object text when 1 row), and
 * the response.status / response.headers GUCs.
 */
export function wrapRead(
  inner: string,
  countSql: string | null,
  shape: ReadShape,
  scalarColumn?: string,
): string {
  const item = scalarColumn ? `_pgrst_t.${q(scalarColumn)}` : '_pgrst_t'
  const agg = `coalesce(json_agg(${item}), '[]'::json)`
  const body = shape.stripNulls ? `json_strip_nulls(${agg})` : agg
  return `SELECT ${countSql ? `(${countSql})::text` : 'NULL::text'} AS total,
    count(*)::text AS page_total,
    ${shape.csv ? csvBody : `${body}::text`} AS body,
    ${shape.csv ? 'NULL::text' : `CASE WHEN count(*) = 1 THEN (${body} -> 0)::text END`} AS single,
    nullif(current_setting('response.status', true), '') AS status,
    nullif(current_setting('response.headers', true), '') AS headers
  FROM (${inner}) AS _pgrst_t`
}

export function readSql(parts: ReadParts): string {
  const where = parts.where.length ? ` WHERE ${parts.where.join(' AND ')}` : ''
  const order = parts.orderBy.length ? ` ORDER BY ${parts.orderBy.join(', ')}` : ''
  const select = parts.select.length ? parts.select.join(', ') : ''
  return `SELECT ${select} FROM ${parts.from}${where}${order}${parts.limit}`
}

export function countSql(parts: ReadParts): string {
  const where = parts.where.length ? ` WHERE ${parts.where.join(' AND ')}` : ''
  return `SELECT count(*) FROM ${parts.from}${where}`
}

export function newContext(cache: SchemaCache, scoped: ScopedParams): BuildContext {
  return { cache, sql: new Sql(), scoped }
}

export type { BuildContext }

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
