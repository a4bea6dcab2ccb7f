import {
  hasForbiddenKey,
  isNonEmptyString,
  isPrice,
  isRecord,
  safeImageUrl,
  toSafeJson,
} from '@/lib/storage/json-guards'
import { addItem, cartSlice, MAX_LINE_QUANTITY, type CartItem, type CartState } from './cart-slice'

/** More lines than any real cart; a longer saved list is cut here. */
const MAX_LINES = 200

function optionalText(value: unknown): string | undefined | null {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'string' && value.length <= 100) return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}

/** One saved line, checked field by field; null when it cannot be trusted. */
export function toCartItem(value: unknown): CartItem | null {
  if (!isRecord(value) || hasForbiddenKey(value)) return null
  const { id, productId, name, price, quantity, image, size, color, ...extra } = value
  if (!isNonEmptyString(productId, 200) || !isNonEmptyString(name) || !isPrice(price)) return null
  if (
    typeof quantity !== 'number' ||
    !Number.isInteger(quantity) ||
    quantity < 1 ||
    quantity > MAX_LINE_QUANTITY
  )
    return null
  if (id !== undefined && !isNonEmptyString(id, 300)) return null
  if (image !== undefined && image !== null && typeof image !== 'string') return null
  const sizeText = optionalText(size)
  const colorText = optionalText(color)
  if (sizeText === null || colorText === null) return null
  const safeExtra = toSafeJson(extra)
  if (!isRecord(safeExtra)) return null
  return {
    ...safeExtra,
    id: id ?? productId,
    productId,
    name,
    price,
    quantity,
    image: safeImageUrl(image),
    ...(sizeText ? { size: sizeText } : {}),
    ...(colorText ? { color: colorText } : {}),
  }
}

/**
 * The saved cart as the store can use it: bad lines are dropped, the good ones kept; lines saved twice
 * for one product are merged. Null when the shape itself is wrong.
 */
export function validateSavedCart(saved: Record<string, unknown>): Pick<CartState, 'items'> | null {
  if (!Array.isArray(saved.items)) return null
  const lines = saved.items
    .slice(0, MAX_LINES)
    .map(toCartItem)
    .filter((line): line is CartItem => line !== null)
  const { items } = lines.reduce(
    (state, line) => cartSlice.reducer(state, addItem(line)),
    cartSlice.getInitialState(),
  )
  return { items }
}

/**
 * The saved cart plus whatever was added before it had been read (a slow device): nothing the shopper
 * did is lost, and lines for the same product add up.
 */
export function mergeSavedCart(saved: Partial<CartState>, current: CartState): CartState {
  return current.items.reduce((state, line) => cartSlice.reducer(state, addItem(line)), {
    ...current,
    items: saved.items ?? [],
  })
}
