import type { Product } from '../types'

/** What the shopper picked on the product page. */
export interface Selection {
  size?: string
  color?: string
  quantity: number
}

/** A product's only size or colour is chosen for the shopper: nothing to ask. */
export function initialSelection(product: Product): Selection {
  const selection: Selection = { quantity: 1 }
  if (product.sizes.length === 1) selection.size = product.sizes[0]
  if (product.colors.length === 1) selection.color = product.colors[0]
  return selection
}

export interface SelectionProblems {
  size?: 'Please choose a size'
  color?: 'Please choose a colour'
}

/** What is still to choose, per picker (both are shown at once). */
export function selectionProblems(product: Product, selection: Selection): SelectionProblems {
  const problems: SelectionProblems = {}
  if (product.sizes.length > 0 && !selection.size) problems.size = 'Please choose a size'
  if (product.colors.length > 0 && !selection.color) problems.color = 'Please choose a colour'
  return problems
}

/** Why the product cannot go to the cart yet (the first reason), or undefined when it can. */
export function selectionProblem(product: Product, selection: Selection): string | undefined {
  if (product.stock <= 0) return 'This item is sold out'
  const problems = selectionProblems(product, selection)
  return problems.size ?? problems.color
}

/** Quantities run from 1 to what is in stock (at most 10 per order line). */
export const maxQuantityPerLine = 10

export function maxQuantity(stock: number): number {
  return Math.max(1, Math.min(stock, maxQuantityPerLine))
}

export function clampQuantity(quantity: number, stock: number): number {
  if (!Number.isFinite(quantity)) return 1
  return Math.min(maxQuantity(stock), Math.max(1, Math.round(quantity)))
}

export const lowStockFrom = 5

export type StockState =
  | { kind: 'sold-out'; text: 'Sold out' }
  | { kind: 'low'; text: string }
  | { kind: 'in-stock'; text: 'In stock' }

export function stockState(stock: number): StockState {
  if (stock <= 0) return { kind: 'sold-out', text: 'Sold out' }
  if (stock <= lowStockFrom) return { kind: 'low', text: `Only ${stock} left` }
  return { kind: 'in-stock', text: 'In stock' }
}
