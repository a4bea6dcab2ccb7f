import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/** A wishlist entry (spec §3): the productId plus whatever product fields were passed in. */
export interface WishlistItem {
  productId: string
  name?: string
  price?: number
  image?: string
  [extra: string]: unknown
}

export interface WishlistState {
  items: WishlistItem[]
  isOpen: boolean
}

export const initialWishlistState: WishlistState = { items: [], isOpen: false }

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: initialWishlistState,
  reducers: {
    addToWishlist(state, action: PayloadAction<WishlistItem>) {
      if (!action.payload.productId) return
      if (state.items.some((item) => item.productId === action.payload.productId)) return
      state.items.push(action.payload)
    },
    removeFromWishlist(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.productId !== action.payload)
    },
    toggleWishlist(state, action: PayloadAction<WishlistItem>) {
      if (!action.payload.productId) return
      const index = state.items.findIndex((item) => item.productId === action.payload.productId)
      if (index >= 0) state.items.splice(index, 1)
      else state.items.push(action.payload)
    },
    clearWishlist(state) {
      state.items = []
    },
    openWishlist(state) {
      state.isOpen = true
    },
    closeWishlist(state) {
      state.isOpen = false
    },
  },
  selectors: {
    selectWishlistItems: (state) => state.items,
    selectWishlistCount: (state) => state.items.length,
    selectWishlistOpen: (state) => state.isOpen,
    selectIsInWishlist: (state, productId: string) =>
      state.items.some((item) => item.productId === productId),
  },
})

export const {
  addToWishlist,
  removeFromWishlist,
  toggleWishlist,
  clearWishlist,
  openWishlist,
  closeWishlist,
} = wishlistSlice.actions
export const { selectWishlistItems, selectWishlistCount, selectWishlistOpen, selectIsInWishlist } =
  wishlistSlice.selectors

declare module '@/lib/app-state' {
  interface AppState {
    wishlist: ReturnType<typeof wishlistSlice.reducer>
  }
}
