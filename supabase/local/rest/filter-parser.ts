/**
 * Filters (`col=[not.]op.value`), logic trees (`or=(...)`), `order` and limit/offset values: parsing
 * only, before any SQL is built. Anything malformed is a PGRST100.
 */
import { badQuery } from './errors'
import {
  FILTER_OPS,
  parseField,
  type Field,
  type Filter,
  type FilterOp,
  type LogicNode,
  type OrderTerm,
} from './parser'

const QUANTIFIABLE = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
])
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts'])

/**
 * Whether a value reads as an operation (a filter) rather than a plain value (an RPC argument): it
 * parses as one, or commits to one as PostgREST's parser does (`not.`, `in.`, `is.`) and so is refused.
 */
export function isOperation(value: string): boolean {
  if (/^(not|in|is)\./.test(value)) return true
  try {
    parseOperation({ name: '', path: [] }, value)
    return true
  } catch {
    return false
  }
}

/** `[not.]op[(any|all|config)].value` */
export function parseOperation(field: Field, raw: string): Filter {
  let s = raw
  let negate = false
  if (s.startsWith('not.')) {
    negate = true
    s = s.slice(4)
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(s)
  if (!m || !(FILTER_OPS as readonly string[]).includes(m[1]!)) {
    throw badQuery(
      `"failed to parse filter (${raw})" (line 1, column 1)`,
      `unexpected "${s.slice(0, 1)}" expecting "not" or operator (eq, gt, ...)`,
    )
  }
  const op = m[1] as FilterOp
  const arg = m[2]
  const value = s.slice(m[0].length)
  const filter: Filter = { field, negate, op, value }
  if (arg !== undefined) {
    if (FTS.has(op) && /^[A-Za-z0-9_]+$/.test(arg)) filter.config = arg
    else if (QUANTIFIABLE.has(op) && (arg === 'any' || arg === 'all')) filter.quantifier = arg
    else throw badQuery(`"failed to parse filter (${raw})" (line 1, column 1)`, `unexpected "("`)
  }
  if (op === 'in') filter.list = parseList(value, raw)
  if (
    op === 'is' &&
    !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())
  ) {
    throw badQuery(
      `"failed to parse filter (${raw})" (line 1, column ${raw.length - value.length + 1})`,
      'unexpected value expecting null, not_null, true, false or unknown',
    )
  }
  if (filter.quantifier) filter.list = parseBraceList(value, raw)
  return filter
}

/** `(1,2,"a,b")` → ['1','2','a,b'] */
function parseList(value: string, raw: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw badQuery(`"failed to parse filter (${raw})" (line 1, column 1)`, 'expecting "("')
  }
  return splitValues(value.slice(1, -1), raw)
}

/** `{a,b}` or `(a,b)` for any/all quantifiers. */
function parseBraceList(value: string, raw: string): string[] {
  if (
    (value.startsWith('{') && value.endsWith('}')) ||
    (value.startsWith('(') && value.endsWith(')'))
  ) {
    return splitValues(value.slice(1, -1), raw)
  }
  throw badQuery(`"failed to parse filter (${raw})" (line 1, column 1)`, 'expecting "{" or "("')
}

function splitValues(inner: string, raw: string): string[] {
  if (inner === '') return []
  const out: string[] = []
  let i = 0
  while (i <= inner.length) {
    if (inner[i] === '"') {
      let v = ''
      i++
      while (i < inner.length && inner[i] !== '"') {
        if (inner[i] === '\\' && i + 1 < inner.length) i++
        v += inner[i]
        i++
      }
      if (inner[i] !== '"')
        throw badQuery(`"failed to parse filter (${raw})"`, 'unterminated quote')
      i++
      out.push(v)
      if (i < inner.length && inner[i] !== ',') {
        throw badQuery(
          `"failed to parse filter (${raw})"`,
          `unexpected "${inner[i]}" expecting ","`,
        )
      }
      i++
    } else {
      const next = inner.indexOf(',', i)
      const end = next === -1 ? inner.length : next
      out.push(inner.slice(i, end))
      i = end + 1
    }
  }
  return out
}

/** Splits on commas outside quotes, parentheses and braces. */
function splitTopLevel(s: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(' || ch === '{' || ch === '[') depth++
    else if (ch === ')' || ch === '}' || ch === ']') depth--
    else if (ch === ',' && depth === 0) {
      parts.push(s.slice(start, i))
      start = i + 1
    }
  }
  parts.push(s.slice(start))
  return parts
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` */
export function parseLogicTree(kind: 'and' | 'or', negate: boolean, value: string): LogicNode {
  if (!value.startsWith('(') || !value.endsWith(')') || value.length < 3) {
    throw badQuery(
      `"failed to parse logic tree (${value})" (line 1, column 1)`,
      'unexpected input expecting "("',
    )
  }
  const children = splitTopLevel(value.slice(1, -1)).map((part): LogicNode => {
    const nested = /^(not\.)?(and|or)\(/.exec(part)
    if (nested) {
      return parseLogicTree(
        nested[2] as 'and' | 'or',
        !!nested[1],
        part.slice(nested[0].length - 1),
      )
    }
    const dot = fieldEnd(part)
    if (dot <= 0) {
      throw badQuery(
        `"failed to parse logic tree (${value})" (line 1, column 1)`,
        `unexpected "${part}" expecting field`,
      )
    }
    const field = parseField(part.slice(0, dot), 'logic tree')
    const filter = parseOperation(field, part.slice(dot + 1))
    if (filter.op !== 'in' && filter.value.startsWith('"') && filter.value.endsWith('"')) {
      filter.value = filter.value.slice(1, -1).replace(/\\(.)/g, '$1')
    }
    return { kind: 'filter', filter }
  })
  return { kind, negate, children }
}

/** Index of the '.' ending the field part of `field.op.value` (skips a quoted field name). */
function fieldEnd(part: string): number {
  if (part.startsWith('"')) {
    const close = part.indexOf('"', 1)
    return close === -1 ? -1 : part.indexOf('.', close)
  }
  return part.indexOf('.')
}

/** `order=a.desc.nullslast,author(name).asc,data->>k` */
export function parseOrder(value: string): OrderTerm[] {
  if (value === '') return []
  return splitTopLevel(value).map((term) => {
    let rest = term
    let relation: string | undefined
    let fieldText: string
    const paren = /^([^.(]+)\(([^)]*)\)/.exec(rest)
    if (paren) {
      relation = paren[1]
      fieldText = paren[2]!
      rest = rest.slice(paren[0].length)
    } else {
      const dot = fieldEnd(rest)
      fieldText = dot === -1 ? rest : rest.slice(0, dot)
      rest = dot === -1 ? '' : rest.slice(dot)
    }
    let field: Field
    try {
      field = parseField(fieldText, 'order')
    } catch {
      throw badQuery(
        `"failed to parse order (${value})" (line 1, column 1)`,
        `unexpected "${fieldText}" expecting field name`,
      )
    }
    const t: OrderTerm = { relation, field }
    for (const mod of rest.split('.').filter(Boolean)) {
      if (mod === 'asc' || mod === 'desc') t.direction = mod
      else if (mod === 'nullsfirst') t.nulls = 'first'
      else if (mod === 'nullslast') t.nulls = 'last'
      else {
        throw badQuery(
          `"failed to parse order (${value})" (line 1, column 1)`,
          `unexpected "${mod}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        )
      }
    }
    return t
  })
}

/**
 * `limit` / `offset` as PostgREST reads them: a whole number, else the parameter is ignored. A
 * negative offset counts as none; a negative limit is refused where the range is applied.
 */
export function parseRangeParam(name: 'limit' | 'offset', value: string): number | undefined {
  if (!/^[+-]?\d+$/.test(value.trim())) return undefined
  const n = Number(value.trim())
  if (!Number.isSafeInteger(n)) return undefined
  return name === 'offset' ? Math.max(0, n) : n
}
