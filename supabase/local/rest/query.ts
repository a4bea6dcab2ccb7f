/**
 * The SQL of a read plan (with embedding) and the statement that wraps any read into the one row a
 * response is made from. Response JSON is built inside Postgres (json_agg / row_to_json), as PostgREST
 * does.
 */
import { ApiError, badQuery } from './errors'
import type { ReadShape } from './media-type'
import type { AggregateFn, SelectItem } from './parser'
import type { Scoped } from './query-params'
import { findRelationship, isToOne } from './relationships'
import { quoteIdent as q } from './schema-cache'
import {
  embedNullSql,
  filterSql,
  joinConditions,
  logicSql,
  orderSql,
  columnExpr,
  rowArgument,
  outputName,
  tableSource,
  type BuildContext,
  type EmbedInfo,
  type Source,
} from './sql-fragment'

export interface ReadParts {
  select: string[]
  /** The output name of each selected column, in order (what a to-many spread aggregates). */
  names: string[]
  from: string
  where: string[]
  /** GROUP BY terms: the non-aggregated outputs of a level that aggregates. */
  groupBy: string[]
  orderBy: string[]
  limit: string
  /** Aggregates a to-one spread leaves to its parent, by output name. */
  hoisted: Map<string, Hoisted>
}

/** An aggregate applied by the level a to-one spread is spread into. */
interface Hoisted {
  fn: AggregateFn
  cast?: string
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
  /** A to-one spread: its aggregates are applied by the level it is spread into. */
  toOneSpread?: boolean
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
  const scoped: Scoped = node.noFilters
    ? { filters: [], logic: [], used: true }
    : ctx.params.get(node.path)
  if (node.path.length) ctx.params.markUsed(node.path)
  const select: string[] = []
  const names: string[] = []
  const joins: string[] = []
  const where: string[] = [...extraWhere]
  const embeds: EmbedInfo[] = []
  const hoisted = new Map<string, Hoisted>()
  // Non-aggregated outputs, grouped by when this level aggregates.
  const groupTerms: string[] = []
  // Whether this level aggregates (its own aggregates, or those hoisted from to-one spreads).
  const grouped = !node.toOneSpread && hasAggregates(node.items)
  const jsonb = grouped ? '::jsonb' : ''
  const items = grouped ? expandStars(node.items, source) : node.items

  for (const item of items) {
    if (item.kind === 'star') {
      select.push(`${q(alias)}.*`)
      names.push(...source.columns.keys())
      continue
    }
    if (item.kind === 'column') {
      if (isEmbeddedCount(node, item)) {
        // `select=*,orders(count)`: supabase-js's documented way to count related rows.
        select.push(`count(*) AS ${q(item.alias ?? 'count')}`)
        names.push(item.alias ?? 'count')
        continue
      }
      let expr =
        item.field.name === '*' && item.aggregate === 'count'
          ? `${q(alias)}.*`
          : columnExpr(ctx, source, alias, item.field)
      if (item.cast) expr = `CAST(${expr} AS ${item.cast.toLowerCase()})`
      if (item.aggregate) {
        ctx.aggregates.used = true
        // An aggregate's output is named by its alias or its function, as Postgres names it.
        const name = item.alias ?? item.aggregate
        if (node.toOneSpread) {
          hoisted.set(name, { fn: item.aggregate, cast: item.aggregateCast })
          // count() counts the rows found: the whole row, NULL where the spread found none.
          const value = item.field.name === '*' ? q(alias) : expr
          select.push(`${value} AS ${q(name)}`)
        } else {
          select.push(`${aggregateSql(expr, item.aggregate, item.aggregateCast)} AS ${q(name)}`)
        }
        names.push(name)
        continue
      }
      const name = outputName(item.field, item.alias)
      groupTerms.push(item.alias ? q(item.alias) : expr)
      select.push(`${expr} AS ${q(name)}`)
      names.push(name)
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
    // PostgREST's alias for an embedded table: its name and depth (Postgres errors name it).
    const childAlias = `${rel.target.name}_${node.path.length + 1}`
    const latAlias = ctx.sql.alias()
    const target = tableSource(rel.target)
    let childFrom = `${target.from} AS ${q(childAlias)}`
    let childJoin: string[]
    if (rel.computed) {
      // A computed relationship: the function called with the parent's row.
      childFrom = `${rel.computed.fn}(${rowArgument(source, alias)}) AS ${q(childAlias)}`
      childJoin = []
    } else if (rel.junction) {
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
      item.alias && ctx.params.get(childPath).used === false && ctx.params.has(childPathByName)
        ? childPathByName
        : childPath
    const toOne = isToOne(rel)
    if (item.spread && !toOne && item.children.some((c) => c.kind === 'column' && c.aggregate)) {
      if (!ctx.aggregates.enabled) ctx.aggregates.used = true
      else {
        throw new ApiError(
          400,
          'PGRST127',
          'Feature not implemented',
          'Aggregates are not implemented for one-to-many or many-to-many spreads.',
        )
      }
    }
    const child = buildRead(
      ctx,
      {
        source: target,
        alias: childAlias,
        items: item.children,
        path,
        baseFrom: childFrom,
        toOneSpread: toOne && item.spread,
      },
      childJoin,
    )
    const childFromAll = child.from
    const childWhere = child.where.length ? ` WHERE ${child.where.join(' AND ')}` : ''
    const childSelect = child.select.length ? child.select.join(', ') : 'NULL AS "pgrst_empty"'
    const childGroup = child.groupBy.length ? ` GROUP BY ${child.groupBy.join(', ')}` : ''
    let exists: string
    if (toOne) {
      joins.push(
        `LEFT JOIN LATERAL (SELECT ${childSelect} FROM ${childFromAll}${childWhere}${childGroup}) AS ${q(latAlias)} ON TRUE`,
      )
      exists = `(row_to_json(${q(latAlias)}.*) IS NOT NULL)`
      if (item.spread) {
        for (const n of child.names) {
          const col = `${q(latAlias)}.${q(n)}`
          const agg = child.hoisted.get(n)
          if (agg && node.toOneSpread) {
            // Hoisted further up, through a chain of to-one spreads.
            hoisted.set(n, agg)
            select.push(`${col} AS ${q(n)}`)
          } else if (agg) {
            select.push(`${aggregateSql(col, agg.fn, agg.cast)} AS ${q(n)}`)
          } else {
            groupTerms.push(col)
            select.push(`${col} AS ${q(n)}`)
          }
        }
        names.push(...child.names)
      } else if (item.children.length) {
        select.push(`row_to_json(${q(latAlias)}.*)${jsonb} AS ${q(outName)}`)
        groupTerms.push(q(outName))
        names.push(outName)
      }
    } else if (item.spread) {
      // Spread of a to-many relationship: each of its columns becomes an array of the rows' values.
      const subAlias = ctx.sql.alias()
      const order = child.orderBy.length ? ` ORDER BY ${child.orderBy.join(', ')}` : ''
      const arrays = child.names.map(
        (n) => `COALESCE(json_agg(${q(subAlias)}.${q(n)}), '[]'::json) AS ${q(n)}`,
      )
      joins.push(
        `LEFT JOIN LATERAL (SELECT ${[...arrays, 'count(*) AS "pgrst_rows"'].join(', ')} FROM (SELECT ${childSelect} FROM ${childFromAll}${childWhere}${childGroup}${order}${child.limit}) AS ${q(subAlias)}) AS ${q(latAlias)} ON TRUE`,
      )
      exists = `(${q(latAlias)}."pgrst_rows" > 0)`
      for (const n of child.names) {
        const col = `${q(latAlias)}.${q(n)}${jsonb}`
        groupTerms.push(col)
        select.push(`${col} AS ${q(n)}`)
      }
      names.push(...child.names)
    } else {
      const subAlias = ctx.sql.alias()
      const order = child.orderBy.length ? ` ORDER BY ${child.orderBy.join(', ')}` : ''
      joins.push(
        `LEFT JOIN LATERAL (SELECT json_agg(${q(subAlias)}) AS "agg" FROM (SELECT ${childSelect} FROM ${childFromAll}${childWhere}${childGroup}${order}${child.limit}) AS ${q(subAlias)}) AS ${q(latAlias)} ON TRUE`,
      )
      exists = `(${q(latAlias)}."agg" IS NOT NULL)`
      if (item.children.length) {
        select.push(
          `COALESCE(${q(latAlias)}."agg"${jsonb}, '[]'${jsonb || '::json'}) AS ${q(outName)}`,
        )
        groupTerms.push(q(outName))
        names.push(outName)
      }
    }
    if (item.joinType === 'inner') where.push(exists)
    embeds.push({ name: outName, rel, exists })
    if (item.alias) embeds.push({ name: item.name, rel, exists })
  }

  // Filters of this level
  for (const filter of scoped.filters) {
    const embed = embeds.find((e) => e.name === filter.field.name)
    if (embed && !source.columns.has(filter.field.name)) where.push(embedNullSql(embed, filter))
    else where.push(filterSql(ctx, source, alias, filter))
  }
  for (const tree of scoped.logic) where.push(logicSql(ctx, source, alias, tree, embeds))
  const orderBy = scoped.order ? orderSql(ctx, node, scoped.order, joins) : []
  const limit = limitSql(ctx, scoped)
  return {
    select,
    names,
    from: [node.baseFrom ?? `${source.from} AS ${q(alias)}`, ...joins].join(' '),
    where,
    groupBy: grouped ? groupTerms : [],
    orderBy,
    limit,
    hoisted,
  }
}

/** Whether a level aggregates: an aggregate among its columns or in a spread of it. */
function hasAggregates(items: SelectItem[]): boolean {
  return items.some(
    (i) =>
      (i.kind === 'column' && !!i.aggregate) ||
      (i.kind === 'embed' && i.spread && hasAggregates(i.children)),
  )
}

/** A level that aggregates groups by each of its columns: `*` becomes the columns it stands for. */
function expandStars(items: SelectItem[], source: Source): SelectItem[] {
  return items.flatMap((i): SelectItem[] =>
    i.kind === 'star'
      ? [...source.columns.keys()].map((name) => ({ kind: 'column', field: { name, path: [] } }))
      : [i],
  )
}

/** `SUM(expr)`, cast when asked: `CAST(SUM(expr) AS text)`. */
function aggregateSql(expr: string, fn: AggregateFn, cast?: string): string {
  const applied = `${fn.toUpperCase()}(${expr})`
  return cast ? `CAST(${applied} AS ${cast.toLowerCase()})` : applied
}

/** Aggregates asked for where they are off (db-aggregates-enabled): PGRST123, once the plan is made. */
export function checkAggregates(ctx: BuildContext) {
  if (ctx.aggregates.used && !ctx.aggregates.enabled) {
    throw new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
  }
}

/** WHERE conditions and ORDER BY of the root level only (UPDATE / DELETE). */
export function buildMutationFilters(
  ctx: BuildContext,
  source: Source,
  alias: string,
): { where: string[]; orderBy: string[]; limit: string; hasLimit: boolean } {
  const scoped = ctx.params.get([])
  const where: string[] = []
  for (const filter of scoped.filters) where.push(filterSql(ctx, source, alias, filter))
  for (const tree of scoped.logic) where.push(logicSql(ctx, source, alias, tree, []))
  const joins: string[] = []
  const orderBy = scoped.order ? orderSql(ctx, { source, alias }, scoped.order, joins) : []
  if (joins.length)
    throw badQuery('"failed to parse order"', 'related orders are not supported here')
  return { where, orderBy, limit: limitSql(ctx, scoped), hasLimit: scoped.limit !== undefined }
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

function limitSql(ctx: BuildContext, scoped: Scoped): string {
  let limit = ''
  if (scoped.limit !== undefined) limit += ` LIMIT ${ctx.sql.param(String(scoped.limit))}`
  if (scoped.offset !== undefined) limit += ` OFFSET ${ctx.sql.param(String(scoped.offset))}`
  return limit
}

/** Columns a read returns when `select` is absent: `*`. */
export const STAR: SelectItem[] = [{ kind: 'star' }]

/**
 * CSV as PostgREST writes it: the keys of the first row as the header line, then each row in
 * Postgres's record text form without its parentheses (a field is quoted when it is empty or holds a
 * comma, quote, backslash, parenthesis or white space; NULL is empty).
 */
const csvBody = `coalesce(
    (SELECT string_agg(h.k, ',' ORDER BY h.o)
       FROM json_object_keys((array_agg(row_to_json(_pgrst_t)))[1]) WITH ORDINALITY AS h(k, o)),
    '')
    || E'\n' ||
    coalesce(string_agg(substring(_pgrst_t::text, 2, length(_pgrst_t::text) - 2), E'\n'), '')`

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
  const group = parts.groupBy.length ? ` GROUP BY ${parts.groupBy.join(', ')}` : ''
  const order = parts.orderBy.length ? ` ORDER BY ${parts.orderBy.join(', ')}` : ''
  const select = parts.select.length ? parts.select.join(', ') : ''
  return `SELECT ${select} FROM ${parts.from}${where}${group}${order}${parts.limit}`
}

export function countSql(parts: ReadParts): string {
  const where = parts.where.length ? ` WHERE ${parts.where.join(' AND ')}` : ''
  return `SELECT count(*) FROM ${parts.from}${where}`
}
