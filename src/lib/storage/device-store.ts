import type { KeyValueBackend } from './guarded-storage'

export interface DeviceStoreOptions {
  /** The IndexedDB database name. */
  name: string
  storeName?: string
  /** localforage driver name(s); IndexedDB unless a test supplies its own. */
  driver?: string | string[]
}

/**
 * localforage over IndexedDB, loaded on first use so it stays off the first paint. When IndexedDB is
 * missing or refuses to open (some private modes), every call rejects: the app then keeps its state in
 * memory (see guarded-storage). There is deliberately no fallback to localStorage: it is small,
 * synchronous and is where the old format lives.
 */
export function localforageStore({
  name,
  storeName = 'keyvaluepairs',
  driver,
}: DeviceStoreOptions): KeyValueBackend {
  let opening: Promise<LocalForage> | undefined
  const open = () =>
    (opening ??= import('localforage').then(async ({ default: localforage }) => {
      const instance = localforage.createInstance({
        name,
        storeName,
        driver: driver ?? localforage.INDEXEDDB,
      })
      await instance.ready()
      return instance
    }))

  return {
    getItem: async (key) => (await open()).getItem<unknown>(key),
    setItem: async (key, value) => (await open()).setItem(key, value),
    removeItem: async (key) => (await open()).removeItem(key),
  }
}
