// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { keepUnchanged, sameData } from '@/features/catalogue/keep-unchanged'

describe('sameData', () => {
  it('compares what JSON holds, key order aside', () => {
    expect(sameData({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true)
    expect(sameData({ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'y' }] })).toBe(false)
    expect(sameData({ a: 1 }, { a: 1, b: null })).toBe(false)
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false)
    expect(sameData([1, 2], [1, 2, 3])).toBe(false)
    expect(sameData([], {})).toBe(false)
    expect(sameData(null, {})).toBe(false)
    expect(sameData('1', 1)).toBe(false)
  })
})

describe('keepUnchanged', () => {
  const shown = [
    { id: 'a', stock: 3, sizes: ['S', 'M'] },
    { id: 'b', stock: 5, sizes: ['M'] },
    { id: 'c', stock: 0, sizes: [] },
  ]
  const copy = () => shown.map((item) => structuredClone(item))

  it('hands back the shown list when nothing in the new one changed', () => {
    expect(keepUnchanged(shown, copy())).toBe(shown)
  })

  it('keeps each unchanged item and takes the changed one', () => {
    const next = copy()
    next[1]!.stock = 4
    const kept = keepUnchanged(shown, next)
    expect(kept).not.toBe(shown)
    expect(kept[0]).toBe(shown[0])
    expect(kept[1]).toBe(next[1])
    expect(kept[2]).toBe(shown[2])
  })

  it('follows the new list: its order, what was added and what went', () => {
    const next = [copy()[2]!, { id: 'd', stock: 1, sizes: [] }, copy()[0]!]
    const kept = keepUnchanged(shown, next)
    expect(kept.map((item) => item.id)).toEqual(['c', 'd', 'a'])
    expect(kept[0]).toBe(shown[2])
    expect(kept[1]).toBe(next[1])
    expect(kept[2]).toBe(shown[0])
    // The same items in another order are a new list.
    expect(keepUnchanged(shown, [copy()[1]!, copy()[0]!, copy()[2]!])).not.toBe(shown)
  })

  it('takes the new list as it is when nothing was shown', () => {
    const next = copy()
    expect(keepUnchanged([], next)).toBe(next)
  })
})
