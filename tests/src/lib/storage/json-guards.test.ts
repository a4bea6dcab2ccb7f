// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  canonicalJson,
  hasForbiddenKey,
  isNonEmptyString,
  isPrice,
  isRecord,
  parseStored,
  safeImageUrl,
  toSafeJson,
} from '@/lib/storage/json-guards'

describe('json guards', () => {
  it('accepts plain objects only', () => {
    expect(isRecord({})).toBe(true)
    expect(isRecord(Object.create(null))).toBe(true)
    expect(isRecord([])).toBe(false)
    expect(isRecord(null)).toBe(false)
    expect(isRecord(new Map())).toBe(false)
  })

  it('copies JSON data and refuses prototype keys, NaN and deep nesting', () => {
    expect(toSafeJson({ a: [1, 'x', null, { b: true }] })).toEqual({
      a: [1, 'x', null, { b: true }],
    })
    expect(toSafeJson(JSON.parse('{"__proto__":{"polluted":1}}'))).toBeUndefined()
    expect(toSafeJson({ nested: { constructor: 'x' } })).toBeUndefined()
    expect(toSafeJson({ n: Number.NaN })).toBeUndefined()
    let deep: unknown = 'bottom'
    for (let level = 0; level < 20; level++) deep = { deep }
    expect(toSafeJson(deep)).toBeUndefined()
  })

  it('parses stored text and tolerates objects and junk', () => {
    expect(parseStored('{"a":1}')).toEqual({ a: 1 })
    expect(parseStored({ a: 1 })).toEqual({ a: 1 })
    expect(parseStored('{not json')).toBeUndefined()
  })

  it('gives the same text whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe(
      canonicalJson({ a: { c: 3, d: 2 }, b: 1 }),
    )
    expect(canonicalJson(undefined)).toBe('null')
  })

  it('keeps same-site, http(s) and inline image addresses only', () => {
    expect(safeImageUrl('/products/dress.svg')).toBe('/products/dress.svg')
    expect(safeImageUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png')
    expect(safeImageUrl('data:image/svg+xml;base64,AAA')).toBe('data:image/svg+xml;base64,AAA')
    expect(safeImageUrl('javascript:alert(1)')).toBe('')
    expect(safeImageUrl('//evil.example/x.png')).toBe('')
    expect(safeImageUrl(42)).toBe('')
  })

  it('copies down to eight levels and no deeper, and refuses every bad part of a list', () => {
    const nest = (levels: number) => {
      let value: unknown = 'x'
      for (let i = 0; i < levels; i++) value = [value]
      return value
    }
    expect(toSafeJson(nest(8))).toEqual(nest(8))
    expect(toSafeJson(nest(9))).toBeUndefined()
    expect(toSafeJson([1, Number.POSITIVE_INFINITY])).toBeUndefined()
    expect(toSafeJson([1, () => 1])).toBeUndefined()
    expect(toSafeJson({ when: new Date(0) })).toBeUndefined()
    expect(toSafeJson({ a: undefined })).toBeUndefined()
    expect(toSafeJson(false)).toBe(false)
    expect(toSafeJson(0)).toBe(0)
    expect(hasForbiddenKey({ prototype: 1 })).toBe(true)
    expect(hasForbiddenKey({ proto: 1 })).toBe(false)
    expect(hasForbiddenKey({ a: 1, constructor: 1 })).toBe(true)
  })

  it('returns stored values that are not text as they are', () => {
    expect(parseStored(7)).toBe(7)
    expect(parseStored(null)).toBeNull()
  })

  it('sorts keys into one text', () => {
    expect(canonicalJson({ b: 1, a: 2, c: { z: 1, y: [{ b: 1, a: 2 }] } })).toBe(
      '{"a":2,"b":1,"c":{"y":[{"a":2,"b":1}],"z":1}}',
    )
    expect(canonicalJson({ a: 1, b: 2 })).toBe('{"a":1,"b":2}')
  })

  it('takes non-empty text up to its length, and prices that are finite and not negative', () => {
    expect(isNonEmptyString('x')).toBe(true)
    expect(isNonEmptyString('')).toBe(false)
    expect(isNonEmptyString(5)).toBe(false)
    expect(isNonEmptyString(['x'])).toBe(false)
    expect(isNonEmptyString('x'.repeat(500))).toBe(true)
    expect(isNonEmptyString('x'.repeat(501))).toBe(false)
    expect(isNonEmptyString('abc', 3)).toBe(true)
    expect(isNonEmptyString('abcd', 3)).toBe(false)
    expect(isPrice(0)).toBe(true)
    expect(isPrice(2800)).toBe(true)
    expect(isPrice(-1)).toBe(false)
    expect(isPrice(Number.POSITIVE_INFINITY)).toBe(false)
    expect(isPrice(Number.NaN)).toBe(false)
    expect(isPrice('2800')).toBe(false)
  })

  it('checks image addresses from their start, in any case, up to 2048 characters', () => {
    const long = `/p/${'a'.repeat(2045)}`
    expect(safeImageUrl(long)).toBe(long)
    expect(safeImageUrl(`${long}a`)).toBe('')
    expect(safeImageUrl('HTTP://cdn.example/x.png')).toBe('HTTP://cdn.example/x.png')
    expect(safeImageUrl('DATA:IMAGE/png;base64,AA')).toBe('DATA:IMAGE/png;base64,AA')
    expect(safeImageUrl('x https://cdn.example/x.png')).toBe('')
    expect(safeImageUrl('see data:image/png;base64,AA')).toBe('')
    expect(safeImageUrl('data:text/html,<b>x</b>')).toBe('')
    expect(safeImageUrl('https:/cdn.example')).toBe('')
    expect(safeImageUrl('products/x.png')).toBe('')
  })
})
