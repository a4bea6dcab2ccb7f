/**
 * The types of PostgREST's query language and the `select` grammar. Parsing only: names are checked
 * against the schema cache when the request is planned. Anything malformed is a PGRST100. Filters,
 * logic trees and `order` are in filter-parser.ts.
 */
import { badQuery } from './errors'

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

export type AggregateFn = 'sum' | 'avg' | 'max' | 'min' | 'count'

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column'
      /** `count()` alone selects the field `*`. */
      field: Field
      alias?: string
      /** Applied to the field, before any aggregate. */
      cast?: string
      aggregate?: AggregateFn
      /** Applied to the aggregate's result. */
      aggregateCast?: string
    }
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

const AGGREGATES: readonly AggregateFn[] = ['sum', 'avg', 'count', 'max', 'min']

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
  if (name === 'count' && c.startsWith('()')) {
    // `count()`: the rows of this level (or of each group).
    c.pos += 2
    const aggregateCast = castSuffix(c)
    return {
      kind: 'column',
      field: { name: '*', path: [] },
      alias,
      aggregate: 'count',
      aggregateCast,
    }
  }
  if (c.peek() === '!' || c.peek() === '(') {
    const { hint, joinType } = hints(c)
    c.expect('(')
    const children = c.peek() === ')' ? [] : selectList(c)
    c.expect(')')
    return { kind: 'embed', name, alias, hint, joinType, spread: false, children }
  }
  const path = c.jsonPath()
  const cast = castSuffix(c)
  // `field[::cast].sum()[::cast]`
  const aggregate = c.peek() === '.' ? AGGREGATES.find((f) => c.startsWith(`.${f}()`)) : undefined
  if (!aggregate) return { kind: 'column', field: { name, path }, alias, cast }
  c.pos += aggregate.length + 3
  const aggregateCast = castSuffix(c)
  return { kind: 'column', field: { name, path }, alias, cast, aggregate, aggregateCast }
}

/** An optional `::type` after a field or an aggregate. */
function castSuffix(c: Cursor): string | undefined {
  if (!c.startsWith('::')) return undefined
  c.pos += 2
  const start = c.pos
  while (!c.done() && /[A-Za-z0-9_]/.test(c.peek()!)) c.pos++
  const cast = c.input.slice(start, c.pos)
  if (!cast) c.fail('cast type')
  return cast
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
