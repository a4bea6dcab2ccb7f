/**
 * Ranges: the `Range` header and `limit`/`offset` of the top level, the row limit (max-rows), and the
 * Content-Range and status a page of rows answers with.
 */
import { ApiError } from './errors'
import type { QueryParams } from './query-params'

/** A parsed `Range: [items=]lower-[upper]` header; a header of another form is ignored. */
export interface HeaderRange {
  lower: number
  upper: number | null
}

export function parseRange(header: string | null): HeaderRange | null {
  if (!header) return null
  const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header)
  if (!m) return null
  return { lower: Number(m[1]), upper: m[2] === '' ? null : Number(m[2]) }
}

/**
 * Applies the Range header and max-rows to the top level's limit and offset; returns the offset of
 * the first row the page holds.
 */
export function applyRange(
  params: QueryParams,
  range: HeaderRange | null,
  maxRows: number | null,
): number {
  const root = params.get([])
  if (range) {
    if (range.upper !== null && range.upper < range.lower) {
      throw new ApiError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      )
    }
    if (root.offset === undefined && range.lower > 0) root.offset = range.lower
    if (range.upper !== null) {
      const size = range.upper - range.lower + 1
      root.limit = root.limit === undefined ? size : Math.min(size, root.limit)
    }
  }
  if (root.limit !== undefined && root.limit < 0) {
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'Limit should be greater than or equal to zero.',
    )
  }
  // max-rows: a read returns at most this many top-level rows, whatever the limit.
  if (maxRows !== null && (root.limit === undefined || root.limit > maxRows)) root.limit = maxRows
  return root.offset ?? 0
}

export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  return `${range}/${total === null ? '*' : total}`
}

export function rangeStatus(lower: number, upper: number, total: number | null): number {
  if (total === null) return 200
  if (lower > total) return 416
  if (1 + upper - lower < total) return 206
  return 200
}
