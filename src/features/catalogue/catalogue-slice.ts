import { createSelector, createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit'
import type { Brand, Catalogue, CatalogueStatus, Product } from './types'

export type { Brand, Catalogue, CatalogueStatus, Product } from './types'

/**
 * The catalogue as loaded from the `catalogue` RPC (memory, then the device copy, then the network), and
 * the products this shopper looked at recently. The catalogue itself is never persisted through Redux:
 * the loader keeps its own copy in IndexedDB.
 */
export interface CatalogueState {
  status: CatalogueStatus
  version: string
  products: Product[]
  brands: Brand[]
  /** The copy shown came from the device and the network could not confirm it. */
  stale: boolean
  error: string | null
}

export const initialCatalogueState: CatalogueState = {
  status: 'idle',
  version: '',
  products: [],
  brands: [],
  stale: false,
  error: null,
}

export const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState: initialCatalogueState,
  reducers: {
    catalogueLoading(state) {
      if (state.status !== 'ready') state.status = 'loading'
      state.error = null
    },
    catalogueReceived(state, action: PayloadAction<{ catalogue: Catalogue; fromDevice: boolean }>) {
      const { catalogue, fromDevice } = action.payload
      state.status = 'ready'
      state.stale = fromDevice
      state.error = null
      if (state.version === catalogue.version && state.products.length > 0 && catalogue.version) {
        return
      }
      state.version = catalogue.version
      // Frozen before they enter the store so Immer does not walk (and deep-freeze) every product.
      state.products = Object.freeze(catalogue.products) as Product[]
      state.brands = Object.freeze(catalogue.brands) as Brand[]
    },
    catalogueConfirmed(state) {
      state.stale = false
    },
    catalogueFailed(state, action: PayloadAction<{ offline: boolean; message: string }>) {
      state.error = action.payload.message
      if (state.status === 'ready') return
      state.status = action.payload.offline ? 'offline-empty' : 'error'
    },
  },
  selectors: {
    selectCatalogueStatus: (state) => state.status,
    selectCatalogueVersion: (state) => state.version,
    selectProducts: (state) => state.products,
    selectBrands: (state) => state.brands,
    selectCatalogueStale: (state) => state.stale,
  },
})

export const { catalogueLoading, catalogueReceived, catalogueConfirmed, catalogueFailed } =
  catalogueSlice.actions
export const {
  selectCatalogueStatus,
  selectCatalogueVersion,
  selectProducts,
  selectBrands,
  selectCatalogueStale,
} = catalogueSlice.selectors

/** Products by id and by slug (search results open /product/{id}, listings link /product/{slug}). */
export const selectProductLookup = createSelector([selectProducts], (products) => {
  const lookup = new Map<string, Product>()
  for (const product of products) lookup.set(product.id, product)
  for (const product of products) if (!lookup.has(product.slug)) lookup.set(product.slug, product)
  return lookup
})

export function findProduct(lookup: Map<string, Product>, slugOrId: string): Product | undefined {
  return lookup.get(slugOrId) ?? lookup.get(slugOrId.toLowerCase())
}

let loading: Promise<void> | undefined

/**
 * Loads the catalogue once per session (and again after a failure or while the shown copy is stale).
 * The loader is imported on demand so the first route never carries it.
 */
export function ensureCatalogue(options: { refresh?: boolean } = {}) {
  return async (dispatch: Dispatch, getState: () => { catalogue: CatalogueState }) => {
    const { status, stale } = getState().catalogue
    if (loading || (status === 'ready' && !stale && !options.refresh)) return loading
    loading = (async () => {
      dispatch(catalogueLoading())
      try {
        const { catalogueLoader } = await import('./api/catalogue-loader')
        if (options.refresh) catalogueLoader.markStale()
        const outcome = await catalogueLoader.load((catalogue, source) => {
          dispatch(catalogueReceived({ catalogue, fromDevice: source === 'device' }))
        })
        if (outcome.kind === 'fresh') dispatch(catalogueConfirmed())
        else if (outcome.kind === 'offline-empty') {
          dispatch(catalogueFailed({ offline: true, message: 'offline' }))
        } else if (outcome.kind === 'error') {
          dispatch(catalogueFailed({ offline: false, message: outcome.message }))
        }
      } catch (error) {
        // The loader chunk itself could not be fetched: the app is offline and was never cached.
        dispatch(catalogueFailed({ offline: !navigator.onLine, message: String(error) }))
      } finally {
        loading = undefined
      }
    })()
    return loading
  }
}

/**
 * Fetches the catalogue again although the copy shown is current: for the app shell to call when the
 * service worker reports a newer catalogue (`onCatalogueUpdated` in app/pwa/service-worker.ts).
 */
export const refreshCatalogue = () => ensureCatalogue({ refresh: true })

/** The products this shopper opened, newest first, kept on the device. */
export interface RecentlyViewedState {
  ids: string[]
}

export const recentlyViewedLimit = 12

export const initialRecentlyViewedState: RecentlyViewedState = { ids: [] }

export const recentlyViewedSlice = createSlice({
  name: 'recentlyViewed',
  initialState: initialRecentlyViewedState,
  reducers: {
    productViewed(state, action: PayloadAction<string>) {
      const id = action.payload
      state.ids = [id, ...state.ids.filter((seen) => seen !== id)].slice(0, recentlyViewedLimit)
    },
    clearRecentlyViewed(state) {
      state.ids = []
    },
  },
  selectors: {
    selectRecentlyViewedIds: (state) => state.ids,
  },
})

export const { productViewed, clearRecentlyViewed } = recentlyViewedSlice.actions
export const { selectRecentlyViewedIds } = recentlyViewedSlice.selectors
