import { describe, expect, it } from 'vitest'
import { seedKey } from '../../../build/prerender'
import { templateKey } from '../../support/test-db'

/**
 * The seed dates products from the start of the UTC day it runs: what is cached of a seeded database is
 * kept for that day only, or yesterday's dates would be taken for today's.
 */
describe('caches of the seeded database', () => {
  const lateToday = new Date('2026-11-28T23:54:00Z')
  const earlyToday = new Date('2026-11-28T00:01:00Z')
  const justAfterMidnight = new Date('2026-11-29T00:07:00Z')

  it("the prerender's catalogue: the same all day, another the next day", () => {
    const root = process.cwd()
    expect(seedKey(root, earlyToday)).toBe(seedKey(root, lateToday))
    expect(seedKey(root, justAfterMidnight)).not.toBe(seedKey(root, lateToday))
  })

  it("the tests' seeded template: the same all day, another the next day; an unseeded one kept", () => {
    const seeded = { migrations: true, seed: true }
    expect(templateKey(seeded, earlyToday)).toBe(templateKey(seeded, lateToday))
    expect(templateKey(seeded, justAfterMidnight)).not.toBe(templateKey(seeded, lateToday))
    const unseeded = { migrations: true, seed: false }
    expect(templateKey(unseeded, justAfterMidnight)).toBe(templateKey(unseeded, lateToday))
  })
})
