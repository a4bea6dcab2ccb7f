import { combineSlices, configureStore } from '@reduxjs/toolkit'
import { affiliateSlice } from '@/features/affiliate/affiliate-slice'
import { authSlice } from '@/features/auth/auth-slice'
import { cartSlice } from '@/features/cart/cart-slice'
import { catalogueSlice, recentlyViewedSlice } from '@/features/catalogue/catalogue-slice'
import { currencySlice } from '@/features/currency/currency-slice'
import { outboxSlice } from '@/features/outbox/outbox-slice'
import { searchSlice } from '@/features/search/search-slice'
import { wishlistSlice } from '@/features/wishlist/wishlist-slice'
import { persistActionTypes, persistentStorageRequest, type Persistence } from './persist'
import { signOutCleanup } from './sign-out-cleanup'

/** Every slice of app-wide state. Slices that later features need are added here, in one place. */
const slices = [
  cartSlice,
  wishlistSlice,
  currencySlice,
  affiliateSlice,
  catalogueSlice,
  recentlyViewedSlice,
  searchSlice,
  authSlice,
  outboxSlice,
] as const

/** The state without saving to the device: the shape of RootState, and what plain test stores use. */
export const rootReducer = combineSlices(...slices)

export type RootState = ReturnType<typeof rootReducer>

export interface MakeStoreOptions {
  /** Save the persisted slices to the device (see persist.ts); tests pass a fake backend's persistence. */
  persistence?: Persistence
}

/**
 * A fresh store; tests pass their own preloaded state. With `persistence`, the saved slices are read
 * back and saved on every change once `persistence.start(store)` runs.
 */
export function makeStore(preloadedState?: Partial<RootState>, options: MakeStoreOptions = {}) {
  const { persistence } = options
  const reducer = persistence
    ? (combineSlices(...slices, persistence.reducers) as unknown as typeof rootReducer)
    : rootReducer
  return configureStore({
    reducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => {
      // The catalogue (hundreds of products, thousands in tests) is plain frozen data; walking it on
      // every action makes the development-only checks slower than the app.
      const middleware = getDefaultMiddleware({
        serializableCheck: {
          ignoredActions: persistActionTypes,
          ignoredPaths: ['catalogue'],
          ignoredActionPaths: ['payload.catalogue'],
        },
        immutableCheck: { ignoredPaths: ['catalogue'] },
      }).concat(signOutCleanup)
      return persistence ? middleware.concat(persistentStorageRequest()) : middleware
    },
  })
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
