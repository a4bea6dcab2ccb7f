// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { seedKey } from '../../build/prerender'

describe("the prerender's cached catalogue", () => {
  it('is kept for a day: the seed dates products from the start of the day it runs (UTC)', () => {
    const root = process.cwd()
    const lateToday = seedKey(root, new Date('2026-11-28T23:54:00Z'))
    expect(seedKey(root, new Date('2026-11-28T00:01:00Z'))).toBe(lateToday)
    expect(seedKey(root, new Date('2026-11-29T00:07:00Z'))).not.toBe(lateToday)
  })
})
