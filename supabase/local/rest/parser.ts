/**
 * Parsers for PostgREST's query language: `select`, filters (`col=op.value`), logic trees
 * (`or=(...)`), `order`, and the Prefer / Accept headers. Parsing only: names are checked against the
 * schema cache when the SQL is built. Anything malformed is a PGRST100 (or PGRST123 for aggregates).
 */
import { ApiError, badQuery } from './errors'

export interface JsonStep {
  arrow: '->' | '->>'
  key: string
  /** A bare integer: an array index rather than an object key. */
  index: boolean
}

export interface Field {
  name: string
  path: JsonStep[]
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias?: string; cast?: string }
  | {
      kind: 'embed'
      name: string
      alias?: string
      hint?: string
      joinType?: 'inner' | 'left'
      spread: boolean
      children: SelectItem[]
    }

export const FILTER_OPS = [
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
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const
export type FilterOp = (typeof FILTER_OPS)[number]

export interface Filter {
  field: Field
  negate: boolean
  op: FilterOp
  /** `(any)` / `(all)` on eq, like, ilike, gt, gte, lt, lte, match, imatch. */
  quantifier?: 'any' | 'all'
  /** Text search configuration: `fts(english)`. */
  config?: string
  /** Raw value; for `in` the parsed list. */
  value: string
  list?: string[]
}

export type LogicNode =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'and' | 'or'; negate: boolean; children: LogicNode[] }

export interface OrderTerm {
  /** Set when ordering by a column of an embedded to-one resource: `order=author(name)`. */
  relation?: string
  field: Field
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

const NAME_STOP = new Set([',', '(', ')', '!', ':', '*', '.', '"', "'", ' ', '\t', '\n', '\r'])

class Cursor {
  pos = 0
  constructor(
    readonly input: string,
    readonly what: string,
  ) {}
  peek(n = 0) {
    return this.input[this.pos + n]
  }
  startsWith(s: string) {
    return this.input.startsWith(s, this.pos)
  }
  done() {
    return this.pos >= this.input.length
  }
  fail(expecting: string): never {
    const at = this.done() ? 'end of input' : `"${this.input[this.pos]}"`
    throw badQuery(
      `"failed to parse ${this.what} (${this.input})" (line 1, column ${this.pos + 1})`,
      `unexpected ${at} expecting ${expecting}`,
    )
  }
  expect(ch: string) {
    if (this.peek() !== ch) this.fail(`"${ch}"`)
    this.pos++
  }
  /** An identifier: a quoted name or a run of characters other than the grammar's punctuation. */
  name(): string {
    if (this.peek() === '"') return this.quoted()
    const start = this.pos
    while (!this.done()) {
      const ch = this.peek()!
      if (NAME_STOP.has(ch)) break
      if (ch === '-' && this.peek(1) === '>') break
      this.pos++
    }
    if (this.pos === start) this.fail('field name')
    return this.input.slice(start, this.pos)
  }
  quoted(): string {
    this.expect('"')
    let out = ''
    while (!this.done() && this.peek() !== '"') {
      if (this.peek() === '\\' && this.pos + 1 < this.input.length) this.pos++
      out += this.peek()
      this.pos++
    }
    this.expect('"')
    return out
  }
  jsonPath(): JsonStep[] {
    const path: JsonStep[] = []
    while (this.startsWith('->')) {
      const arrow = this.startsWith('->>') ? '->>' : '->'
      this.pos += arrow.length
      const quoted = this.peek() === '"'
      const key = this.name()
      path.push({ arrow, key, index: !quoted && /^-?\d+$/.test(key) })
    }
    return path
  }
}

const AGGREGATES = new Set(['count', 'sum', 'avg', 'max', 'min'])

function aggregateError(): ApiError {
  return new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
}

/** `select=` grammar (§3.2). */
export function parseSelect(raw: string): SelectItem[] {
  // Whitespace outside double quotes is insignificant (postgrest-js strips it too).
  const input = raw.replace(
    /("(?:[^"\\]|\\.)*")|\s+/g,
    (_m, quoted: string | undefined) => quoted ?? '',
  )
  const c = new Cursor(input, 'select parameter')
  if (input === '') return []
  const items = selectList(c)
  if (!c.done()) c.fail('"," or end of input')
  return items
}

function selectList(c: Cursor): SelectItem[] {
  const items: SelectItem[] = []
  for (;;) {
    items.push(selectItem(c))
    if (c.peek() === ',') {
      c.pos++
      continue
    }
    return items
  }
}

function selectItem(c: Cursor): SelectItem {
  if (c.startsWith('...')) {
    c.pos += 3
    const name = c.name()
    const { hint, joinType } = hints(c)
    c.expect('(')
    const children = c.peek() === ')' ? [] : selectList(c)
    c.expect(')')
    return { kind: 'embed', name, hint, joinType, spread: true, children }
  }
  if (c.peek() === '*') {
    c.pos++
    return { kind: 'star' }
  }
  let name = c.name()
  let alias: string | undefined
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++
    alias = name
    if (c.startsWith('...')) c.fail('field name')
    name = c.name()
  }
  if (c.peek() === '!' || c.peek() === '(') {
    if (c.peek() === '(' && c.peek(1) === ')' && AGGREGATES.has(name)) throw aggregateError()
    const { hint, joinType } = hints(c)
    c.expect('(')
    const children = c.peek() === ')' ? [] : selectList(c)
    c.expect(')')
    return { kind: 'embed', name, alias, hint, joinType, spread: false, children }
  }
  const path = c.jsonPath()
  if (c.peek() === '.') {
    // `amount.sum()`: aggregates are disabled on Supabase.
    throw aggregateError()
  }
  let cast: string | undefined
  if (c.startsWith('::')) {
    c.pos += 2
    const start = c.pos
    while (!c.done() && /[A-Za-z0-9_]/.test(c.peek()!)) c.pos++
    cast = c.input.slice(start, c.pos)
    if (!cast) c.fail('cast type')
  }
  return { kind: 'column', field: { name, path }, alias, cast }
}

function hints(c: Cursor): { hint?: string; joinType?: 'inner' | 'left' } {
  let hint: string | undefined
  let joinType: 'inner' | 'left' | undefined
  while (c.peek() === '!') {
    c.pos++
    const h = c.name()
    if (h === 'inner' || h === 'left') joinType = h
    else if (hint === undefined) hint = h
    else c.fail('"inner" or "left"')
  }
  return { hint, joinType }
}

/** A column reference with an optional JSON path: `data->a->>b`. */
export function parseField(input: string, what = 'filter'): Field {
  const c = new Cursor(input, what)
  const name = c.name()
  const path = c.jsonPath()
  if (!c.done()) c.fail('"->" or end of input')
  return { name, path }
}

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

export function parseNonNegativeInt(name: string, value: string): number {
  if (!/^\d+$/.test(value) || value.length > 15) {
    throw badQuery(
      `"failed to parse ${name} parameter (${value})" (line 1, column 1)`,
      'expecting digit',
    )
  }
  return Number(value)
}

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  tx?: 'commit' | 'rollback'
  maxAffected?: number
  params?: 'single-object'
  /** Tokens understood (echoed in Preference-Applied). */
  applied: string[]
  invalid: string[]
}

const PREFER_VALUES: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
  params: ['single-object'],
}

export function parsePrefer(header: string | null): Preferences {
  const prefs: Preferences = { applied: [], invalid: [] }
  if (!header) return prefs
  for (const token of header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const eq = token.indexOf('=')
    const key = eq === -1 ? token : token.slice(0, eq).trim()
    const val = eq === -1 ? '' : token.slice(eq + 1).trim()
    if (key === 'max-affected' && /^\d+$/.test(val)) {
      prefs.maxAffected = Number(val)
      prefs.applied.push(token)
      continue
    }
    if (key === 'timezone') continue
    const allowed = PREFER_VALUES[key]
    if (!allowed || !allowed.includes(val)) {
      prefs.invalid.push(token)
      continue
    }
    ;(prefs as unknown as Record<string, string>)[key] = val
    prefs.applied.push(token)
  }
  return prefs
}

export type MediaType = 'json' | 'object' | 'csv' | 'openapi'

export interface Accepted {
  type: MediaType
  stripNulls: boolean
}

/** Picks the first supported media type of an Accept header (406 PGRST107 when none is). */
export function negotiate(accept: string | null): Accepted {
  if (!accept || accept.trim() === '') return { type: 'json', stripNulls: false }
  for (const raw of accept.split(',')) {
    const [mime = '', ...params] = raw.split(';').map((s) => s.trim().toLowerCase())
    const stripNulls = params.includes('nulls=stripped')
    switch (mime) {
      case '*/*':
      case 'application/*':
      case 'application/json':
      case 'application/vnd.pgrst.array+json':
        return { type: 'json', stripNulls }
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { type: 'object', stripNulls }
      case 'text/csv':
        return { type: 'csv', stripNulls: false }
      case 'application/openapi+json':
        return { type: 'openapi', stripNulls: false }
    }
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${accept}`)
}
