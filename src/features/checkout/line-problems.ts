import { formatPrice, type Currency } from '@/lib/money'
import type { ConflictLine, LineProblem, Quote } from './checkout-types'

/** What the database says about one cart line right now (from quote_order or a 409 on placing). */
export interface LineState {
  problem: LineProblem | null
  available: number
  unitPrice: number | null
}

interface CartLineKey {
  productId: string
  quantity: number
}

/**
 * What the database said about each cart line (by position): from the latest quote that priced the
 * same product in the same quantity (so a line keeps its message while the cart is asked about again
 * after another line changed), and a conflict answer to placing the order over that.
 */
export function lineStates(
  cart: readonly CartLineKey[],
  quote: Quote | null,
  conflict: ConflictLine[] = [],
): Map<number, LineState> {
  const states = new Map<number, LineState>()
  cart.forEach((line, index) => {
    const quoted = quote?.lines.find(
      (q) => q.productId === line.productId && q.quantity === line.quantity,
    )
    if (quoted) {
      states.set(index, {
        problem: quoted.problem,
        available: quoted.available,
        unitPrice: quoted.unitPrice,
      })
    }
    const refused = conflict.find((c) => c.productId === line.productId)
    if (refused) {
      states.set(index, {
        problem: refused.problem,
        available: refused.available,
        unitPrice: refused.unitPrice,
      })
    }
  })
  return states
}

export interface LineNotice {
  /** The line cannot be ordered as it is: the shopper must act before placing the order. */
  blocking: boolean
  message: string
  /** Offer "Change quantity to N" (there is some stock, not enough). */
  reduceTo?: number
}

interface CartLineLike {
  price: number
  quantity: number
  size?: unknown
  color?: unknown
}

/**
 * The plain-words message for a cart line, or null when all is well. Price changes are told but do not
 * block: the summary already shows the new price, which is what will be charged.
 */
export function lineNotice(
  cartLine: CartLineLike,
  state: LineState | undefined,
  currency: Currency,
): LineNotice | null {
  if (!state) return null
  switch (state.problem) {
    case 'unavailable':
      return { blocking: true, message: 'This item is no longer available.' }
    case 'sold_out':
      return { blocking: true, message: 'Sold out. Please remove it to continue.' }
    case 'insufficient_stock':
      return {
        blocking: true,
        message: `Only ${state.available} left. You asked for ${cartLine.quantity}.`,
        reduceTo: state.available,
      }
    case 'invalid_size':
      return {
        blocking: true,
        message: `Size ${String(cartLine.size ?? '')} is no longer available for this item.`,
      }
    case 'invalid_color':
      return {
        blocking: true,
        message: `Colour ${String(cartLine.color ?? '')} is no longer available for this item.`,
      }
    // Sold by size, and the line names none (added by the assistant, or before sizes were counted).
    case 'size_required':
      return {
        blocking: true,
        message: 'Please choose a size for this item in your cart.',
      }
    default:
      break
  }
  if (state.unitPrice !== null && state.unitPrice !== cartLine.price) {
    return {
      blocking: false,
      message: `Price changed from ${formatPrice(cartLine.price, currency)} to ${formatPrice(state.unitPrice, currency)}.`,
    }
  }
  return null
}
