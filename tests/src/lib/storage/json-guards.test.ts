// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  canonicalJson,
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
})
