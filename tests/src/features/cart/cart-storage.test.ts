// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { cartSlice } from '@/features/cart/cart-slice'
import { mergeSavedCart, toCartItem, validateSavedCart } from '@/features/cart/cart-storage'

const line = { id: 'l1', productId: 'dress-001', name: 'Gown', price: 6300, quantity: 1, image: '' }

describe('saved cart checks', () => {
  it('keeps a good line with its extra fields, size and colour', () => {
    expect(toCartItem({ ...line, size: 32, color: 'Red', brand: 'Luxe' })).toEqual({
      ...line,
      size: '32',
      color: 'Red',
      brand: 'Luxe',
    })
  })

  it.each([
    ['no productId', { ...line, productId: undefined }],
    ['an empty name', { ...line, name: '' }],
    ['a negative price', { ...line, price: -1 }],
    ['an Infinity price', { ...line, price: Number.POSITIVE_INFINITY }],
    ['a numeric string quantity', { ...line, quantity: '2' }],
    ['a null quantity', { ...line, quantity: null }],
    ['an id that is a number', { ...line, id: 7 }],
    ['an image that is an object', { ...line, image: { src: '/x' } }],
    ['an extra field holding a function', { ...line, onAdd: () => {} }],
    ['an extra field holding a date', { ...line, added: new Date() }],
  ])('drops a line with %s', (_case, value) => {
    expect(toCartItem(value)).toBeNull()
  })

  it('drops a class instance or an array instead of a plain object', () => {
    class Line {
      productId = 'x'
      name = 'x'
      price = 1
      quantity = 1
    }
    expect(toCartItem(new Line())).toBeNull()
    expect(toCartItem([line])).toBeNull()
  })

  it('merges lines saved twice for one product and rejects a non-list', () => {
    expect(validateSavedCart({ items: [line, { ...line, id: 'l2', quantity: 2 }] })).toEqual({
      items: [{ ...line, quantity: 3 }],
    })
    expect(validateSavedCart({ items: { 0: line } })).toBeNull()
  })

  it('merges additions made before the saved cart was read', () => {
    const current = {
      ...cartSlice.getInitialState(),
      isOpen: true,
      items: [{ ...line, quantity: 2 }],
    }
    const saved = {
      items: [
        { ...line, quantity: 1 },
        { ...line, productId: 'bag', id: 'bag' },
      ],
    }
    expect(mergeSavedCart(saved, current)).toEqual({
      isOpen: true,
      items: [
        { ...line, quantity: 3 },
        { ...line, productId: 'bag', id: 'bag' },
      ],
    })
  })
})
