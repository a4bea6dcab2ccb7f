import type { Reducer, Store, UnknownAction } from '@reduxjs/toolkit'
import {
  createMigrate,
  persistReducer,
  persistStore,
  REHYDRATE,
  type MigrationManifest,
  type PersistConfig,
  type PersistedState,
  type Persistor,
} from 'redux-persist'
import { notify } from '@/components/toaster'
import { storageKeys } from '@/config/site'
import { affiliateSlice, type AffiliateState } from '@/features/affiliate/affiliate-slice'
import { mergeSavedAffiliate, validateSavedAffiliate } from '@/features/affiliate/affiliate-storage'
import { cartSlice, type CartState } from '@/features/cart/cart-slice'
import { mergeSavedCart, validateSavedCart } from '@/features/cart/cart-storage'
import { recentlyViewedSlice, type RecentlyViewedState } from '@/features/catalogue/catalogue-slice'
import {
  mergeSavedRecentlyViewed,
  validateSavedRecentlyViewed,
} from '@/features/catalogue/recently-viewed-storage'
import { currencySlice, type CurrencyState } from '@/features/currency/currency-slice'
import { mergeSavedCurrency, validateSavedCurrency } from '@/features/currency/currency-storage'
import { outboxSlice, type OutboxState } from '@/features/outbox/outbox-slice'
import { mergeSavedOutbox, validateSavedOutbox } from '@/features/outbox/outbox-storage'
import { wishlistSlice, type WishlistState } from '@/features/wishlist/wishlist-slice'
import { mergeSavedWishlist, validateSavedWishlist } from '@/features/wishlist/wishlist-storage'
import { localforageStore } from '@/lib/storage/device-store'
import {
  createGuardedStorage,
  type GuardedStorage,
  type KeyValueBackend,
} from '@/lib/storage/guarded-storage'
import { canonicalJson, isRecord, parseStored } from '@/lib/storage/json-guards'
import { readLegacyValue, removeLegacyValue } from '@/lib/storage/legacy-local-storage'
import {
  getStorageProblem,
  isQuotaError,
  reportStorageProblem,
  storageProblemMessage,
  subscribeStorageProblem,
} from '@/lib/storage/storage-problem'

/**
 * What the app keeps on the device, in one place. Each slice is saved by redux-persist under its own
 * key in IndexedDB (through localforage), with a version, migrations and a check of everything read back.
 *
 * The rules, because redux-persist's defaults can lose a cart:
 * - no read timeout: a slow IndexedDB is waited for; redux-persist would otherwise rehydrate with the
 *   empty state after 5 s and then save that over the shopper's cart;
 * - no key is written before its saved value was read successfully (see guarded-storage); after a failed
 *   read the app keeps working in memory and says the cart will not be saved;
 * - anything read back is migrated, then validated: bad parts are dropped, never crash the app; data
 *   from a newer version of the app is dropped;
 * - things done before the saved state arrived (an add to cart on a slow phone) are merged into it;
 * - the first page paint never waits for any of this.
 */

/** The IndexedDB database holding the shopper's device state. */
export const DEVICE_DATABASE = 'luxe-kenya'
const TABS_CHANNEL = 'luxe-kenya-device-state'

/** Version 0 is the store's first format, a bare localStorage value; it is wrapped as `{ legacy }`. */
type SavedData = Record<string, unknown>
export type SliceMigrations = Record<number, (saved: SavedData) => SavedData>

export interface PersistSliceOptions<S> {
  /** The storage key, exactly (no `persist:` prefix). */
  key: string
  /** Bump when the saved shape changes, and add a migration for the new version. */
  version: number
  /** The parts of the slice that are saved; the rest (an open drawer, say) starts fresh each visit. */
  persistedKeys: readonly (keyof S & string)[]
  /** `version → (data saved by the version before) → data in this version's shape`. */
  migrations?: SliceMigrations
  /**
   * Checks migrated data before it reaches the store. Returns the parts to restore (bad entries left
   * out) or null to drop the saved data altogether. Must never throw on odd input, though a throw is
   * treated as null.
   */
  validate: (saved: SavedData, now: number) => Partial<S> | null
  /**
   * Combines saved data with changes made before it was read, on the first load only (later loads come
   * from other tabs and replace). Default: the saved data wins.
   */
  merge?: (saved: Partial<S>, current: S) => S
  /** A localStorage key holding the same data in the version-0 format, imported once. */
  legacyKey?: string
}

/** A slice reducer that saves itself; `_persist` is an internal detail and is not part of its type. */
export type PersistedSliceReducer<S> = Reducer<S> & {
  readonly persistKey: string
  /**
   * After another tab saved this key: what it saved (migrated and validated), or undefined when there
   * is nothing new or this tab has changes of its own still being saved (those then win, and the other
   * tab follows them in turn).
   */
  loadOtherTabChange(): Promise<SavedData | undefined>
}

interface PersistMeta {
  _persist?: { version?: unknown; rehydrated?: boolean }
}

/** The version a saved value says it was written by; redux-persist's -1 when it does not say. */
function savedVersion(saved: SavedData): number | undefined {
  const meta = saved._persist
  // Stryker disable next-line UnaryOperator: -1 only has to be no newer than any slice's version (all are 1 or more); createMigrate reads -1 itself.
  if (meta === undefined) return -1
  // Stryker disable next-line ConditionalExpression: without it a non-object has no integer version either, and null throws, which redux-persist and the other-tab reader also turn into "nothing saved".
  if (!isRecord(meta)) return undefined
  return Number.isInteger(meta.version) ? (meta.version as number) : undefined
}

function readLegacy(legacyKey: string | undefined): SavedData | undefined {
  if (!legacyKey) return undefined
  const raw = readLegacyValue(legacyKey)
  if (raw === null) return undefined
  // Old values are JSON, except a currency that may have been saved as bare text (USD).
  let legacy: unknown = raw
  try {
    legacy = JSON.parse(raw) as unknown
  } catch {
    // Keep the text; the migration decides whether it means anything.
  }
  return { legacy, _persist: { version: 0, rehydrated: false } }
}

/**
 * Wraps a slice reducer so it is saved under `options.key` in `storage`. Call it once per store (the
 * wrapper keeps per-store state), and list the result in `createPersistence` below.
 */
export function persistSlice<S extends object>(
  reducer: Reducer<S>,
  options: PersistSliceOptions<S>,
  storage: GuardedStorage,
): PersistedSliceReducer<S> {
  const { key, version, legacyKey } = options
  const runMigrations = createMigrate((options.migrations ?? {}) as unknown as MigrationManifest)
  let rehydrated = false
  let latest: (S & PersistMeta) | undefined
  /** What this slice's next save would store, to compare with what storage holds. */
  const savedShape = (state: S & PersistMeta) => ({
    ...Object.fromEntries(
      options.persistedKeys.map((name) => [name, (state as Record<string, unknown>)[name]]),
    ),
    _persist: state._persist,
  })
  const emptyShape = () =>
    savedShape({
      ...reducer(undefined, { type: '@@persist/EMPTY' }),
      _persist: { version, rehydrated: true },
    })

  async function readSaved(): Promise<unknown> {
    let raw: unknown
    try {
      raw = await storage.getItem(key)
    } catch (error) {
      reportStorageProblem('unavailable')
      // Nothing will be written (the read failed), but an old-format cart can still be shown.
      const legacy = readLegacy(legacyKey)
      if (legacy) return legacy
      throw error
    }
    if (raw === null || raw === undefined) {
      const legacy = readLegacy(legacyKey)
      if (!legacy) storage.treatEmptyAs(key, emptyShape())
      return legacy
    }
    // The new store holds this key, so an old copy is never read again: one left behind by an import
    // cut short (the page closed between the write and the clean-up) goes now.
    if (legacyKey) removeLegacyValue(legacyKey)
    return parseStored(raw)
  }

  async function migrateAndValidate(saved: unknown, currentVersion: number) {
    // Stryker disable next-line ConditionalExpression: a non-object either throws in a migration or fails the check below; both end as "nothing saved".
    if (!isRecord(saved)) return undefined
    const inbound = savedVersion(saved)
    // Written by a newer app (or unreadable): dropped, and replaced on the next save.
    if (inbound === undefined || inbound > currentVersion) return undefined
    // Stryker disable BlockStatement: an empty catch below returns undefined too (no comment can lead the catch line itself).
    try {
      const migrated: unknown = await runMigrations(saved as PersistedState, currentVersion)
      // Stryker disable next-line ConditionalExpression: every migration here returns an object (or throws, caught below).
      if (!isRecord(migrated)) return undefined
      const { _persist: _meta, ...data } = migrated
      const clean = options.validate(data, Date.now())
      return clean
        ? // Stryker disable next-line ObjectLiteral,BooleanLiteral: stateReconciler drops the inbound _persist; redux-persist keeps its own.
          { ...clean, _persist: { version: currentVersion, rehydrated: false } }
        : undefined
    } catch {
      // Stryker restore BlockStatement
      return undefined
    }
  }

  const config: PersistConfig<S> = {
    key,
    version,
    storage,
    keyPrefix: '',
    timeout: 0,
    whitelist: [...options.persistedKeys],
    serialize: false,
    getStoredState: () => readSaved() as Promise<PersistedState>,
    migrate: (saved, currentVersion) =>
      migrateAndValidate(saved, currentVersion) as Promise<PersistedState>,
    stateReconciler: (inbound: SavedData, original: S & PersistMeta, reduced: S) => {
      const { _persist: _meta, ...saved } = inbound
      const firstLoad = original._persist?.rehydrated !== true
      if (firstLoad && options.merge) return options.merge(saved as Partial<S>, reduced)
      return { ...reduced, ...saved }
    },
    writeFailHandler: (error) =>
      reportStorageProblem(isQuotaError(error) ? 'quota' : 'write-failed'),
  }

  const saving = persistReducer(config, reducer)
  if (legacyKey) {
    // The old copy goes only once the new store holds the data.
    storage.onWrite((writtenKey) => {
      if (writtenKey === key) removeLegacyValue(legacyKey)
    })
  }

  const wrapped = (state: S | undefined, action: UnknownAction) => {
    const next = saving(state as Parameters<typeof saving>[0], action)
    if (action.type === REHYDRATE && (action as { key?: unknown }).key === key) rehydrated = true
    latest = next as S & PersistMeta
    return next as S
  }
  return Object.assign(wrapped, {
    persistKey: key,
    async loadOtherTabChange() {
      if (!rehydrated) return undefined
      const before = storage.storedText(key)
      const saved = await readSaved()
      if (!latest || canonicalJson(savedShape(latest)) !== before) return undefined
      return migrateAndValidate(saved, version)
    },
  })
}

export interface Persistence {
  storage: GuardedStorage
  /** Fresh saving reducers for one store, by slice. */
  reducers: {
    cart: PersistedSliceReducer<CartState>
    wishlist: PersistedSliceReducer<WishlistState>
    currency: PersistedSliceReducer<CurrencyState>
    affiliate: PersistedSliceReducer<AffiliateState>
    recentlyViewed: PersistedSliceReducer<RecentlyViewedState>
    outbox: PersistedSliceReducer<OutboxState>
  }
  /** Starts reading and saving. Resolves `rehydrated` once every key has been read (or has failed). */
  start(store: Store): { persistor: Persistor; rehydrated: Promise<void>; stop(): void }
}

/** Every persisted slice: key, version, migrations, validation and merge. */
export function createPersistence(
  backend: KeyValueBackend = localforageStore({ name: DEVICE_DATABASE }),
): Persistence {
  const storage = createGuardedStorage(backend)
  const reducers = {
    cart: persistSlice<CartState>(
      cartSlice.reducer,
      {
        key: storageKeys.cart,
        version: 1,
        persistedKeys: ['items'],
        legacyKey: storageKeys.cart,
        // 0 → 1: the old format was the array of lines itself.
        migrations: { 1: (saved) => ('legacy' in saved ? { items: saved.legacy } : saved) },
        validate: validateSavedCart,
        merge: mergeSavedCart,
      },
      storage,
    ),
    wishlist: persistSlice<WishlistState>(
      wishlistSlice.reducer,
      {
        key: storageKeys.wishlist,
        version: 1,
        persistedKeys: ['items'],
        legacyKey: storageKeys.wishlist,
        migrations: { 1: (saved) => ('legacy' in saved ? { items: saved.legacy } : saved) },
        validate: validateSavedWishlist,
        merge: mergeSavedWishlist,
      },
      storage,
    ),
    currency: persistSlice<CurrencyState>(
      currencySlice.reducer,
      {
        key: storageKeys.currency,
        version: 1,
        persistedKeys: ['currency'],
        legacyKey: storageKeys.currency,
        // 0 → 1: the old value was the bare currency, or an object holding it.
        migrations: {
          1: (saved) => {
            if (!('legacy' in saved)) return saved
            const { legacy } = saved
            return { currency: isRecord(legacy) ? legacy.currency : legacy }
          },
        },
        validate: validateSavedCurrency,
        merge: mergeSavedCurrency,
      },
      storage,
    ),
    affiliate: persistSlice<AffiliateState>(
      affiliateSlice.reducer,
      {
        key: storageKeys.affiliate,
        version: 1,
        persistedKeys: ['record'],
        legacyKey: storageKeys.affiliate,
        // 0 → 1: the old value was the `{ code, expiry }` record itself.
        migrations: { 1: (saved) => ('legacy' in saved ? { record: saved.legacy } : saved) },
        validate: validateSavedAffiliate,
        merge: mergeSavedAffiliate,
      },
      storage,
    ),
    recentlyViewed: persistSlice<RecentlyViewedState>(
      recentlyViewedSlice.reducer,
      {
        key: storageKeys.recentlyViewed,
        version: 1,
        persistedKeys: ['ids'],
        validate: validateSavedRecentlyViewed,
        merge: mergeSavedRecentlyViewed,
      },
      storage,
    ),
    outbox: persistSlice<OutboxState>(
      outboxSlice.reducer,
      {
        key: storageKeys.outbox,
        version: 1,
        persistedKeys: ['items'],
        validate: validateSavedOutbox,
        merge: mergeSavedOutbox,
      },
      storage,
    ),
  }

  return {
    storage,
    reducers,
    start(store) {
      const persistor = persistStore(store)
      const rehydrated = new Promise<void>((resolve) => {
        const check = () => {
          if (!persistor.getState().bootstrapped) return
          unsubscribe()
          resolve()
        }
        const unsubscribe = persistor.subscribe(check)
        check()
      })
      const stopTabs = followOtherTabs(store, storage, Object.values(reducers))
      const stopNotice = tellShopperOnce()
      return {
        persistor,
        rehydrated,
        stop() {
          stopTabs()
          stopNotice()
        },
      }
    },
  }
}

/**
 * Another tab (or the installed app beside a browser tab) saved: read that key again, so this tab does
 * not later save its older copy over it. Saves that change nothing are skipped, so tabs do not echo.
 */
function followOtherTabs(
  store: Store,
  storage: GuardedStorage,
  reducers: Pick<PersistedSliceReducer<unknown>, 'persistKey' | 'loadOtherTabChange'>[],
): () => void {
  if (typeof BroadcastChannel !== 'function') return () => {}
  const channel = new BroadcastChannel(TABS_CHANNEL)
  const stopPosting = storage.onWrite((key) => channel.postMessage({ key }))
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const key = isRecord(event.data) ? event.data.key : undefined
    const reducer = reducers.find((candidate) => candidate.persistKey === key)
    if (!reducer) return
    void reducer
      .loadOtherTabChange()
      .then((payload) => {
        if (payload) store.dispatch({ type: REHYDRATE, key: reducer.persistKey, payload })
      })
      .catch(() => {})
  }
  return () => {
    stopPosting()
    channel.close()
  }
}

/** One toast per page for the first storage problem; the cart drawer keeps a note while it lasts. */
function tellShopperOnce(): () => void {
  let told = false
  const tell = () => {
    const problem = getStorageProblem()
    if (told || !problem) return
    told = true
    notify({ ...storageProblemMessage(problem), type: 'warning', duration: 10_000 })
  }
  tell()
  return subscribeStorageProblem(tell)
}
