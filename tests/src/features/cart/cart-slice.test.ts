import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import {
  addItem,
  cartSlice,
  changeOptions,
  chooseSize,
  clearCart,
  closeCart,
  MAX_LINE_QUANTITY,
  openCart,
  removeItem,
  selectCartCount,
  selectCartItems,
  selectCartOpen,
  selectCartTotal,
  setQuantity,
} from '@/features/cart/cart-slice'

const tee = { productId: 'mens-tee-001', name: 'Cotton Tee', price: 6300, image: '/p/tee.svg' }
const tote = { productId: 'bags-001', name: 'Leather Tote', price: 12_600 }
const reduce = cartSlice.reducer

describe('cart', () => {
  it('starts empty and closed', () => {
    const store = makeStore()
    expect(selectCartItems(store.getState())).toEqual([])
    expect(selectCartOpen(store.getState())).toBe(false)
  })

  it('appends a new item with quantity 1 by default, keeping extra product fields', () => {
    const state = reduce(undefined, addItem({ ...tee, brand: 'Luxe', sizes: ['M'] }))
    expect(state.items).toEqual([
      { ...tee, id: tee.productId, quantity: 1, brand: 'Luxe', sizes: ['M'] },
    ])
  })

  it('appends a new item with the given quantity and its own id, falling back to an empty image', () => {
    const state = reduce(undefined, addItem({ ...tote, id: 'bags-001-1700000000', quantity: 3 }))
    expect(state.items).toEqual([{ ...tote, id: 'bags-001-1700000000', image: '', quantity: 3 }])
  })

  it('names the size of a line added without one, and never changes a chosen size', () => {
    let state = reduce(undefined, addItem(tee))
    state = reduce(state, chooseSize({ productId: tee.productId, size: ' M ' }))
    expect(state.items[0]?.size).toBe('M')
    state = reduce(state, chooseSize({ productId: tee.productId, size: 'L' }))
    expect(state.items[0]?.size).toBe('M')
    state = reduce(state, chooseSize({ productId: 'unknown', size: 'L' }))
    expect(state.items).toHaveLength(1)
    const blank = reduce(
      reduce(undefined, addItem(tote)),
      chooseSize({ productId: tote.productId, size: '  ' }),
    )
    expect(blank.items[0]?.size).toBeUndefined()
  })

  it('merges by productId, adding the given quantity (default 1)', () => {
    let state = reduce(undefined, addItem(tee))
    state = reduce(state, addItem(tee))
    state = reduce(state, addItem({ ...tee, quantity: 3 }))
    expect(state.items).toHaveLength(1)
    expect(state.items[0]?.quantity).toBe(5)
  })

  it('refuses malformed additions instead of storing a bad line', () => {
    let state = reduce(undefined, addItem({ ...tee, quantity: 0 }))
    state = reduce(state, addItem({ ...tee, quantity: -2 }))
    state = reduce(state, addItem({ ...tee, quantity: 1.5 }))
    state = reduce(state, addItem({ ...tee, price: Number.NaN }))
    state = reduce(state, addItem({ ...tee, productId: '' }))
    expect(state.items).toEqual([])
  })

  it('caps a line at the sanity ceiling', () => {
    let state = reduce(undefined, addItem({ ...tee, quantity: MAX_LINE_QUANTITY }))
    state = reduce(state, addItem(tee))
    expect(state.items[0]?.quantity).toBe(MAX_LINE_QUANTITY)
  })

  it('removes by productId', () => {
    let state = reduce(undefined, addItem(tee))
    state = reduce(state, addItem(tote))
    state = reduce(state, removeItem(tee.productId))
    expect(state.items.map((line) => line.productId)).toEqual([tote.productId])
  })

  it('sets a quantity, and removes the line at 0 or less', () => {
    let state = reduce(undefined, addItem(tee))
    state = reduce(state, addItem(tote))
    state = reduce(state, setQuantity({ productId: tee.productId, quantity: 4 }))
    expect(state.items[0]?.quantity).toBe(4)
    state = reduce(state, setQuantity({ productId: tee.productId, quantity: 0 }))
    expect(state.items.map((line) => line.productId)).toEqual([tote.productId])
    state = reduce(state, setQuantity({ productId: tote.productId, quantity: -1 }))
    expect(state.items).toEqual([])
  })

  it('ignores NaN and rounds a fractional quantity down (0.5 removes)', () => {
    let state = reduce(undefined, addItem({ ...tee, quantity: 2 }))
    state = reduce(state, setQuantity({ productId: tee.productId, quantity: Number.NaN }))
    expect(state.items[0]?.quantity).toBe(2)
    state = reduce(state, setQuantity({ productId: tee.productId, quantity: 3.7 }))
    expect(state.items[0]?.quantity).toBe(3)
    state = reduce(state, setQuantity({ productId: tee.productId, quantity: 0.5 }))
    expect(state.items).toEqual([])
  })

  it('clears, opens and closes', () => {
    const store = makeStore()
    store.dispatch(addItem(tee))
    store.dispatch(openCart())
    expect(selectCartOpen(store.getState())).toBe(true)
    store.dispatch(clearCart())
    expect(selectCartItems(store.getState())).toEqual([])
    store.dispatch(closeCart())
    expect(selectCartOpen(store.getState())).toBe(false)
  })

  it('counts the sum of quantities and totals price times quantity', () => {
    const store = makeStore()
    store.dispatch(addItem({ ...tee, quantity: 2 }))
    store.dispatch(addItem(tote))
    expect(selectCartCount(store.getState())).toBe(3)
    expect(selectCartTotal(store.getState())).toBe(2 * 6300 + 12_600)
  })
})

describe('cart: lines that can be bought', () => {
  const gown = { productId: 'dress-006', name: 'Silk Evening Gown', price: 38_500 }
  const offered = { sizes: ['S', 'M', 'L'], colors: ['Emerald', 'Black'] }

  it.each([
    ['no size', { color: 'Black' }],
    ['no colour', { size: 'M' }],
    ['a size it is not sold in', { size: 'XXL', color: 'Black' }],
    ['a colour it is not sold in', { size: 'M', color: 'Red' }],
  ])('refuses a line with %s when the product is sold by size and colour', (_what, options) => {
    const state = reduce(undefined, addItem({ ...gown, ...options, offered }))
    expect(state.items).toEqual([])
  })

  it('keeps a line with its size and colour, without the list of what is offered', () => {
    const state = reduce(undefined, addItem({ ...gown, size: 'M', color: 'Black', offered }))
    expect(state.items).toEqual([
      { ...gown, id: 'dress-006', image: '', quantity: 1, size: 'M', color: 'Black' },
    ])
  })

  it('needs neither for a one-size product in one colour', () => {
    const state = reduce(
      undefined,
      addItem({ ...tote, offered: { sizes: ['One Size'], colors: ['Cognac'] } }),
    )
    expect(state.items).toHaveLength(1)
  })

  it('changes the size or colour of a line only to one the product is sold in', () => {
    let state = reduce(undefined, addItem({ ...gown, size: 'M', color: 'Black', offered }))
    state = reduce(state, changeOptions({ productId: 'dress-006', size: 'L', offered }))
    expect(state.items[0]).toMatchObject({ size: 'L', color: 'Black' })
    state = reduce(state, changeOptions({ productId: 'dress-006', color: 'Emerald', offered }))
    expect(state.items[0]).toMatchObject({ size: 'L', color: 'Emerald' })
    state = reduce(state, changeOptions({ productId: 'dress-006', size: 'XXL', offered }))
    state = reduce(state, changeOptions({ productId: 'dress-006', color: 'Red', offered }))
    expect(state.items[0]).toMatchObject({ size: 'L', color: 'Emerald' })
  })
})
