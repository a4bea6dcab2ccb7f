import localforage from 'localforage'

/**
 * A localforage driver whose storage the test controls: reads can be held back or fail, writes can
 * fail (QuotaExceededError), opening can fail (no IndexedDB). The app's real localforage code path runs
 * on top of it; real IndexedDB is exercised in the browser tests.
 */
export const CONTROLLED_DRIVER = 'controlledTestDriver'

export interface ControlledStore {
  /** What is "on the device": values are stored as structured clones, like IndexedDB does. */
  data: Map<string, unknown>
  /** Every write that reached the driver, in order (also the failed ones). */
  writes: { key: string; value: unknown }[]
  reads: string[]
  failOpen: boolean
  failReads: boolean
  /** Thrown by every write while set. */
  writeError: Error | null
  /** While set, reads wait for it. */
  readGate: Promise<void> | null
}

const stores = new Map<string, ControlledStore>()
let counter = 0

export function controlledStore(seed: Record<string, unknown> = {}): {
  name: string
  store: ControlledStore
} {
  const name = `test-db-${++counter}`
  const store: ControlledStore = {
    data: new Map(Object.entries(seed).map(([key, value]) => [key, structuredClone(value)])),
    writes: [],
    reads: [],
    failOpen: false,
    failReads: false,
    writeError: null,
    readGate: null,
  }
  stores.set(name, store)
  return { name, store }
}

interface DriverThis {
  _dbInfo: { name: string }
}

function storeOf(self: DriverThis): ControlledStore {
  const store = stores.get(self._dbInfo.name)
  if (!store) throw new Error(`unknown test store ${self._dbInfo.name}`)
  return store
}

const driver = {
  _driver: CONTROLLED_DRIVER,
  _support: true,
  _initStorage(this: DriverThis, options: { name: string }) {
    this._dbInfo = { name: options.name }
    if (stores.get(options.name)?.failOpen) {
      return Promise.reject(new Error('No available storage method found.'))
    }
    return Promise.resolve()
  },
  async getItem(this: DriverThis, key: string) {
    const store = storeOf(this)
    store.reads.push(key)
    if (store.readGate) await store.readGate
    if (store.failReads) throw new DOMException('The operation failed', 'UnknownError')
    return store.data.has(key) ? structuredClone(store.data.get(key)) : null
  },
  async setItem(this: DriverThis, key: string, value: unknown) {
    const store = storeOf(this)
    store.writes.push({ key, value: structuredClone(value) })
    if (store.writeError) throw store.writeError
    store.data.set(key, structuredClone(value))
    return value
  },
  async removeItem(this: DriverThis, key: string) {
    storeOf(this).data.delete(key)
  },
  async clear(this: DriverThis) {
    storeOf(this).data.clear()
  },
  async length(this: DriverThis) {
    return storeOf(this).data.size
  },
  async key(this: DriverThis, index: number) {
    return [...storeOf(this).data.keys()][index] ?? null
  },
  async keys(this: DriverThis) {
    return [...storeOf(this).data.keys()]
  },
  async iterate(
    this: DriverThis,
    iterator: (value: unknown, key: string, index: number) => unknown,
  ) {
    let index = 0
    for (const [key, value] of storeOf(this).data) {
      const result = iterator(value, key, ++index)
      if (result !== undefined) return result
    }
    return undefined
  },
}

// The typings want generic methods; this driver stores unknown values, which is what they are.
export const driverReady = localforage.defineDriver(
  driver as unknown as Parameters<typeof localforage.defineDriver>[0],
)

/** A gate for reads: `open()` lets the held reads through. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {}
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open }
}
