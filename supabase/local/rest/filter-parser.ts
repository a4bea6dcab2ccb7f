/**
 * Filters (`col=[not.]op.value`), logic trees (`or=(...)`), `order` and limit/offset values: parsing
 * only, before any SQL is built. Anything malformed is a PGRST100.
 */
import { badQuery, type ApiError } from './errors'
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
  if (!m || !(FILTER_OPS as readonly string[]).includes(m[1]!)) throw operatorError(raw, negate)
  const op = m[1] as FilterOp
  const arg = m[2]
  const value = s.slice(m[0].length)
  const filter: Filter = { field, negate, op, value }
  if (arg !== undefined) {
    if (FTS.has(op) && /^[A-Za-z0-9_]+$/.test(arg)) filter.config = arg
    else if (QUANTIFIABLE.has(op) && (arg === 'any' || arg === 'all')) filter.quantifier = arg
    else throw operatorError(raw, negate)
  }
  const at = raw.length - value.length
  if (op === 'in') filter.list = parseList(value, raw, at)
  if (op === 'is' && !IS_VALUES.some((v) => value.toLowerCase().startsWith(v))) {
    // The furthest a value word matched, case-insensitively, as Parsec reports it.
    const reach = Math.max(...IS_VALUES.map((v) => commonPrefix(value.toLowerCase(), v)))
    throw badQuery(
      `"failed to parse filter (${raw})" (line 1, column ${at + reach + 1})`,
      `unexpected ${shown(value, reach)} expecting isVal: (null, not_null, true, false, unknown)`,
    )
  }
  if (filter.quantifier) filter.list = parseBraceList(value, raw)
  return filter
}

/** `(1,2,"a,b")` → ['1','2','a,b'] */
function parseList(value: string, raw: string, at: number): string[] {
  if (!value.startsWith('(')) {
    throw badQuery(
      `"failed to parse filter (${raw})" (line 1, column ${at + 1})`,
      `unexpected ${shown(value, 0)} expecting "("`,
    )
  }
  if (!value.endsWith(')')) {
    throw badQuery(
      `"failed to parse filter (${raw})" (line 1, column ${raw.length + 1})`,
      'unexpected end of input expecting "," or ")"',
    )
  }
  return splitValues(value.slice(1, -1), raw)
}

const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown']
const SIMPLE_OPS = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj']
const QUANT_OPS = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch']

/** A character as Parsec names it in "unexpected …", or the end of the input. */
function shown(s: string, i: number): string {
  return i < s.length ? `"${s[i]}"` : 'end of input'
}

function commonPrefix(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return i
}

/**
 * A value that names no operator, worded as PostgREST's parser words it: each operator is tried in
 * turn and the error is the one that got furthest (a word that matches but is not followed by its
 * delimiter, quantifier or language fails after it); at the very start, "not" is expected too.
 */
function operatorError(raw: string, negated: boolean): ApiError {
  const base = negated ? 4 : 0
  const s = raw
  // Where the operator, or what must follow its word, fails.
  const after = (p: number, group: 'quant' | 'fts' | 'none'): number => {
    if (s[p] === '(' && group !== 'none') {
      if (group === 'quant') {
        const q = ['any', 'all'].map((w) => commonPrefix(s.slice(p + 1), w))
        if ((s.startsWith('any', p + 1) || s.startsWith('all', p + 1)) && s[p + 4] === ')') {
          return s[p + 5] === '.' ? -1 : p + 5
        }
        return Math.max(p, p + 1 + (s.startsWith('a', p + 1) ? Math.max(...q) : 0))
      }
      let e = p + 1
      while (e < s.length && /[A-Za-z0-9_ $]/.test(s[e]!)) e++
      if (e > p + 1 && s[e] === ')') return s[e + 1] === '.' ? -1 : e + 1
      return Math.max(p, e)
    }
    return s[p] === '.' ? -1 : p
  }
  let furthest = base
  const tryWord = (w: string, group: 'quant' | 'fts' | 'none') => {
    if (!s.startsWith(w, base)) return
    furthest = Math.max(furthest, after(base + w.length, group))
  }
  for (const w of ['in', 'is', 'isdistinct']) tryWord(w, 'none')
  for (const w of ['fts', 'plfts', 'phfts', 'wfts']) tryWord(w, 'fts')
  for (const w of SIMPLE_OPS) tryWord(w, 'none')
  const quant = QUANT_OPS.find((w) => s.startsWith(w, base))
  if (quant) tryWord(quant, 'quant')
  // "not" without its delimiter fails after the word.
  const notFail = !negated && s.startsWith('not') ? 3 : -1
  const message = (col: number, details: string) =>
    badQuery(`"failed to parse filter (${raw})" (line 1, column ${col + 1})`, details)
  if (notFail > furthest)
    return message(notFail, `unexpected ${shown(s, 3)} expecting delimiter (.)`)
  if (furthest === 0) {
    const unexpected = shown(s, Math.min(commonPrefix(s, 'not'), s.length))
    return message(0, `unexpected ${unexpected} expecting "not" or operator (eq, gt, ...)`)
  }
  return message(furthest, `unexpected ${shown(s, furthest)} expecting operator (eq, gt, ...)`)
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
  // PostgREST parses `[not.]or` and the value as one text: columns count from its start.
  const prefix = (negate ? 'not.' : '') + kind
  return logicTree(kind, negate, value, prefix.length, value)
}

/** A logic tree whose `(` is at `base` in the text PostgREST parses; `whole` is the parameter. */
function logicTree(
  kind: 'and' | 'or',
  negate: boolean,
  value: string,
  base: number,
  whole: string,
): LogicNode {
  const fail = (index: number, details: string): never => {
    throw badQuery(`"failed to parse logic tree (${whole})" (line 1, column ${index + 1})`, details)
  }
  if (!value.startsWith('(')) fail(base, `unexpected ${shown(value, 0)} expecting "("`)
  if (value === '()') {
    fail(
      base + 1,
      'unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)',
    )
  }
  if (!value.endsWith(')') || value.length < 3) {
    fail(base + value.length, 'unexpected end of input expecting "," or ")"')
  }
  let at = base + 1
  const children = splitTopLevel(value.slice(1, -1)).map((part): LogicNode => {
    const start = at
    at += part.length + 1
    const nested = /^(not\.)?(and|or)\(/.exec(part)
    if (nested) {
      const open = nested[0].length - 1
      return logicTree(
        nested[2] as 'and' | 'or',
        !!nested[1],
        part.slice(open),
        start + open,
        whole,
      )
    }
    const dot = fieldEnd(part)
    let filter: Filter
    try {
      if (dot <= 0) throw badQuery('', null)
      filter = parseOperation(parseField(part.slice(0, dot), 'logic tree'), part.slice(dot + 1))
    } catch (error) {
      // Not a filter: a word that begins a nested tree fails where that tree does.
      const neg = part.startsWith('not.') ? 4 : 0
      const op = ['and', 'or'].find((w) => part.startsWith(w, neg))
      if (op)
        fail(start + neg + op.length, `unexpected ${shown(part, neg + op.length)} expecting "("`)
      if (neg) fail(start + 4, `unexpected ${shown(part, 4)} expecting logic operator (and, or)`)
      const column = /\(line 1, column (\d+)\)$/.exec((error as Error).message)
      if (dot > 0 && column && (error as { details?: unknown }).details) {
        fail(start + dot + Number(column[1]), String((error as { details: unknown }).details))
      }
      fail(start, `unexpected ${shown(part, 0)} expecting field name (* or [a..z0..9_$])`)
    }
    if (filter!.op !== 'in' && filter!.value.startsWith('"') && filter!.value.endsWith('"')) {
      filter!.value = filter!.value.slice(1, -1).replace(/\\(.)/g, '$1')
    }
    return { kind: 'filter', filter: filter! }
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
  let offset = 0
  return splitTopLevel(value).map((term) => {
    const at = offset
    offset += term.length + 1
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
    orderModifiers(t, value, rest, at + term.length - rest.length)
    return t
  })
}

/**
 * `.asc|.desc` then `.nullsfirst|.nullslast`, then the term's end, refused with the words and column
 * PostgREST's parser gives: a word that does not match is named by its first differing character (as
 * Parsec's `string` reports it) at the column where the word starts.
 */
function orderModifiers(t: OrderTerm, value: string, rest: string, at: number) {
  const fail = (pos: number, unexpected: string, expecting: string): never => {
    throw badQuery(
      `"failed to parse order (${value})" (line 1, column ${at + pos + 1})`,
      `unexpected ${unexpected} expecting ${expecting}`,
    )
  }
  /** Parsec's unexpected for `string word` tried at `pos`: the first character that differs. */
  const mismatch = (pos: number, word: string) => {
    for (let i = 0; i < word.length; i++) {
      if (rest[pos + i] === undefined) return 'end of input'
      if (rest[pos + i] !== word[i]) return `"${rest[pos + i]}"`
    }
    return `"${word[0]}"`
  }
  const word = (pos: number, words: string[]) => words.find((w) => rest.startsWith(w, pos))
  let pos = 0
  if (rest[pos] === '.') {
    const dir = word(pos + 1, ['asc', 'desc'])
    const nulls = word(pos + 1, ['nullsfirst', 'nullslast'])
    if (dir) {
      t.direction = dir as 'asc' | 'desc'
      pos += 1 + dir.length
    } else if (nulls) {
      t.nulls = nulls === 'nullsfirst' ? 'first' : 'last'
      pos += 1 + nulls.length
      if (pos < rest.length) fail(pos, `'${rest[pos]}'`, '"," or end of input')
      return
    } else {
      fail(pos + 1, mismatch(pos + 1, 'asc'), '"asc", "desc", "nullsfirst" or "nullslast"')
    }
  }
  if (rest[pos] === '.') {
    const nulls = word(pos + 1, ['nullsfirst', 'nullslast'])
    if (!nulls) fail(pos + 1, mismatch(pos + 1, 'nullsfirst'), '"nullsfirst" or "nullslast"')
    t.nulls = nulls === 'nullsfirst' ? 'first' : 'last'
    pos += 1 + nulls!.length
    if (pos < rest.length) fail(pos, `'${rest[pos]}'`, '"," or end of input')
    return
  }
  if (pos < rest.length) {
    fail(pos, `'${rest[pos]}'`, `${pos > 0 ? 'delimiter (.), ' : ''}"," or end of input`)
  }
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
