/**
 * SQL fragments a plan is made of: column references, filters, logic trees, orders and join
 * conditions. Every identifier comes from the schema cache and is quoted; every value is a bind
 * parameter. The request was parsed before: nothing here reads the query string.
 */
import { ApiError, badQuery } from './errors'
import type { Field, Filter, LogicNode, OrderTerm } from './parser'
import type { QueryParams } from './query-params'
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

export interface EmbedInfo {
  name: string
  rel: Relationship
  /** SQL that is true when the parent row has at least one (visible, filtered) embedded row. */
  exists: string
}

export interface BuildContext {
  cache: SchemaCache
  sql: Sql
  params: QueryParams
  /** Aggregate functions in `select`: allowed (db-aggregates-enabled) and whether any was asked for. */
  aggregates: { enabled: boolean; used: boolean }
}

export function newContext(
  cache: SchemaCache,
  params: QueryParams,
  aggregatesEnabled = false,
): BuildContext {
  return { cache, sql: new Sql(), params, aggregates: { enabled: aggregatesEnabled, used: false } }
}

/** A string literal of unknown type, as PostgREST writes JSON path keys (NUL characters dropped). */
export function unknownLiteral(value: string): string {
  return `'${value.replace(/\0/g, '').replace(/'/g, "''")}'`
}

export function columnExpr(
  _ctx: BuildContext,
  source: Source,
  alias: string,
  field: Field,
): string {
  let expr: string
  if (source.columns.has(field.name)) {
    expr = `${q(alias)}.${q(field.name)}`
  } else if (source.relation?.computed.has(field.name)) {
    expr = `${source.relation.computed.get(field.name)!.fn}(${q(alias)})`
  } else {
    // Not in the schema cache: Postgres names the missing column, as it does for PostgREST.
    expr = `${q(alias)}.${q(field.name)}`
  }
  for (const step of field.path) {
    const key = step.index ? `${unknownLiteral(step.key)}::int` : unknownLiteral(step.key)
    expr = `${expr}${step.arrow}${key}`
  }
  return expr
}

export function outputName(field: Field, alias?: string) {
  if (alias) return alias
  const last = field.path[field.path.length - 1]
  return last ? last.key : field.name
}

export function arrayLiteral(values: string[]): string {
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

export function filterSql(ctx: BuildContext, source: Source, alias: string, f: Filter): string {
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

export function logicSql(
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
export function embedNullSql(embed: EmbedInfo, f: Filter): string {
  if (f.op !== 'is' || f.value.toLowerCase() !== 'null' || f.field.path.length) {
    throw new ApiError(
      400,
      'PGRST120',
      `Bad operator on the '${embed.name}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    )
  }
  return f.negate ? embed.exists : `NOT ${embed.exists}`
}

export function orderSql(
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
      const from = rel.computed
        ? `${rel.computed.fn}(${rowArgument(node.source, node.alias)})`
        : target.from
      const on = joinConditions(rel, node.alias, childAlias)
      joins.push(
        `LEFT JOIN LATERAL (SELECT ${valueExpr} AS "v" FROM ${from} AS ${q(childAlias)}${
          on.length ? ` WHERE ${on.join(' AND ')}` : ''
        } LIMIT 1) AS ${q(latAlias)} ON TRUE`,
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
export function joinConditions(
  rel: Relationship,
  parentAlias: string,
  childAlias: string,
): string[] {
  const { fk } = rel
  // A junction needs the junction's alias (the caller joins it); a computed relationship is a call.
  if (rel.junction || rel.computed) return []
  if (rel.parentHoldsKey) {
    return fk.fromColumns.map(
      (c, i) => `${q(childAlias)}.${q(fk.toColumns[i]!)} = ${q(parentAlias)}.${q(c)}`,
    )
  }
  return fk.fromColumns.map(
    (c, i) => `${q(childAlias)}.${q(c)} = ${q(parentAlias)}.${q(fk.toColumns[i]!)}`,
  )
}

/**
 * The parent row as a computed relationship's argument: the alias itself for a table, else (a function's
 * or a mutation's rows) its columns made into the relation's row type.
 */
export function rowArgument(source: Source, alias: string): string {
  const rel = source.relation!
  return source.from === tableSource(rel).from
    ? q(alias)
    : `ROW(${q(alias)}.*)::${q(rel.schema)}.${q(rel.name)}`
}
