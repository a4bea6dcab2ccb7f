/**
 * PostgREST's schema cache: what the exposed schemas contain, introspected from the catalog as the
 * superuser. Privileges are not consulted here: objects the request role cannot use still resolve, and
 * Postgres refuses them (42501), as on hosted.
 */
import type { OwnerSession } from '../db'

export interface Column {
  name: string
  type: string
  typeOid: number
  /** Element type of an array column, if any. */
  isArray: boolean
  notNull: boolean
  hasDefault: boolean
  generated: boolean
}

export interface ForeignKey {
  name: string
  /** Referencing relation (schema-qualified key, e.g. `public.orders`) and its columns. */
  from: string
  fromColumns: string[]
  /** Referenced relation and its columns. */
  to: string
  toColumns: string[]
}

export interface Relation {
  key: string
  schema: string
  name: string
  kind: 'table' | 'view'
  /** Rowtype name usable as `null::<rowtype>` in json_populate_recordset. */
  rowType: string
  columns: Map<string, Column>
  columnList: Column[]
  primaryKey: string[]
  /** Primary key and unique constraints/indexes (column lists). */
  uniques: string[][]
  /** Foreign keys where this relation is the referencing side (includes those inferred for views). */
  foreignKeys: ForeignKey[]
  /** Computed fields: functions taking this relation's row as their only argument. */
  computed: Map<string, { fn: string; returnType: string; returnsSet: boolean }>
  /**
   * Computed relationships: functions taking this relation's row and returning rows of a relation
   * (to-one when they return one row: not SETOF, or ROWS 1).
   */
  computedRels: Map<string, ComputedRelationship>
}

export interface ComputedRelationship {
  /** The function, schema-qualified and quoted. */
  fn: string
  /** The relation whose rows it returns. */
  target: string
  toOne: boolean
}

export interface FunctionArg {
  name: string
  type: string
  hasDefault: boolean
  variadic: boolean
}

export interface RoutineDef {
  schema: string
  name: string
  oid: number
  args: FunctionArg[]
  returnType: string
  returnTypeOid: number
  returnsSet: boolean
  /** 'i' | 's' | 'v' */
  volatility: string
  isVoid: boolean
  /** The return type is composite (a table's rowtype, a composite type, or OUT/TABLE params). */
  isComposite: boolean
  /** Output columns for composite results. */
  outColumns: { name: string; type: string }[]
  /** Relation whose rowtype is returned (enables select/filters/embeds on the result). */
  returnsRelation: string | null
}

export interface SchemaCache {
  schemas: string[]
  relations: Map<string, Relation>
  /** All foreign keys between exposed relations (both directions are derived from these). */
  foreignKeys: ForeignKey[]
  routines: Map<string, RoutineDef[]>
  loadedAt: number
}

export const relKey = (schema: string, name: string) => `${schema}.${name}`

const introspectionSql = `
with rels as (
  select c.oid, n.nspname as schema, c.relname as name, c.relkind,
    format('%I.%I', n.nspname, c.relname) as rowtype
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
),
cols as (
  select a.attrelid, json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'typeOid', a.atttypid::int8,
      'isArray', t.typcategory = 'A',
      'notNull', a.attnotnull,
      'hasDefault', a.atthasdef or a.attidentity <> '',
      'generated', a.attgenerated <> ''
    ) order by a.attnum) as columns
  from pg_attribute a join pg_type t on t.oid = a.atttypid
  where a.attrelid in (select oid from rels) and a.attnum > 0 and not a.attisdropped
  group by a.attrelid
),
uniq as (
  select i.indrelid, json_agg(json_build_object(
      'primary', i.indisprimary,
      'columns', (select json_agg(a.attname order by k.ord)
                  from unnest(i.indkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum)
    )) as uniques
  from pg_index i
  where i.indrelid in (select oid from rels) and i.indisunique and i.indpred is null
    and not (0 = any(i.indkey::int2[]))
  group by i.indrelid
),
fks as (
  select json_agg(json_build_object(
      'name', con.conname,
      'from', format('%s.%s', fn.nspname, fc.relname),
      'fromColumns', (select json_agg(a.attname order by k.ord)
                      from unnest(con.conkey) with ordinality k(attnum, ord)
                      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
      'to', format('%s.%s', tn.nspname, tc.relname),
      'toColumns', (select json_agg(a.attname order by k.ord)
                    from unnest(con.confkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum)
    )) as fks
  from pg_constraint con
  join pg_class fc on fc.oid = con.conrelid join pg_namespace fn on fn.oid = fc.relnamespace
  join pg_class tc on tc.oid = con.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
  where con.contype = 'f'
),
viewcols as (
  select json_agg(json_build_object(
      'view', format('%s.%s', u.view_schema, u.view_name),
      'table', format('%s.%s', u.table_schema, u.table_name),
      'column', u.column_name
    )) as usage
  from information_schema.view_column_usage u
  where u.view_schema = any($1::text[])
),
procs as (
  select json_agg(json_build_object(
      'schema', n.nspname,
      'name', p.proname,
      'oid', p.oid::int8,
      'argNames', coalesce(p.proargnames, '{}'::text[]),
      'argModes', coalesce(p.proargmodes::text[], '{}'::text[]),
      'allArgTypes', coalesce((select json_agg(format_type(t, null) order by o)
                               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(t, o)),
                              '[]'::json),
      'inArgTypes', coalesce((select json_agg(format_type(t, null) order by o)
                              from unnest(p.proargtypes::oid[]) with ordinality x(t, o)), '[]'::json),
      'inArgTypeOids', coalesce((select json_agg(t::int8 order by o)
                              from unnest(p.proargtypes::oid[]) with ordinality x(t, o)), '[]'::json),
      'nDefaults', p.pronargdefaults,
      'variadic', p.provariadic <> 0,
      'returnType', format_type(p.prorettype, null),
      'returnTypeOid', p.prorettype::int8,
      'returnsSet', p.proretset,
      'rows', p.prorows,
      'volatility', p.provolatile,
      'retTypType', rt.typtype,
      'retRelation', (select format('%s.%s', rn.nspname, rc.relname)
                      from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
                      where rc.oid = rt.typrelid and rc.relkind in ('r', 'v', 'm', 'f', 'p')),
      'retColumns', (select json_agg(json_build_object('name', a.attname,
                       'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                     from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0
                       and not a.attisdropped)
    )) as procs
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  where n.nspname = any($1::text[]) and p.prokind = 'f'
)
select json_build_object(
  'relations', (select json_agg(json_build_object(
      'schema', r.schema, 'name', r.name, 'relkind', r.relkind, 'rowtype', r.rowtype,
      'columns', coalesce(c.columns, '[]'::json), 'uniques', coalesce(u.uniques, '[]'::json)))
    from rels r left join cols c on c.attrelid = r.oid left join uniq u on u.indrelid = r.oid),
  'fks', (select fks from fks),
  'viewcols', (select usage from viewcols),
  'procs', (select procs from procs)
)::text as cache
`

interface RawRelation {
  schema: string
  name: string
  relkind: string
  rowtype: string
  columns: Column[]
  uniques: { primary: boolean; columns: string[] }[]
}

interface RawProc {
  schema: string
  name: string
  oid: number
  argNames: string[]
  argModes: string[]
  allArgTypes: string[]
  inArgTypes: string[]
  inArgTypeOids: number[]
  nDefaults: number
  variadic: boolean
  returnType: string
  returnTypeOid: number
  returnsSet: boolean
  rows: number
  volatility: string
  retTypType: string
  retRelation: string | null
  retColumns: { name: string; type: string }[] | null
}

export async function loadSchemaCache(pg: OwnerSession, schemas: string[]): Promise<SchemaCache> {
  const res = await pg.query<{ cache: string }>(introspectionSql, [schemas], {
    // Keep everything as text: the JSON is parsed here.
    parsers: { 25: (v: string) => v },
  })
  const raw = JSON.parse(res.rows[0]!.cache) as {
    relations: RawRelation[] | null
    fks: ForeignKey[] | null
    viewcols: { view: string; table: string; column: string }[] | null
    procs: RawProc[] | null
  }

  const relations = new Map<string, Relation>()
  for (const r of raw.relations ?? []) {
    const key = relKey(r.schema, r.name)
    const uniques = r.uniques.map((u) => u.columns)
    relations.set(key, {
      key,
      schema: r.schema,
      name: r.name,
      kind: r.relkind === 'v' || r.relkind === 'm' ? 'view' : 'table',
      rowType: r.rowtype,
      columns: new Map(r.columns.map((c) => [c.name, c])),
      columnList: r.columns,
      primaryKey: r.uniques.find((u) => u.primary)?.columns ?? [],
      uniques,
      foreignKeys: [],
      computed: new Map(),
      computedRels: new Map(),
    })
  }

  const tableFks = (raw.fks ?? []).filter((fk) => relations.has(fk.from) && relations.has(fk.to))
  const foreignKeys = [
    ...tableFks,
    ...inferViewForeignKeys(relations, raw.fks ?? [], raw.viewcols ?? []),
  ]
  for (const fk of foreignKeys) relations.get(fk.from)?.foreignKeys.push(fk)

  const routines = new Map<string, RoutineDef[]>()
  for (const p of raw.procs ?? []) {
    const def = toRoutine(p)
    const key = relKey(p.schema, p.name)
    const list = routines.get(key) ?? []
    list.push(def)
    routines.set(key, list)
    if (p.inArgTypes.length !== 1) continue
    const arg = p.inArgTypes[0]!
    const fn = `${quoteIdent(p.schema)}.${quoteIdent(p.name)}`
    for (const rel of relations.values()) {
      if (arg !== rel.name && arg !== rel.rowType && arg !== `${rel.schema}.${rel.name}`) continue
      // A function taking one row of a relation is a computed field of that relation,
      if (!p.returnsSet && rel.schema === p.schema) {
        rel.computed.set(p.name, { fn, returnType: p.returnType, returnsSet: p.returnsSet })
      }
      // and a relationship when it returns rows of a relation.
      if (p.retRelation && relations.has(p.retRelation)) {
        rel.computedRels.set(p.name, {
          fn,
          target: p.retRelation,
          toOne: !p.returnsSet || p.rows === 1,
        })
      }
    }
  }

  return { schemas, relations, foreignKeys, routines, loadedAt: Date.now() }
}

function toRoutine(p: RawProc): RoutineDef {
  const args: FunctionArg[] = []
  const outColumns: { name: string; type: string }[] = []
  const modes = p.argModes.length ? p.argModes : p.allArgTypes.map(() => 'i')
  const nIn = modes.filter((m) => m === 'i' || m === 'b' || m === 'v').length
  let inIndex = 0
  modes.forEach((mode, i) => {
    const name = p.argNames[i] ?? ''
    const type = p.allArgTypes[i] ?? 'unknown'
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      args.push({
        name,
        type,
        hasDefault: inIndex >= nIn - p.nDefaults,
        variadic: mode === 'v',
      })
      inIndex++
    }
    if (mode === 'o' || mode === 'b' || mode === 't') outColumns.push({ name, type })
  })
  const isVoid = p.returnType === 'void'
  const fromOut = outColumns.length > 1 || modes.includes('t')
  const isComposite = p.retTypType === 'c' || fromOut
  return {
    schema: p.schema,
    name: p.name,
    oid: p.oid,
    args,
    returnType: p.returnType,
    returnTypeOid: p.returnTypeOid,
    returnsSet: p.returnsSet,
    volatility: p.volatility,
    isVoid,
    isComposite,
    outColumns: fromOut ? outColumns : (p.retColumns ?? []),
    returnsRelation: p.retRelation,
  }
}

/**
 * Views inherit the foreign keys of the tables they select from, when the key columns appear in the
 * view under the same name (PostgREST follows view columns to their source the same way).
 */
function inferViewForeignKeys(
  relations: Map<string, Relation>,
  fks: ForeignKey[],
  usage: { view: string; table: string; column: string }[],
): ForeignKey[] {
  // view → table → set of columns of the table that the view exposes under the same name
  const exposed = new Map<string, Map<string, Set<string>>>()
  for (const u of usage) {
    const view = relations.get(u.view)
    if (!view || !view.columns.has(u.column)) continue
    const perTable = exposed.get(u.view) ?? new Map<string, Set<string>>()
    const set = perTable.get(u.table) ?? new Set<string>()
    set.add(u.column)
    perTable.set(u.table, set)
    exposed.set(u.view, perTable)
  }
  // table → views exposing it
  const viewsOf = new Map<string, { view: string; cols: Set<string> }[]>()
  for (const [view, perTable] of exposed) {
    for (const [table, cols] of perTable) {
      const list = viewsOf.get(table) ?? []
      list.push({ view, cols })
      viewsOf.set(table, list)
    }
  }
  const out: ForeignKey[] = []
  const endpoints = (rel: string, cols: string[]) => {
    const list: string[] = relations.has(rel) ? [rel] : []
    for (const v of viewsOf.get(rel) ?? []) if (cols.every((c) => v.cols.has(c))) list.push(v.view)
    return list
  }
  for (const fk of fks) {
    const froms = endpoints(fk.from, fk.fromColumns)
    const tos = endpoints(fk.to, fk.toColumns)
    for (const from of froms) {
      for (const to of tos) {
        if (from === fk.from && to === fk.to) continue // the table's own key, already listed
        out.push({ ...fk, from, to })
      }
    }
  }
  return out
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
