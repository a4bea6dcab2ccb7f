/**
 * The query string, parsed once when the request arrives: per embed path (`comments.order=...` belongs
 * to path ['comments']) its filters, logic trees, order, limit and offset. Planning only reads it, and
 * records which paths it used so that a parameter naming no embed is refused.
 */
import { ApiError } from './errors'
import { parseLogicTree, parseOperation, parseOrder, parseRangeParam } from './filter-parser'
import { parseField, type Filter, type LogicNode, type OrderTerm } from './parser'

export interface Scoped {
  filters: Filter[]
  logic: LogicNode[]
  order?: OrderTerm[]
  limit?: number
  offset?: number
  used: boolean
}

/** Names that are never filters. */
export const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey'])
/** Last words of a key that make it a tree parameter rather than a filter. */
export const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or'])

export class QueryParams {
  private map = new Map<string, Scoped>()

  /** Parses every parameter but the reserved ones and those in `skip` (RPC arguments). */
  static parse(search: URLSearchParams, skip: ReadonlySet<string> = new Set()): QueryParams {
    const params = new QueryParams()
    for (const [k, v] of search) {
      if (RESERVED.has(k) || skip.has(k)) continue
      params.add(k, v)
    }
    return params
  }

  get(path: string[]): Scoped {
    const key = path.join('.')
    let s = this.map.get(key)
    if (!s) {
      s = { filters: [], logic: [], used: key === '' }
      this.map.set(key, s)
    }
    return s
  }

  private add(key: string, value: string) {
    const parts = key.split('.')
    const last = parts[parts.length - 1]!
    if (last === 'or' || last === 'and') {
      const negate = parts[parts.length - 2] === 'not'
      const path = parts.slice(0, negate ? -2 : -1)
      this.get(path).logic.push(parseLogicTree(last, negate, value))
    } else if (last === 'order') {
      this.get(parts.slice(0, -1)).order = parseOrder(value)
    } else if (last === 'limit' || last === 'offset') {
      const n = parseRangeParam(last, value)
      if (n !== undefined) this.get(parts.slice(0, -1))[last] = n
    } else {
      this.get(parts.slice(0, -1)).filters.push(parseOperation(parseField(last), value))
    }
  }

  markUsed(path: string[]) {
    this.get(path).used = true
  }

  /** Whether any parameter addresses this path. */
  has(path: string[]): boolean {
    const s = this.map.get(path.join('.'))
    return !!s && hasAny(s)
  }

  /** Embed-scoped parameters whose path matched no embed: PostgREST refuses them (PGRST108). */
  assertAllUsed() {
    for (const [key, s] of this.map) {
      if (!s.used && hasAny(s)) {
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
}

function hasAny(s: Scoped): boolean {
  return !!(
    s.filters.length ||
    s.logic.length ||
    s.order?.length ||
    s.limit !== undefined ||
    s.offset !== undefined
  )
}
