import type { Product } from '../types'
import { compareText } from '@/lib/compare-text'

/** Products per rail on the home page. */
export const railSize = 4

/**
 * The first `count` of `items` in `order`, as a stable sort would give them, without sorting the rest: a
 * rail needs four products of a whole catalogue, on a cheap phone's start-up path.
 */
export function firstInOrder<T>(
  items: readonly T[],
  count: number,
  order: (a: T, b: T) => number,
): T[] {
  const chosen: T[] = []
  if (count <= 0) return chosen
  for (const item of items) {
    if (chosen.length === count && order(item, chosen[count - 1]!) >= 0) continue
    let at = chosen.length
    while (at > 0 && order(item, chosen[at - 1]!) < 0) at--
    chosen.splice(at, 0, item)
    if (chosen.length > count) chosen.pop()
  }
  return chosen
}

const inStock = (product: Product) => product.stock > 0

/** The newest listings in stock, newest first (new arrivals before the rest). */
export function newIn(products: readonly Product[], count = railSize): Product[] {
  return firstInOrder(
    products.filter(inStock),
    count,
    (a, b) =>
      Number(b.newArrival) - Number(a.newArrival) ||
      compareText(b.createdAt, a.createdAt) ||
      compareText(a.id, b.id),
  )
}

/**
 * The best sellers as the database ranked them (ids it knows the shop still lists), or, before its
 * answer or without one (offline), the featured and best-rated products in stock.
 */
export function bestSellers(
  products: readonly Product[],
  lookup: (id: string) => Product | undefined,
  rankedIds: readonly string[] | undefined,
  count = railSize,
): Product[] {
  if (rankedIds) {
    const ranked = rankedIds
      .map(lookup)
      .filter((product): product is Product => product !== undefined && product.stock > 0)
    if (ranked.length > 0) return ranked.slice(0, count)
  }
  return firstInOrder(
    products.filter(inStock),
    count,
    (a, b) =>
      Number(b.featured) - Number(a.featured) || b.rating - a.rating || compareText(a.id, b.id),
  )
}
