import { combineSlices, configureStore } from '@reduxjs/toolkit'
import { affiliateSlice } from '@/features/affiliate/affiliate-slice'
import { cartSlice } from '@/features/cart/cart-slice'
import { currencySlice } from '@/features/currency/currency-slice'
import { wishlistSlice } from '@/features/wishlist/wishlist-slice'

/** Every slice of app-wide state. Slices that later features need are added here, in one place. */
export const rootReducer = combineSlices(cartSlice, wishlistSlice, currencySlice, affiliateSlice)

export type RootState = ReturnType<typeof rootReducer>

/** A fresh store; tests pass their own preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
  })
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
