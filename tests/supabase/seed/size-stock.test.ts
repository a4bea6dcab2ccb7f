/**
 * The seed's stock per size: clothing, shoes and kids' wear sell by size, with some sizes sold out; the
 * sizes the browser tests and the demo button buy are in stock; the loaded database agrees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoItems } from '@/features/home/demo-items'
import type { LocalDb } from '../../../supabase/local/db'
import { products } from '../../../supabase/seed/catalogue'
import { splitStock } from '../../../supabase/seed/define'
import { freshDb } from '../../support/test-db'

const sized = products.filter((p) => p.sizeStock)

describe('stock per size in the catalogue data', () => {
  it('is there for clothing, shoes and kids with more than one size, and nowhere else', () => {
    const expected = products.filter(
      (p) => ['women', 'men', 'kids', 'shoes'].includes(p.category) && p.sizes.length > 1,
    )
    expect(sized.map((p) => p.id)).toEqual(expected.map((p) => p.id))
    expect(sized.length).toBeGreaterThan(100)
    expect(sized.some((p) => p.sizes.includes('One Size'))).toBe(false)
  })

  it('lists every size of the product, in its order, and adds up to its stock', () => {
    for (const p of sized) {
      expect({ id: p.id, sizes: Object.keys(p.sizeStock!) }).toEqual({ id: p.id, sizes: p.sizes })
      const sum = Object.values(p.sizeStock!).reduce((a, b) => a + b, 0)
      expect({ id: p.id, sum }).toEqual({ id: p.id, sum: p.stock })
    }
  })

  it('has sizes sold out in many products, but never every size of one in stock', () => {
    const withGaps = sized.filter((p) => p.stock > 0 && Object.values(p.sizeStock!).includes(0))
    expect(withGaps.length).toBeGreaterThan(sized.length / 3)
    const inStockButEmpty = sized.filter(
      (p) => p.stock > 0 && Object.values(p.sizeStock!).every((n) => n === 0),
    )
    expect(inStockButEmpty).toEqual([])
  })

  it('shares stock out the same way on every build', () => {
    expect(splitStock('dress-test', ['S', 'M', 'L'], 10)).toEqual(
      splitStock('dress-test', ['S', 'M', 'L'], 10),
    )
    expect(splitStock('none-left', ['S', 'M'], 0)).toEqual({ S: 0, M: 0 })
  })

  it('has the sizes the browser tests and the demo button buy in stock', () => {
    const stockOf = (id: string, size: string) =>
      products.find((p) => p.id === id)?.sizeStock?.[size] ?? 0
    // e2e/checkout.spec.ts buys dress-001 in S, M (twice) and L; e2e/shopping.spec.ts dress-006 in M.
    expect(stockOf('dress-001', 'S')).toBeGreaterThanOrEqual(3)
    expect(stockOf('dress-001', 'M')).toBeGreaterThanOrEqual(3)
    expect(stockOf('dress-001', 'L')).toBeGreaterThanOrEqual(3)
    expect(stockOf('dress-006', 'M')).toBeGreaterThanOrEqual(2)
    for (const item of demoItems) {
      const product = products.find((p) => p.id === item.productId)!
      if (product.sizeStock) expect(stockOf(item.productId, item.size ?? '')).toBeGreaterThan(0)
    }
  })
})

describe('stock per size in the seeded database', () => {
  let db: LocalDb
  beforeAll(async () => {
    db = await freshDb()
  })
  afterAll(async () => {
    await db?.close()
  })

  it('loads every size row, each product keeping its stock', async () => {
    const rows = await db.pg.query<{ id: string; stock: number; sizes: Record<string, number> }>(
      `select p.id, p.stock, json_object_agg(s.size, s.stock) as sizes
       from public.products p join public.product_sizes s on s.product_id = p.id
       group by p.id`,
    )
    expect(rows.rows).toHaveLength(sized.length)
    for (const row of rows.rows) {
      const seed = sized.find((p) => p.id === row.id)!
      expect(row).toEqual({ id: seed.id, stock: seed.stock, sizes: seed.sizeStock })
    }
  })
})
