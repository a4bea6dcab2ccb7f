import {
  createSelector,
  createSlice,
  original,
  type Dispatch,
  type PayloadAction,
} from '@reduxjs/toolkit'
import { afterNextPaint } from '@/lib/after-next-paint'
import { keepUnchanged } from './keep-unchanged'
import type { Brand, Catalogue, CatalogueStatus, Product } from './types'

export type { Brand, Catalogue, CatalogueStatus, Product } from './types'

/**
 * Whether descriptions, tags, specifications and brand stories are in: `waiting` until the first details arrive (they
 * are read after the first render), `unavailable` when they could not be read (offline, never saved).
 */
export type CatalogueDetailsStatus = 'waiting' | 'ready' | 'unavailable'

/**
 * The catalogue as loaded from the `catalogue` RPC (memory, then the device copy, then the network) with
 * `catalogue_details` merged in when they arrive, and the products this shopper looked at recently. The
 * catalogue itself is never persisted through Redux: the loader keeps its own copy in IndexedDB.
 */
export interface CatalogueState {
  status: CatalogueStatus
  version: string
  products: Product[]
  brands: Brand[]
  /** The details version the list names, and the version merged into the products ('' before any). */
  detailsVersion: string
  detailsMerged: string
  details: CatalogueDetailsStatus
  /** The copy shown came from the device and the network has not confirmed it. */
  stale: boolean
  /** The network is being asked about the copy shown (no answer yet, either way). */
  checking: boolean
  /**
   * The copy shown is the one a prebuilt page was made from (at build time): it only lets the page
   * hydrate. It is not the shop's catalogue: if neither the network nor the device has one, the page
   * says so as if nothing had been shown.
   */
  fromBuild: boolean
  error: string | null
}

export const initialCatalogueState: CatalogueState = {
  status: 'idle',
  version: '',
  products: [],
  brands: [],
  detailsVersion: '',
  detailsMerged: '',
  details: 'waiting',
  stale: false,
  checking: false,
  fromBuild: false,
  error: null,
}

function show(state: CatalogueState, catalogue: Catalogue) {
  state.version = catalogue.version
  state.detailsVersion = catalogue.detailsVersion
  state.detailsMerged = catalogue.detailsMerged
  if (catalogue.detailsMerged) state.details = 'ready'
  else if (state.details === 'ready') state.details = 'waiting'
  // What did not change stays the same object (see keepUnchanged), so only what changed draws again.
  // The lists shown are read as they are, not through Immer's draft (show runs inside reducers only).
  const shown = original(state)!
  // Frozen before they enter the store so Immer does not walk (and deep-freeze) every product.
  state.products = Object.freeze(keepUnchanged(shown.products, catalogue.products)) as Product[]
  state.brands = Object.freeze(keepUnchanged(shown.brands, catalogue.brands)) as Brand[]
}

export const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState: initialCatalogueState,
  reducers: {
    catalogueLoading(state) {
      if (state.status !== 'ready') state.status = 'loading'
      state.checking = true
      state.error = null
    },
    catalogueReceived(state, action: PayloadAction<{ catalogue: Catalogue; fromDevice: boolean }>) {
      const { catalogue, fromDevice } = action.payload
      state.status = 'ready'
      state.stale = fromDevice
      state.fromBuild = false
      state.error = null
      if (
        state.version === catalogue.version &&
        state.detailsMerged === catalogue.detailsMerged &&
        state.products.length > 0 &&
        catalogue.version
      ) {
        return
      }
      show(state, catalogue)
    },
    /** The build's copy a prebuilt page was rendered from, for the page to hydrate over. */
    catalogueFromBuild(state, action: PayloadAction<Catalogue>) {
      state.status = 'ready'
      state.stale = false
      state.fromBuild = true
      state.error = null
      show(state, action.payload)
    },
    /** The same list with (newer) details merged in; ignored if another list came meanwhile. */
    catalogueDetailsReceived(state, action: PayloadAction<Catalogue>) {
      const catalogue = action.payload
      if (state.status !== 'ready' || state.version !== catalogue.version) return
      if (state.detailsMerged === catalogue.detailsMerged && state.details === 'ready') return
      show(state, catalogue)
    },
    catalogueDetailsFailed(state) {
      if (!state.detailsMerged) state.details = 'unavailable'
    },
    catalogueConfirmed(state) {
      state.stale = false
      state.checking = false
    },
    /** The network could not be asked (offline, or it failed): the copy shown stays as it is. */
    catalogueUnconfirmed(state) {
      state.checking = false
    },
    catalogueFailed(state, action: PayloadAction<{ offline: boolean; message: string }>) {
      state.checking = false
      state.error = action.payload.message
      if (state.status === 'ready' && !state.fromBuild) return
      // The build's copy may be out of date: prices and stock nobody can confirm are not shown.
      if (state.fromBuild) Object.assign(state, { ...initialCatalogueState, error: state.error })
      state.status = action.payload.offline ? 'offline-empty' : 'error'
    },
  },
  selectors: {
    selectCatalogueStatus: (state) => state.status,
    selectCatalogueVersion: (state) => state.version,
    selectProducts: (state) => state.products,
    selectBrands: (state) => state.brands,
    /**
     * The copy shown is the device's and the network could not confirm it. Not while it is being asked:
     * a saved copy shown for the moment the answer takes is not news to the shopper.
     */
    selectCatalogueStale: (state) => state.stale && !state.checking,
    selectCatalogueDetails: (state) => state.details,
    /** Changes whenever what search indexes changes: a new list, or details merged into it. */
    selectCatalogueContentKey: (state) => `${state.version}+${state.detailsMerged}`,
  },
})

export const {
  catalogueLoading,
  catalogueReceived,
  catalogueFromBuild,
  catalogueConfirmed,
  catalogueUnconfirmed,
  catalogueFailed,
  catalogueDetailsReceived,
  catalogueDetailsFailed,
} = catalogueSlice.actions
export const {
  selectCatalogueStatus,
  selectCatalogueVersion,
  selectProducts,
  selectBrands,
  selectCatalogueStale,
  selectCatalogueDetails,
  selectCatalogueContentKey,
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
let detailsLoading: Promise<void> | undefined
/** The list (version and details version) the details were last asked for, and how that went. */
let detailsAttempt: { key: string; outcome: 'complete' | 'partial' | 'failed' } | undefined

type CatalogueThunkApi = [Dispatch, () => { catalogue: CatalogueState }]

/** Resolves once the frame that shows the list has been painted (the details must not delay it). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => afterNextPaint(resolve))
}

/**
 * Reads the details the shown list names (descriptions, tags, specifications, brand stories) once the list has been
 * painted, unless they are in already. The same list is asked for again only after a failure (e.g.
 * offline): an older copy answering waits for the service worker to report the newer one.
 */
export function ensureCatalogueDetails() {
  return async (...[dispatch, getState]: CatalogueThunkApi) => {
    if (detailsLoading) return detailsLoading
    const { status, version, detailsVersion, detailsMerged } = getState().catalogue
    if (status !== 'ready' || (detailsMerged !== '' && detailsMerged === detailsVersion)) return
    const key = `${version}:${detailsVersion}`
    if (detailsAttempt?.key === key && detailsAttempt.outcome !== 'failed') return
    detailsLoading = (async () => {
      try {
        await afterPaint()
        const { catalogueLoader } = await import('./api/catalogue-loader')
        const outcome = await catalogueLoader.loadDetails((catalogue) => {
          dispatch(catalogueDetailsReceived(catalogue))
        })
        detailsAttempt = { key, outcome }
        if (outcome === 'failed') dispatch(catalogueDetailsFailed())
      } catch {
        detailsAttempt = { key, outcome: 'failed' }
        dispatch(catalogueDetailsFailed())
      } finally {
        detailsLoading = undefined
      }
    })()
    return detailsLoading
  }
}

/**
 * Loads the catalogue once per session (and again after a failure or while the shown copy is stale),
 * then its details. The loader is imported on demand so the first route never carries it.
 */
export function ensureCatalogue(options: { refresh?: boolean } = {}) {
  return async (...[dispatch, getState]: CatalogueThunkApi) => {
    const { status, stale, fromBuild } = getState().catalogue
    if (loading) return loading
    if (status === 'ready' && !stale && !fromBuild && !options.refresh) {
      return ensureCatalogueDetails()(dispatch, getState)
    }
    if (options.refresh) detailsAttempt = undefined
    loading = (async () => {
      dispatch(catalogueLoading())
      try {
        const { catalogueLoader } = await import('./api/catalogue-loader')
        if (options.refresh) catalogueLoader.markStale()
        const outcome = await catalogueLoader.load((catalogue, source) => {
          dispatch(catalogueReceived({ catalogue, fromDevice: source === 'device' }))
        })
        if (outcome.kind === 'fresh') dispatch(catalogueConfirmed())
        else if (outcome.kind === 'stale') dispatch(catalogueUnconfirmed())
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
      void ensureCatalogueDetails()(dispatch, getState)
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

declare module '@/lib/app-state' {
  interface AppState {
    catalogue: ReturnType<typeof catalogueSlice.reducer>
    recentlyViewed: ReturnType<typeof recentlyViewedSlice.reducer>
  }
}
