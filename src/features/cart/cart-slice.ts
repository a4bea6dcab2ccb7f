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

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    addItem(state, action: PayloadAction<CartItemInput>) {
      const { quantity = 1, ...product } = action.payload
      // A malformed line (no id, a negative or fractional quantity, a NaN price) is refused whole.
      if (!product.productId || !isAddableQuantity(quantity) || !isUnitPrice(product.price)) return
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

export const { addItem, removeItem, setQuantity, chooseSize, clearCart, openCart, closeCart } =
  cartSlice.actions
export const { selectCartItems, selectCartOpen, selectCartCount, selectCartTotal } =
  cartSlice.selectors
