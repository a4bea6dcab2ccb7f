// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  clampQuantity,
  initialSelection,
  selectionProblem,
  selectionProblems,
  stockState,
} from '@/features/catalogue/product/selection'
import { products } from './catalogue-fixture'

const product = (id: string) => products.find((item) => item.id === id)!
const gown = product('dress-001') // sizes XS–L, colours Emerald and Black, 3 in stock
const cream = product('beauty-001') // One Size, one colour
const soldOut = product('tops-001') // stock 0

describe('product page pickers', () => {
  it('chooses a single size or colour for the shopper', () => {
    expect(initialSelection(cream)).toEqual({ quantity: 1, size: 'One Size', color: 'Natural' })
    expect(initialSelection(gown)).toEqual({ quantity: 1 })
  })

  it.each([
    ['nothing chosen', {}, 'Please choose a size'],
    ['only a colour', { color: 'Black' }, 'Please choose a size'],
    ['only a size', { size: 'M' }, 'Please choose a colour'],
    ['both', { size: 'M', color: 'Black' }, undefined],
  ])('with %s: %s', (_case, chosen, problem) => {
    expect(selectionProblem(gown, { quantity: 1, ...chosen })).toBe(problem)
  })

  it('lists every missing choice so each picker can say so', () => {
    expect(selectionProblems(gown, { quantity: 1 })).toEqual({
      size: 'Please choose a size',
      color: 'Please choose a colour',
    })
    expect(selectionProblems(gown, { quantity: 1, size: 'S', color: 'Black' })).toEqual({})
  })

  it('needs nothing where the product has no sizes or colours', () => {
    const plain = { ...gown, sizes: [], colors: [] }
    expect(selectionProblem(plain, { quantity: 1 })).toBeUndefined()
  })

  it('refuses a sold-out product whatever is chosen', () => {
    expect(selectionProblem(soldOut, { quantity: 1, size: 'S', color: 'Black' })).toBe(
      'This item is sold out',
    )
  })

  it.each([
    [0, 'sold-out', 'Sold out'],
    [1, 'low', 'Only 1 left'],
    [3, 'low', 'Only 3 left'],
    [5, 'low', 'Only 5 left'],
    [6, 'in-stock', 'In stock'],
  ] as const)('stock %i reads %s (%s)', (stock, kind, text) => {
    expect(stockState(stock)).toEqual({ kind, text })
  })

  it.each([
    [0, 20, 1],
    [-3, 20, 1],
    [2.6, 20, 3],
    [Number.NaN, 20, 1],
    [7, 3, 3],
    [50, 100, 10],
  ])('quantity %d with %i in stock becomes %i', (quantity, stock, expected) => {
    expect(clampQuantity(quantity, stock)).toBe(expected)
  })
})
