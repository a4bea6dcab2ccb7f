/**
 * INSERT / UPSERT / UPDATE / DELETE statements. The request body is bound once as JSON text and
 * unpacked by Postgres (json_populate_recordset with the table's rowtype), so values keep their exact
 * JSON form (big numbers, nested JSON, arrays).
 */
import { ApiError } from './errors'
import type { Preferences } from './preferences'
import { quoteIdent as q, type Relation } from './schema-cache'
import type { Sql } from './sql-fragment'

export function unknownColumn(rel: Relation, name: string) {
  return new ApiError(
    400,
    'PGRST204',
    `Could not find the '${name}' column of '${rel.name}' in the schema cache`,
  )
}

export function checkColumns(rel: Relation, names: string[]) {
  for (const n of names) if (!rel.columns.has(n)) throw unknownColumn(rel, n)
}

export interface InsertPlan {
  /** Bare INSERT statements (no RETURNING): one, or one per key group with missing=default. */
  statements: string[]
}

/**
 * Plans an INSERT for a parsed body. `columns` is the `columns` query parameter (arrays), otherwise the
 * keys of the object (or of the first object, as PostgREST does; other objects must match).
 */
export function planInsert(opts: {
  sql: Sql
  rel: Relation
  bodyText: string
  rows: Record<string, unknown>[]
  columnsParam: string[] | null
  prefs: Preferences
  onConflict: string[] | null
}): InsertPlan {
  const { sql, rel, rows, prefs } = opts
  const target = `${q(rel.schema)}.${q(rel.name)}`
  if (rows.length === 0) return { statements: [] }

  let columns: string[]
  if (opts.columnsParam) {
    columns = opts.columnsParam
  } else {
    columns = Object.keys(rows[0]!)
    if (rows.length > 1) {
      const first = [...columns].sort().join('\u0000')
      for (const r of rows) {
        if (Object.keys(r).sort().join('\u0000') !== first) {
          throw new ApiError(400, 'PGRST102', 'All object keys must match')
        }
      }
    }
  }
  checkColumns(rel, columns)

  // With missing=default, rows are grouped by the keys they carry so that absent keys take the
  // column DEFAULT (one INSERT per group, all in one statement).
  const groups: { columns: string[]; indexes: number[] | null }[] = []
  if (prefs.missing === 'default' && rows.length > 0) {
    const byKey = new Map<string, { columns: string[]; indexes: number[] }>()
    rows.forEach((r, i) => {
      const present = columns.filter((c) => Object.prototype.hasOwnProperty.call(r, c))
      const key = present.join('\u0000')
      const g = byKey.get(key) ?? { columns: present, indexes: [] }
      g.indexes.push(i + 1)
      byKey.set(key, g)
    })
    groups.push(...byKey.values())
  } else {
    groups.push({ columns, indexes: null })
  }

  const body = sql.param(opts.bodyText)
  const payload = `(CASE WHEN json_typeof(${body}::json) = 'array' THEN ${body}::json ELSE json_build_array(${body}::json) END)`
  let conflict = ''
  if (prefs.resolution) {
    const targetCols = opts.onConflict ?? rel.primaryKey
    checkConflictColumns(rel, targetCols)
    const inference = targetCols.length ? ` (${targetCols.map(q).join(', ')})` : ''
    conflict =
      prefs.resolution === 'ignore-duplicates'
        ? ` ON CONFLICT${inference} DO NOTHING`
        : ` ON CONFLICT${inference} DO UPDATE SET `
  }

  const merging = prefs.resolution === 'merge-duplicates'
  const statements = groups.map((g) => {
    const cols = g.columns.map(q).join(', ')
    const source = g.indexes
      ? `(SELECT coalesce(json_agg(e.v ORDER BY e.i), '[]'::json) FROM json_array_elements(${payload}) WITH ORDINALITY AS e(v, i) WHERE e.i = ANY(${sql.param(
          `{${g.indexes.join(',')}}`,
        )}::bigint[]))`
      : payload
    let onConflict = conflict
    // Each body row counts as inserted, and each one that updates instead counts back (pgrst.inserted):
    // an upsert that only updated answers 200.
    const counted = merging ? ` WHERE ${countInserted('+', '0')}` : ''
    if (merging) {
      // missing=default: a column absent from a row takes its default on update too (EXCLUDED has it).
      const set = prefs.missing === 'default' ? columns : g.columns
      onConflict = set.length
        ? `${conflict}${set.map((c) => `${q(c)} = EXCLUDED.${q(c)}`).join(', ')} WHERE ${countInserted('-', '-1')}`
        : conflict.replace('DO UPDATE SET ', 'DO NOTHING')
    }
    const insert = g.columns.length
      ? `INSERT INTO ${target} AS ${q(rel.name)} (${cols}) SELECT ${cols} FROM json_populate_recordset(null::${rel.rowType}, ${source}) AS _pgrst_body${counted}${onConflict}`
      : // A row with none of the columns: all defaults.
        `INSERT INTO ${target} AS ${q(rel.name)} SELECT FROM json_array_elements(${source}) AS _pgrst_body${counted}${onConflict}`
    return insert
  })

  return { statements }
}

/**
 * The representation form: `WITH pgrst_g0 AS (INSERT ... RETURNING t.*), ..., pgrst_source AS (...)`.
 * Data-modifying CTEs must sit at the top level, so the caller appends its SELECT to this.
 */
export function withReturning(statements: string[], alias: string): string {
  const ctes = statements.map((s, i) => `pgrst_g${i} AS (${s} RETURNING ${q(alias)}.*)`)
  const union = statements.map((_, i) => `SELECT * FROM pgrst_g${i}`).join(' UNION ALL ')
  return `WITH ${ctes.join(', ')}, pgrst_source AS (${union})`
}

/** Adds or takes one from `pgrst.inserted`; always true (the value never equals `never`). */
function countInserted(op: '+' | '-', never: string) {
  return `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${op} 1)::text, true) <> '${never}'`
}

/** Rows an upsert inserted (rather than updated), read after it ran; null when nothing was sent. */
export const INSERTED_SQL = `SELECT nullif(current_setting('pgrst.inserted', true), '')::int AS inserted`

function checkConflictColumns(rel: Relation, cols: string[]) {
  for (const c of cols) {
    if (!rel.columns.has(c)) throw new ApiError(400, '42703', `column "${c}" does not exist`)
  }
}

export function planUpdate(opts: {
  sql: Sql
  rel: Relation
  alias: string
  bodyText: string
  row: Record<string, unknown>
  where: string[]
  returning: boolean
  limited: string | null
}): string {
  const { sql, rel } = opts
  const cols = Object.keys(opts.row)
  checkColumns(rel, cols)
  const body = sql.param(opts.bodyText)
  const set = cols.map((c) => `${q(c)} = _pgrst_body.${q(c)}`).join(', ')
  const where = [...opts.where]
  if (opts.limited) where.push(opts.limited)
  return `UPDATE ${q(rel.schema)}.${q(rel.name)} AS ${q(opts.alias)} SET ${set} FROM (SELECT * FROM json_populate_record(null::${rel.rowType}, ${body}::json)) AS _pgrst_body${
    where.length ? ` WHERE ${where.join(' AND ')}` : ''
  }${opts.returning ? ` RETURNING ${q(opts.alias)}.*` : ''}`
}

export function planDelete(opts: {
  rel: Relation
  alias: string
  where: string[]
  returning: boolean
  limited: string | null
}): string {
  const { rel } = opts
  const where = [...opts.where]
  if (opts.limited) where.push(opts.limited)
  return `DELETE FROM ${q(rel.schema)}.${q(rel.name)} AS ${q(opts.alias)}${
    where.length ? ` WHERE ${where.join(' AND ')}` : ''
  }${opts.returning ? ` RETURNING ${q(opts.alias)}.*` : ''}`
}
