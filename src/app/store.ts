import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit'
import { affiliateSlice } from '@/features/affiliate/affiliate-slice'
import { authSlice } from '@/features/auth/auth-slice'
import { addItem, cartSlice } from '@/features/cart/cart-slice'
import { catalogueSlice, recentlyViewedSlice } from '@/features/catalogue/catalogue-slice'
import { checkoutSlice } from '@/features/checkout/checkout-slice'
import { currencySlice } from '@/features/currency/currency-slice'
import { outboxSlice } from '@/features/outbox/outbox-slice'
import { searchSlice } from '@/features/search/search-slice'
import { wishlistSlice } from '@/features/wishlist/wishlist-slice'
import type { AppState } from '@/lib/app-state'
import type { Persistence } from './persist'
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
  checkoutSlice,
] as const

const combineAll = () => combineSlices(...slices)
type CombinedReducer = ReturnType<typeof combineAll>
let plainReducer: CombinedReducer | undefined

/**
 * The state's reducer without saving to the device (what a prebuilt page's state is computed with).
 * Made on first use, not when the app's code is evaluated: making it runs every slice's reducer, which
 * was about a third of that evaluation, one of the longest tasks of a cheap phone's start-up.
 */
export function rootReducer(): CombinedReducer {
  plainReducer ??= combineAll()
  return plainReducer
}

/** Every part the features declare in AppState must be in the store, with the shape they expect. */
type HoldsAppState<State extends AppState> = State

export type RootState = HoldsAppState<ReturnType<CombinedReducer>>

/**
 * redux-persist's bookkeeping actions, which carry functions: the serializability check skips them.
 * Spelled out (tests/src/app/store.test.ts checks them against redux-persist) so that creating a store
 * does not load redux-persist: the saving code arrives after the first render (src/app/start.tsx).
 */
export const persistActionTypes = [
  'persist/FLUSH',
  'persist/REHYDRATE',
  'persist/PAUSE',
  'persist/PERSIST',
  'persist/PURGE',
  'persist/REGISTER',
]

/**
 * Asks the browser, once, at the first add to cart, to keep this site's storage under pressure: a cart
 * built offline is worth keeping. Browsers that grant it silently or not at all are both fine.
 */
function persistentStorageRequest(): Middleware {
  let asked = false
  return () => (next) => (action) => {
    if (!asked && addItem.match(action)) {
      asked = true
      void navigator.storage?.persist?.().catch(() => false)
    }
    return next(action)
  }
}

export interface MakeStoreOptions {
  /** Save the persisted slices to the device (see persist.ts); tests pass a fake backend's persistence. */
  persistence?: Persistence
}

/** How each store swaps its slice reducers for the saving ones (see `attachPersistence`). */
const persistenceHooks = new WeakMap<object, (persistence: Persistence) => void>()

/**
 * A fresh store; tests pass their own preloaded state. With `persistence` (or after
 * `attachPersistence`), the saved slices are read back and saved on every change once
 * `persistence.start(store)` runs.
 */
export function makeStore(preloadedState?: Partial<RootState>, options: MakeStoreOptions = {}) {
  // A reducer of its own per store: attaching persistence replaces slice reducers inside it.
  const reducer = combineAll()
  const attach = (persistence: Persistence) => {
    for (const [reducerPath, saving] of Object.entries(persistence.reducers)) {
      reducer.inject({ reducerPath, reducer: saving } as never, { overrideExisting: true })
    }
  }
  if (options.persistence) attach(options.persistence)
  const store = configureStore({
    reducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      // The catalogue (hundreds of products, thousands in tests) is plain frozen data; walking it on
      // every action makes the development-only checks slower than the app.
      getDefaultMiddleware({
        serializableCheck: {
          ignoredActions: persistActionTypes,
          ignoredPaths: ['catalogue'],
          ignoredActionPaths: ['payload.catalogue'],
        },
        immutableCheck: { ignoredPaths: ['catalogue'] },
      }).concat(signOutCleanup, persistentStorageRequest()),
  })
  persistenceHooks.set(store, attach)
  return store
}

/**
 * Makes a running store save its persisted slices from now on: the app creates its store without
 * persistence, renders, and attaches the saving code when it has arrived. What the shopper did
 * meanwhile (an add to cart) is merged with what was saved, as with any change made before the saved
 * state is read back. Call `persistence.start(store)` next.
 */
export function attachPersistence(store: object, persistence: Persistence): void {
  const attach = persistenceHooks.get(store)
  if (!attach) throw new Error('attachPersistence: not a store made by makeStore')
  attach(persistence)
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
