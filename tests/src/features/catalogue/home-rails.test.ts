// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { bestSellers, firstInOrder, newIn } from '@/features/catalogue/product/home-rails'
import type { Product } from '@/features/catalogue/types'
import { products } from './catalogue-fixture'

const lookup = (id: string) => products.find((product) => product.id === id)

describe('home rails', () => {
  it('"New in": new arrivals first, then the latest listed, none sold out', () => {
    const listed: Product[] = products.map((product, i) => ({
      ...product,
      newArrival: i === 0,
      stock: i === 1 ? 0 : product.stock,
    }))
    const rail = newIn(listed, 3)
    expect(rail).toHaveLength(3)
    expect(rail[0]!.id).toBe(listed[0]!.id)
    expect(rail.map((p) => p.id)).not.toContain(listed[1]!.id)
    expect(rail[1]!.createdAt >= rail[2]!.createdAt).toBe(true)
  })

  it('"Best sellers": the database’s ranking, keeping only products listed and in stock', () => {
    const [a, b, c] = products
    const ranked = ['gone-from-shop', c!.id, a!.id, b!.id]
    const withSoldOut = products.map((p) => (p.id === a!.id ? { ...p, stock: 0 } : p))
    const look = (id: string) => withSoldOut.find((p) => p.id === id)
    expect(bestSellers(withSoldOut, look, ranked, 2).map((p) => p.id)).toEqual([c!.id, b!.id])
  })

  it('"Best sellers" falls back to featured, then best rated, before (or without) an answer', () => {
    const rail = bestSellers(products, lookup, undefined, 2)
    expect(rail[0]!.featured).toBe(true)
    expect(bestSellers(products, lookup, [], 2)).toEqual(rail)
  })

  it('picks the first few in order as a stable sort would, ties in their listed order', () => {
    let seed = 7
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    for (let round = 0; round < 200; round++) {
      const items = Array.from({ length: Math.floor(random() * 40) }, (_, at) => ({
        at,
        key: Math.floor(random() * 6),
      }))
      const order = (a: { key: number }, b: { key: number }) => b.key - a.key
      for (const count of [0, 1, 4, 10, 50]) {
        expect(firstInOrder(items, count, order)).toEqual([...items].sort(order).slice(0, count))
      }
    }
  })
})
