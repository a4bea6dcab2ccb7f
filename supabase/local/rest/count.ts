/**
 * `Prefer: count=exact|planned|estimated` on reads, as PostgREST counts:
 *
 * - exact: the rows the filters match, counted in the read's own statement;
 * - planned: the planner's row estimate of that count query (`EXPLAIN`), run after the read;
 * - estimated: the exact count up to max-rows + 1 rows; past max-rows, the larger of that and the
 *   planner's estimate.
 *
 * Only reads of tables and views use the planner; a function's result (RPC) and a write count
 * exactly for exact and estimated, and not at all for planned.
 */
import type { Transaction } from '../db'
import { run, type ResultRow } from './execute'
import type { Preferences } from './preferences'
import { readSql, type ReadParts } from './query'

/** Whether the statement itself counts (exact, estimated): PostgREST's shouldCount. */
export const shouldCount = (prefs: Pick<Preferences, 'count'>) =>
  prefs.count === 'exact' || prefs.count === 'estimated'

/** The rows a read's filters match, without its order and range: what is counted or planned. */
function countRows(parts: ReadParts): string {
  const where = parts.where.length ? ` WHERE ${parts.where.join(' AND ')}` : ''
  return `SELECT 1 FROM ${parts.from}${where}`
}

/** The count the read's statement computes, or null when it computes none. */
export function readCountSql(
  parts: ReadParts,
  prefs: Pick<Preferences, 'count'>,
  maxRows: number,
): string | null {
  if (!shouldCount(prefs)) return null
  // Estimated: stop counting once the count is known to pass max-rows.
  const limit = prefs.count === 'estimated' ? ` LIMIT ${maxRows + 1}` : ''
  return `SELECT count(*) FROM (${countRows(parts)}${limit}) AS _pgrst_count`
}

/**
 * The planner's estimate of the rows the count query returns ("Plan Rows" of its top node). The read
 * rides along as an unused CTE (never planned) so that every bind parameter has a type.
 */
async function plannedRows(
  tx: Transaction,
  parts: ReadParts,
  params: (string | null)[],
): Promise<number | null> {
  const sql = `EXPLAIN (FORMAT JSON) WITH pgrst_unused AS (${readSql(parts)}) ${countRows(parts)}`
  const result = await run(tx, sql, params)
  const cell = Object.values(result.rows[0] as Record<string, unknown>)[0]
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as
    [{ Plan?: { 'Plan Rows'?: unknown } }] | undefined
  const rows = plan?.[0]?.Plan?.['Plan Rows']
  return typeof rows === 'number' ? Math.round(rows) : null
}

/** Replaces the read's total with the planner's figure where the preference asks for it. */
export async function applyPlannedCount(
  tx: Transaction,
  row: ResultRow,
  parts: ReadParts,
  params: (string | null)[],
  prefs: Pick<Preferences, 'count'>,
  maxRows: number,
): Promise<ResultRow> {
  if (prefs.count === 'planned') {
    const planned = await plannedRows(tx, parts, params)
    return { ...row, total: planned === null ? null : String(planned) }
  }
  if (prefs.count === 'estimated' && row.total !== null && Number(row.total) > maxRows) {
    const planned = await plannedRows(tx, parts, params)
    const total = Math.max(Number(row.total), planned ?? 0)
    return { ...row, total: String(total) }
  }
  return row
}
