/**
 * Postgres changes: which published tables exist, what a subscription asks for (event, schema, table,
 * one filter), and which committed changes each subscriber may see. Visibility is decided as hosted's
 * WALRUS does: for each change, the row is selected by its primary key under the subscriber's own role
 * and JWT claims, so RLS and grants decide; deletes carry only the primary key (unless the table's
 * replica identity is full) and reach roles that may select from the table.
 */
import type { RealtimeDatabase } from './database'

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE'
const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE'])
const OPERATORS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'])
const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'numeric', 'float4', 'float8', 'oid'])

export interface TableInfo {
  schema: string
  table: string
  columns: { name: string; type: string }[]
  primaryKey: string[]
  /** Postgres type of each primary-key column, for typed array parameters. */
  primaryKeyTypes: string[]
  replicaFull: boolean
}

export interface Filter {
  column: string
  op: string
  /** The filter's value(s) as text (`in` has several). */
  values: string[]
  numeric: boolean
}

export interface ChangeParams {
  event: string
  schema: string
  table?: string
  filter?: string
}

export interface Subscription {
  /** The id the client matches changes by (stable per parameters, as hosted's). */
  id: number
  event: '*' | ChangeEvent
  schema: string
  table: string | null
  filter: Filter | null
}

/** A committed change as the capture trigger announced it. */
export interface RawChange {
  seq: number
  schema: string
  table: string
  type: ChangeEvent
  ts: string
  record: Record<string, unknown> | null
  old: Record<string, unknown> | null
}

/** 32-bit FNV-1a of the parameters: the same parameters always get the same id. */
export function subscriptionId(params: ChangeParams): number {
  const text = JSON.stringify([
    params.event,
    params.schema,
    params.table ?? null,
    params.filter ?? null,
  ])
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** What hosted says when it cannot subscribe to the given parameters. */
export function unableToSubscribe(params: ChangeParams, detail?: string): string {
  const filter = params.filter ? parseFilterText(params.filter) : null
  const filters = filter
    ? `[{"${filter.column}", "${filter.op}", "${filter.values.join(',')}"}]`
    : '[]'
  const base =
    'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the ' +
    `given connect parameters: [event: ${params.event}, schema: ${params.schema}, ` +
    `table: ${params.table ?? '*'}, filters: ${filters}, select: nil]`
  return detail
    ? `Unable to subscribe to changes with given parameters. Exception: ${detail}`
    : base
}

function unquote(value: string): string {
  const v = value.trim()
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) {
    return v.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return v
}

/** Splits an `in.(a,"b,c",d)` list, honouring double quotes. */
function splitList(list: string): string[] {
  const out: string[] = []
  let current = ''
  let quoted = false
  for (let i = 0; i < list.length; i++) {
    const ch = list[i]!
    if (ch === '\\' && quoted && i + 1 < list.length) {
      current += ch + list[++i]
    } else if (ch === '"') {
      quoted = !quoted
      current += ch
    } else if (ch === ',' && !quoted) {
      out.push(unquote(current))
      current = ''
    } else {
      current += ch
    }
  }
  out.push(unquote(current))
  return out
}

function parseFilterText(text: string): { column: string; op: string; values: string[] } | null {
  const eq = text.indexOf('=')
  if (eq <= 0) return null
  const column = text.slice(0, eq)
  const rest = text.slice(eq + 1)
  const dot = rest.indexOf('.')
  if (dot <= 0) return null
  const op = rest.slice(0, dot)
  const raw = rest.slice(dot + 1)
  if (op === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) return null
    return { column, op, values: splitList(raw.slice(1, -1)) }
  }
  return { column, op, values: [unquote(raw)] }
}

/** Checks one binding against the publication; returns the subscription or hosted's refusal. */
export function resolveSubscription(
  params: ChangeParams,
  published: Map<string, TableInfo>,
): { subscription: Subscription } | { error: string } {
  const event = String(params.event ?? '').toUpperCase()
  const schema = params.schema || 'public'
  const table = params.table && params.table !== '*' ? params.table : null
  const refuse = (detail?: string) => ({ error: unableToSubscribe(params, detail) })
  if (!EVENTS.has(event)) return refuse()
  let info: TableInfo | undefined
  if (table) {
    info = published.get(`${schema}.${table}`)
    if (!info) return refuse()
  } else if (schema !== '*' && ![...published.values()].some((t) => t.schema === schema)) {
    return refuse()
  }
  let filter: Filter | null = null
  if (params.filter) {
    const parsed = parseFilterText(params.filter)
    if (!parsed || !OPERATORS.has(parsed.op)) {
      return refuse(`ERROR P0001 (raise_exception) invalid filter ${params.filter}`)
    }
    const column = info?.columns.find((c) => c.name === parsed.column)
    if (!info || !column) {
      return refuse(`ERROR P0001 (raise_exception) invalid column for filter ${parsed.column}`)
    }
    filter = { ...parsed, numeric: NUMERIC_TYPES.has(column.type) }
  }
  return {
    subscription: {
      id: subscriptionId(params),
      event: event as Subscription['event'],
      schema,
      table,
      filter,
    },
  }
}

function compare(a: unknown, b: string, numeric: boolean): number | null {
  if (a === null || a === undefined) return null
  if (numeric) {
    const x = Number(a)
    const y = Number(b)
    if (Number.isNaN(x) || Number.isNaN(y)) return null
    return x === y ? 0 : x < y ? -1 : 1
  }
  const x = typeof a === 'string' ? a : typeof a === 'object' ? JSON.stringify(a) : String(a)
  return x === b ? 0 : x < b ? -1 : 1
}

/** Whether a record passes a filter (SQL semantics: a NULL never matches). */
export function passesFilter(filter: Filter, record: Record<string, unknown> | null): boolean {
  if (!record || !(filter.column in record)) return false
  const value = record[filter.column]
  if (filter.op === 'in') return filter.values.some((v) => compare(value, v, filter.numeric) === 0)
  const c = compare(value, filter.values[0] ?? '', filter.numeric)
  if (c === null) return false
  switch (filter.op) {
    case 'eq':
      return c === 0
    case 'neq':
      return c !== 0
    case 'lt':
      return c < 0
    case 'lte':
      return c <= 0
    case 'gt':
      return c > 0
    case 'gte':
      return c >= 0
    default:
      return false
  }
}

export function matches(sub: Subscription, change: RawChange): boolean {
  if (sub.event !== '*' && sub.event !== change.type) return false
  if (sub.schema !== '*' && sub.schema !== change.schema) return false
  if (sub.table && sub.table !== change.table) return false
  if (!sub.filter) return true
  return passesFilter(sub.filter, change.type === 'DELETE' ? change.old : change.record)
}

/** The published tables with their columns and keys, read from the catalog. */
export async function loadPublication(db: RealtimeDatabase): Promise<Map<string, TableInfo>> {
  const { rows } = await db.query<{
    schema: string
    table: string
    columns: { name: string; type: string }[]
    pk: string[] | null
    pk_types: string[] | null
    replica: string
  }>(
    `select p.schemaname as schema, p.tablename as table,
            (select coalesce(json_agg(json_build_object('name', a.attname, 'type', t.typname)
                                      order by a.attnum), '[]')
               from pg_attribute a join pg_type t on t.oid = a.atttypid
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
            (select array_agg(a.attname::text order by k.ord)
               from pg_index i
               cross join unnest(i.indkey) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary) as pk,
            (select array_agg(format_type(a.atttypid, a.atttypmod) order by k.ord)
               from pg_index i
               cross join unnest(i.indkey) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary) as pk_types,
            c.relreplident::text as replica
       from pg_publication_tables p
       join pg_namespace n on n.nspname = p.schemaname
       join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
      where p.pubname = 'supabase_realtime'`,
  )
  const map = new Map<string, TableInfo>()
  for (const r of rows) {
    map.set(`${r.schema}.${r.table}`, {
      schema: r.schema,
      table: r.table,
      columns: r.columns,
      primaryKey: r.pk ?? [],
      primaryKeyTypes: r.pk_types ?? [],
      replicaFull: r.replica === 'f',
    })
  }
  return map
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
const keyOf = (info: TableInfo, record: Record<string, unknown>) =>
  JSON.stringify(info.primaryKey.map((c) => (record[c] === null ? null : String(record[c]))))

export interface Viewer {
  role: string
  claims: Record<string, unknown>
}

/**
 * Of `changes` (all on one table), the ones `viewer` may see: rows still selectable under its role and
 * claims (one query for the batch); deletes when the role may select from the table at all.
 */
export async function visibleChanges(
  db: RealtimeDatabase,
  info: TableInfo,
  viewer: Viewer,
  changes: RawChange[],
): Promise<Set<RawChange>> {
  const visible = new Set<RawChange>()
  if (info.primaryKey.length === 0) return visible
  const table = `${ident(info.schema)}.${ident(info.table)}`
  const live = changes.filter((c) => c.type !== 'DELETE' && c.record)
  const deletes = changes.filter((c) => c.type === 'DELETE')
  await db.withRequest(
    { role: viewer.role, claims: viewer.claims, method: 'GET', path: '/realtime/v1', headers: {} },
    { readOnly: true },
    async (tx) => {
      // A role without SELECT on the table sees none of its changes (hosted answers 401 there).
      const allowed = await tx.query<{ ok: boolean }>(
        `select has_table_privilege(current_user, $1, 'SELECT') as ok`,
        [table],
      )
      if (!allowed.rows[0]?.ok) return
      for (const d of deletes) visible.add(d)
      if (!live.length) return
      const keys = info.primaryKey.map((_, i) => live.map((c) => c.record![info.primaryKey[i]!]))
      const cols = info.primaryKey.map(ident).join(', ')
      const unnest = info.primaryKeyTypes.map((t, i) => `$${i + 1}::${t}[]`).join(', ')
      const select = info.primaryKey.map((c) => `${ident(c)}::text`).join(', ')
      const { rows: found } = await tx.query<{ k: string[] }>(
        `select array[${select}] as k from ${table}
          where (${cols}) in (select * from unnest(${unnest}))`,
        keys,
      )
      const seen = new Set(found.map((r) => JSON.stringify(r.k)))
      for (const c of live) if (seen.has(keyOf(info, c.record!))) visible.add(c)
    },
  )
  return visible
}

/** The change as supabase-js reads it (`payload.data`), old record trimmed as hosted trims it. */
export function changeData(info: TableInfo, change: RawChange) {
  const data: Record<string, unknown> = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.ts,
    type: change.type,
    columns: info.columns,
    errors: null,
  }
  if (change.type !== 'DELETE') data.record = change.record ?? {}
  if (change.type !== 'INSERT') {
    const old = change.old ?? {}
    data.old_record = info.replicaFull
      ? old
      : Object.fromEntries(info.primaryKey.map((c) => [c, old[c]]))
  }
  return data
}
