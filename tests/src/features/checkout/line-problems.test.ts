// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { lineNotice, lineStates, type LineState } from '@/features/checkout/line-problems'
import type { Quote } from '@/features/checkout/checkout-types'

const cartLine = { price: 6300, quantity: 3, size: 'M', color: 'Emerald' }
const state = (over: Partial<LineState> = {}): LineState => ({
  problem: null,
  available: 10,
  unitPrice: 6300,
  ...over,
})

describe('per-line messages at checkout', () => {
  it('says nothing when the line is as it was', () => {
    expect(lineNotice(cartLine, state({}), 'KSH')).toBeNull()
    expect(lineNotice(cartLine, undefined, 'KSH')).toBeNull()
  })

  it('blocks sold-out, unavailable, too few left and dropped options, in plain words', () => {
    expect(lineNotice(cartLine, state({ problem: 'sold_out', available: 0 }), 'KSH')).toEqual({
      blocking: true,
      message: 'Sold out. Please remove it to continue.',
    })
    expect(lineNotice(cartLine, state({ problem: 'unavailable', available: 0 }), 'KSH')).toEqual({
      blocking: true,
      message: 'This item is no longer available.',
    })
    expect(
      lineNotice(cartLine, state({ problem: 'insufficient_stock', available: 2 }), 'KSH'),
    ).toEqual({
      blocking: true,
      message: 'Only 2 left. You asked for 3.',
      reduceTo: 2,
    })
    expect(lineNotice(cartLine, state({ problem: 'invalid_size' }), 'KSH')?.message).toBe(
      'Size M is no longer available for this item.',
    )
    expect(lineNotice(cartLine, state({ problem: 'invalid_color' }), 'KSH')?.message).toBe(
      'Colour Emerald is no longer available for this item.',
    )
    expect(
      lineNotice({ ...cartLine, size: undefined }, state({ problem: 'size_required' }), 'KSH'),
    ).toEqual({
      blocking: true,
      message: 'Please choose a size for this item in your cart.',
    })
  })

  it('tells a new price in the chosen currency without blocking', () => {
    expect(lineNotice(cartLine, state({ unitPrice: 5600 }), 'KSH')).toEqual({
      blocking: false,
      message: 'Price changed from KSH 6,300 to KSH 5,600.',
    })
    expect(lineNotice(cartLine, state({ unitPrice: 7000 }), 'USD')?.message).toBe(
      'Price changed from $45.00 to $50.00.',
    )
  })

  it('takes lines from the quote that priced them, and a conflict answer over it', () => {
    const quote = {
      lines: [
        { line: 0, productId: 'a', quantity: 1, problem: null, available: 5, unitPrice: 6300 },
        {
          line: 1,
          productId: 'b',
          quantity: 3,
          problem: 'insufficient_stock',
          available: 2,
          unitPrice: 100,
        },
      ],
    } as unknown as Quote
    const cart = [
      { productId: 'a', quantity: 1 },
      { productId: 'b', quantity: 3 },
      { productId: 'c', quantity: 1 },
    ]
    const states = lineStates(cart, quote, [
      {
        line: 2,
        productId: 'c',
        problem: 'sold_out',
        available: 0,
        price: 100,
        discount: 0,
        unitPrice: 100,
      },
    ])
    expect(states.get(0)).toEqual({ problem: null, available: 5, unitPrice: 6300 })
    expect(states.get(1)).toEqual({ problem: 'insufficient_stock', available: 2, unitPrice: 100 })
    expect(states.get(2)).toEqual({ problem: 'sold_out', available: 0, unitPrice: 100 })
    // Once the quantity changes, that quote no longer speaks for the line.
    expect(lineStates([{ productId: 'b', quantity: 2 }], quote).get(0)).toBeUndefined()
  })
})
