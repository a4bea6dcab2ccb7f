// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import {
  addToWishlist,
  clearWishlist,
  closeWishlist,
  openWishlist,
  removeFromWishlist,
  selectIsInWishlist,
  selectWishlistCount,
  selectWishlistItems,
  selectWishlistOpen,
  toggleWishlist,
} from '@/features/wishlist/wishlist-slice'
import { toWishlistItem, validateSavedWishlist } from '@/features/wishlist/wishlist-storage'

const watch = { productId: 'watch-001', name: 'Chronograph', price: 35_000, image: '/w.svg' }
const bag = { productId: 'bags-001', name: 'Tote', price: 12_600 }

describe('wishlist (spec §4)', () => {
  it('starts empty and closed, opens and closes', () => {
    const store = makeStore()
    expect(selectWishlistItems(store.getState())).toEqual([])
    expect(selectWishlistOpen(store.getState())).toBe(false)
    store.dispatch(openWishlist())
    expect(selectWishlistOpen(store.getState())).toBe(true)
    store.dispatch(closeWishlist())
    expect(selectWishlistOpen(store.getState())).toBe(false)
  })

  it('ignores an add when the productId is present, keeping the first entry', () => {
    const store = makeStore()
    store.dispatch(addToWishlist(watch))
    store.dispatch(addToWishlist({ ...watch, name: 'Other name' }))
    expect(selectWishlistItems(store.getState())).toEqual([watch])
    expect(selectWishlistCount(store.getState())).toBe(1)
  })

  it('removes by productId, toggles, checks membership, clears and counts', () => {
    const store = makeStore()
    store.dispatch(addToWishlist(watch))
    store.dispatch(toggleWishlist(bag))
    expect(selectIsInWishlist(store.getState(), bag.productId)).toBe(true)
    expect(selectWishlistCount(store.getState())).toBe(2)
    store.dispatch(toggleWishlist(bag))
    expect(selectIsInWishlist(store.getState(), bag.productId)).toBe(false)
    store.dispatch(removeFromWishlist(watch.productId))
    expect(selectWishlistCount(store.getState())).toBe(0)
    store.dispatch(addToWishlist(watch))
    store.dispatch(addToWishlist(bag))
    store.dispatch(clearWishlist())
    expect(selectWishlistItems(store.getState())).toEqual([])
  })

  it('ignores entries without a productId', () => {
    const store = makeStore()
    store.dispatch(addToWishlist({ productId: '' }))
    store.dispatch(toggleWishlist({ productId: '' }))
    expect(selectWishlistCount(store.getState())).toBe(0)
  })
})

describe('saved wishlist checks', () => {
  it('keeps entries with a productId and valid optional fields, drops the rest and repeats', () => {
    expect(
      validateSavedWishlist({
        items: [watch, watch, { productId: 'p', price: 'cheap' }, { name: 'no id' }, 42, bag],
      }),
    ).toEqual({ items: [watch, bag] })
  })

  it('drops entries with prototype keys', () => {
    expect(toWishlistItem(JSON.parse('{"productId":"p","__proto__":{"a":1}}'))).toBeNull()
    expect(toWishlistItem({ productId: 'p', meta: { constructor: 1 } })).toBeNull()
  })
})
