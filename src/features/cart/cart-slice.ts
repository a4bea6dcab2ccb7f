import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/** A cart line (spec §3). Extra product fields passed when adding are kept as they are. */
export interface CartItem {
  id: string
  productId: string
  name: string
  /** Unit price in whole KES, as shown when added; the database decides the charged price. */
  price: number
  quantity: number
  image: string
  size?: string
  color?: string
  [extra: string]: unknown
}

/** What callers pass to `addItem`: a product, optionally with a line id, image and quantity. */
export interface CartItemInput {
  productId: string
  name: string
  price: number
  id?: string
  image?: string
  quantity?: number
  size?: string
  color?: string
  /**
   * The sizes and colours the product is sold in, when the caller knows them: a line that would lack a
   * size or colour among them (or name one it is not sold in) is refused. Not stored on the line.
   */
  offered?: { sizes: readonly string[]; colors: readonly string[] }
  [extra: string]: unknown
}

export interface CartState {
  items: CartItem[]
  isOpen: boolean
}

export const initialCartState: CartState = { items: [], isOpen: false }

/**
 * A sanity ceiling per line, not a stock rule (the database decides stock). It keeps a stray
 * `quantity: 1e9` from the assistant or a saved cart from reaching checkout.
 */
export const MAX_LINE_QUANTITY = 999

const isAddableQuantity = (quantity: number) => Number.isInteger(quantity) && quantity >= 1
const isUnitPrice = (price: number) => Number.isFinite(price) && price >= 0
const realSizes = (sizes: readonly string[]) => sizes.filter((size) => !/^one size$/i.test(size))

/** A line for a product sold in sizes or colours names one of each that the product is sold in. */
export function hasRequiredOptions(
  line: { size?: string | undefined; color?: string | undefined },
  offered: { sizes: readonly string[]; colors: readonly string[] },
): boolean {
  const sizes = realSizes(offered.sizes)
  if (sizes.length > 0 && !(line.size && sizes.includes(line.size))) return false
  if (offered.colors.length > 1 && !(line.color && offered.colors.includes(line.color)))
    return false
  return true
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    addItem(state, action: PayloadAction<CartItemInput>) {
      const { quantity = 1, offered, ...product } = action.payload
      // A malformed line (no id, a negative or fractional quantity, a NaN price) is refused whole.
      if (!product.productId || !isAddableQuantity(quantity) || !isUnitPrice(product.price)) return
      // So is a line that could not be bought: sold by size or colour, without one.
      if (offered && !hasRequiredOptions(product, offered)) return
      const existing = state.items.find((line) => line.productId === product.productId)
      if (existing) {
        existing.quantity = Math.min(existing.quantity + quantity, MAX_LINE_QUANTITY)
        return
      }
      state.items.push({
        ...product,
        id: product.id ?? product.productId,
        image: product.image ?? '',
        quantity: Math.min(quantity, MAX_LINE_QUANTITY),
      })
    },
    removeItem(state, action: PayloadAction<string>) {
      state.items = state.items.filter((line) => line.productId !== action.payload)
    },
    setQuantity(state, action: PayloadAction<{ productId: string; quantity: number }>) {
      const { productId, quantity } = action.payload
      if (Number.isNaN(quantity)) return
      const whole = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY)
      if (whole <= 0) {
        state.items = state.items.filter((line) => line.productId !== productId)
        return
      }
      const line = state.items.find((item) => item.productId === productId)
      if (line) line.quantity = whole
    },
    /**
     * Names the size of a line that has none (the assistant adds products without one; checkout asks
     * for it). A line that already has its size keeps it: another size is another choice on its page.
     */
    chooseSize(state, action: PayloadAction<{ productId: string; size: string }>) {
      const { productId, size } = action.payload
      const line = state.items.find((item) => item.productId === productId)
      if (line && !line.size && size.trim()) line.size = size.trim()
    },
    /**
     * Another size or colour for a line (the assistant, on the shopper's word). The product's own sizes
     * and colours decide what may be chosen; anything else leaves the line as it was.
     */
    changeOptions(
      state,
      action: PayloadAction<{
        productId: string
        size?: string
        color?: string
        offered: { sizes: readonly string[]; colors: readonly string[] }
      }>,
    ) {
      const { productId, size, color, offered } = action.payload
      const line = state.items.find((item) => item.productId === productId)
      if (!line) return
      if (size !== undefined && !realSizes(offered.sizes).includes(size)) return
      if (color !== undefined && !offered.colors.includes(color)) return
      if (size !== undefined) line.size = size
      if (color !== undefined) line.color = color
    },
    clearCart(state) {
      state.items = []
    },
    openCart(state) {
      state.isOpen = true
    },
    closeCart(state) {
      state.isOpen = false
    },
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartOpen: (state) => state.isOpen,
    selectCartCount: (state) => state.items.reduce((sum, line) => sum + line.quantity, 0),
    selectCartTotal: (state) =>
      state.items.reduce((sum, line) => sum + line.price * line.quantity, 0),
  },
})

export const {
  addItem,
  removeItem,
  setQuantity,
  chooseSize,
  changeOptions,
  clearCart,
  openCart,
  closeCart,
} = cartSlice.actions
export const { selectCartItems, selectCartOpen, selectCartCount, selectCartTotal } =
  cartSlice.selectors

declare module '@/lib/app-state' {
  interface AppState {
    cart: ReturnType<typeof cartSlice.reducer>
  }
}
