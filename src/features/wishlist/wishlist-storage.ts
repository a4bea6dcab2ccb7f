import {
  hasForbiddenKey,
  isNonEmptyString,
  isPrice,
  isRecord,
  safeImageUrl,
  toSafeJson,
} from '@/lib/storage/json-guards'
import {
  addToWishlist,
  wishlistSlice,
  type WishlistItem,
  type WishlistState,
} from './wishlist-slice'

const MAX_ITEMS = 500

/** One saved entry, checked; null when it cannot be trusted. */
export function toWishlistItem(value: unknown): WishlistItem | null {
  if (!isRecord(value) || hasForbiddenKey(value)) return null
  const { productId, name, price, image, ...extra } = value
  if (!isNonEmptyString(productId, 200)) return null
  if (name !== undefined && !isNonEmptyString(name)) return null
  if (price !== undefined && !isPrice(price)) return null
  if (image !== undefined && image !== null && typeof image !== 'string') return null
  const safeExtra = toSafeJson(extra)
  if (!isRecord(safeExtra)) return null
  return {
    ...safeExtra,
    productId,
    ...(name !== undefined ? { name } : {}),
    ...(price !== undefined ? { price } : {}),
    ...(typeof image === 'string' ? { image: safeImageUrl(image) } : {}),
  }
}

/** The saved wishlist with bad entries and repeats dropped; null when the shape is wrong. */
export function validateSavedWishlist(
  saved: Record<string, unknown>,
): Pick<WishlistState, 'items'> | null {
  if (!Array.isArray(saved.items)) return null
  const { items } = saved.items
    .slice(0, MAX_ITEMS)
    .map(toWishlistItem)
    .filter((item): item is WishlistItem => item !== null)
    .reduce(
      (state, item) => wishlistSlice.reducer(state, addToWishlist(item)),
      wishlistSlice.getInitialState(),
    )
  return { items }
}

/** Saved entries first, then any added before they were read. */
export function mergeSavedWishlist(
  saved: Partial<WishlistState>,
  current: WishlistState,
): WishlistState {
  return current.items.reduce((state, item) => wishlistSlice.reducer(state, addToWishlist(item)), {
    ...current,
    items: saved.items ?? [],
  })
}
