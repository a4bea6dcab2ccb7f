import { createPersistence } from '@/app/persist'
import { makeStore } from '@/app/store'
import { localforageStore } from '@/lib/storage/device-store'
import { CONTROLLED_DRIVER, driverReady } from './controlled-driver'

/** A store saving to the named controlled test database, as the app would on a device. */
export async function persistedStore(name: string) {
  await driverReady
  const persistence = createPersistence(localforageStore({ name, driver: CONTROLLED_DRIVER }))
  const store = makeStore(undefined, { persistence })
  const running = persistence.start(store)
  return { store, persistence, ...running }
}

/** Lets redux-persist's write timer and the storage promises run. */
export async function settle(rounds = 5) {
  for (let round = 0; round < rounds; round++) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
