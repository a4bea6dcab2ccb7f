import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist'
import { afterEach, describe, expect, it } from 'vitest'
import { createPersistence } from '@/app/persist'
import { attachPersistence, makeStore, persistActionTypes } from '@/app/store'
import { addItem, selectCartItems } from '@/features/cart/cart-slice'
import { toggleCurrency } from '@/features/currency/currency-slice'
import { localforageStore } from '@/lib/storage/device-store'
import { resetStorageProblem } from '@/lib/storage/storage-problem'
import { CONTROLLED_DRIVER, controlledStore, driverReady } from './support/controlled-driver'
import { settle } from './support/persisted-store'

const dress = { productId: 'dress-001', name: 'Silk Evening Gown', price: 6300, image: '/p/d.svg' }
const bag = { productId: 'bags-001', name: 'Leather Tote', price: 12_600, image: '/p/b.svg' }

const running: { stop(): void }[] = []
afterEach(() => {
  for (const app of running.splice(0)) app.stop()
  resetStorageProblem()
})

describe('the store', () => {
  it("names redux-persist's own action types (so creating a store need not load it)", () => {
    expect(persistActionTypes).toEqual([FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER])
  })

  it('starts saving when persistence is attached later, keeping what was done meanwhile', async () => {
    await driverReady
    const { name, store: device } = controlledStore({
      cart: {
        items: [{ ...bag, id: bag.productId, quantity: 1 }],
        _persist: { version: 1, rehydrated: true },
      },
    })
    const store = makeStore()
    // The shopper adds to the cart before the saving code has arrived.
    store.dispatch(addItem({ ...dress, quantity: 1 }))
    store.dispatch(toggleCurrency())

    const persistence = createPersistence(localforageStore({ name, driver: CONTROLLED_DRIVER }))
    attachPersistence(store, persistence)
    const app = persistence.start(store)
    running.push(app)
    await app.rehydrated
    await settle()

    expect(
      selectCartItems(store.getState())
        .map((item) => item.productId)
        .sort(),
    ).toEqual(['bags-001', 'dress-001'])
    expect(store.getState().currency.currency).toBe('USD')
    const saved = device.data.get('cart') as { items: { productId: string }[] }
    expect(saved.items.map((item) => item.productId).sort()).toEqual(['bags-001', 'dress-001'])
    expect(device.data.get('currency')).toMatchObject({ currency: 'USD' })
  })

  it('refuses objects that are not its stores', () => {
    const persistence = createPersistence(
      localforageStore({ name: 'unused', driver: CONTROLLED_DRIVER }),
    )
    expect(() => attachPersistence({}, persistence)).toThrow(/not a store/)
  })
})
