import type { Product } from '../types'
import { compareText } from '@/lib/compare-text'

/** Products per rail on the home page. */
export const railSize = 4

/** The newest listings in stock, newest first (new arrivals before the rest). */
export function newIn(products: readonly Product[], count = railSize): Product[] {
  return products
    .filter((product) => product.stock > 0)
    .sort(
      (a, b) =>
        Number(b.newArrival) - Number(a.newArrival) ||
        compareText(b.createdAt, a.createdAt) ||
        compareText(a.id, b.id),
    )
    .slice(0, count)
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
  return products
    .filter((product) => product.stock > 0)
    .sort(
      (a, b) =>
        Number(b.featured) - Number(a.featured) || b.rating - a.rating || compareText(a.id, b.id),
    )
    .slice(0, count)
}
