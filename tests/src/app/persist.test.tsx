import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { system } from '@/components/ui/chakra-theme'
import { Toaster, toaster } from '@/components/toaster'
import { captureAffiliateCode } from '@/features/affiliate/affiliate-slice'
import { addItem, openCart, selectCartItems, setQuantity } from '@/features/cart/cart-slice'
import { toggleCurrency } from '@/features/currency/currency-slice'
import { addToWishlist } from '@/features/wishlist/wishlist-slice'
import { getStorageProblem, resetStorageProblem } from '@/lib/storage/storage-problem'
import { controlledStore, gate } from './support/controlled-driver'
import { persistedStore, settle } from './support/persisted-store'

const dress = { productId: 'dress-001', name: 'Silk Evening Gown', price: 6300, image: '/p/d.svg' }
const bag = { productId: 'bags-001', name: 'Leather Tote', price: 12_600, image: '/p/b.svg' }
const DAY = 24 * 60 * 60 * 1000

const running: { stop(): void }[] = []
async function open(name: string) {
  const app = await persistedStore(name)
  running.push(app)
  return app
}

function savedCart(items: unknown[], version = 1) {
  return { items, _persist: { version, rehydrated: true } }
}

// The first toast loads the toast view on demand (a dynamic import of Chakra's toast parts). Done here, so
// the first test that shows a toast is not charged for it: that test, the slowest of the file, once
// passed Vitest's 5 s on a loaded machine.
beforeAll(async () => {
  await import('@/components/toaster-view')
})

beforeEach(() => {
  resetStorageProblem()
  localStorage.clear()
})

afterEach(() => {
  for (const app of running.splice(0)) app.stop()
  act(() => toaster.remove())
})

describe('saving to the device', () => {
  it('saves each slice under its own key and restores it on the next visit', async () => {
    const { name, store: device } = controlledStore()
    const first = await open(name)
    await first.rehydrated
    first.store.dispatch(addItem({ ...dress, quantity: 2 }))
    first.store.dispatch(addToWishlist(bag))
    first.store.dispatch(toggleCurrency())
    first.store.dispatch(captureAffiliateCode('amina10'))
    first.store.dispatch(openCart())
    await settle()

    expect([...device.data.keys()].sort()).toEqual([
      'affiliate_code',
      'cart',
      'currency',
      'wishlist',
    ])
    expect(device.data.get('cart')).toEqual({
      items: [{ ...dress, id: dress.productId, quantity: 2 }],
      _persist: { version: 1, rehydrated: true },
    })
    expect(device.data.get('cart')).not.toHaveProperty('isOpen')

    const second = await open(name)
    await second.rehydrated
    const state = second.store.getState()
    expect(state.cart.items).toEqual([{ ...dress, id: dress.productId, quantity: 2 }])
    expect(state.cart.isOpen).toBe(false)
    expect(state.wishlist.items).toEqual([bag])
    expect(state.currency.currency).toBe('USD')
    expect(state.affiliate.record?.code).toBe('AMINA10')
  })

  it('does not write a value that is already stored', async () => {
    const { name, store: device } = controlledStore({
      cart: savedCart([{ ...dress, id: dress.productId, quantity: 1 }]),
    })
    const app = await open(name)
    await app.rehydrated
    await settle()
    expect(device.writes.filter((write) => write.key === 'cart')).toHaveLength(0)
    app.store.dispatch(setQuantity({ productId: dress.productId, quantity: 3 }))
    await settle()
    expect(device.writes.filter((write) => write.key === 'cart')).toHaveLength(1)
  })
})

describe('invalid saved data (the bad part is dropped, the app starts)', () => {
  it('drops a cart saved as broken JSON and keeps the other slices', async () => {
    const { name, store: device } = controlledStore({
      cart: '{"items": [ {"productId": ',
      currency: { currency: 'USD', _persist: { version: 1, rehydrated: true } },
    })
    const app = await open(name)
    await app.rehydrated
    expect(app.store.getState().cart.items).toEqual([])
    expect(app.store.getState().currency.currency).toBe('USD')
    await settle()
    expect(device.data.get('cart')).toEqual(savedCart([]))
  })

  it('drops lines with wrong types, missing fields or impossible quantities and keeps good ones', async () => {
    const good = { ...dress, id: 'line-1', quantity: 2, size: 'M', color: 'Black' }
    const { name } = controlledStore({
      cart: savedCart([
        good,
        { ...bag, quantity: 0 },
        { ...bag, quantity: -1 },
        { ...bag, quantity: 1.5 },
        { ...bag, quantity: '2' },
        { ...bag, quantity: 1e9 },
        { ...bag, price: Number.NaN, quantity: 1 },
        { ...bag, price: '100', quantity: 1 },
        { productId: 'x-1', price: 10, quantity: 1 },
        { name: 'No id', price: 10, quantity: 1 },
        'a string',
        null,
        [1, 2],
        { ...bag, quantity: 1, size: { nested: true } },
      ]),
      wishlist: { items: 'not a list', _persist: { version: 1, rehydrated: true } },
      currency: { currency: 'EUR', _persist: { version: 1, rehydrated: true } },
    })
    const app = await open(name)
    await app.rehydrated
    const state = app.store.getState()
    expect(state.cart.items).toEqual([good])
    expect(state.wishlist.items).toEqual([])
    expect(state.currency.currency).toBe('KSH')
  })

  it('drops lines carrying __proto__ or constructor keys and pollutes nothing', async () => {
    const polluted = `{"items":[{"productId":"p-1","name":"Ok","price":10,"quantity":1},
      {"productId":"p-2","name":"Bad","price":10,"quantity":1,"__proto__":{"isAdmin":true}},
      {"productId":"p-3","name":"Bad","price":10,"quantity":1,"extra":{"constructor":{"prototype":{"x":1}}}}],
      "_persist":{"version":1,"rehydrated":true}}`
    const { name } = controlledStore({ cart: polluted, wishlist: polluted })
    const app = await open(name)
    await app.rehydrated
    expect(selectCartItems(app.store.getState()).map((line) => line.productId)).toEqual(['p-1'])
    expect(app.store.getState().wishlist.items.map((item) => item.productId)).toEqual(['p-1'])
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('replaces an unsafe image address by the placeholder and drops an expired referral', async () => {
    const { name, store: device } = controlledStore({
      cart: savedCart([{ ...dress, quantity: 1, image: 'javascript:alert(1)' }]),
      affiliate_code: {
        record: { code: 'OLD10', expiry: new Date(Date.now() - DAY).toISOString() },
        _persist: { version: 1, rehydrated: true },
      },
    })
    const app = await open(name)
    await app.rehydrated
    expect(app.store.getState().cart.items[0]?.image).toBe('')
    expect(app.store.getState().affiliate.record).toBeNull()
    await settle()
    expect(device.data.get('affiliate_code')).toEqual({
      record: null,
      _persist: { version: 1, rehydrated: true },
    })
  })
})

describe('versions', () => {
  it('migrates the version-0 format stored in the device store', async () => {
    const { name } = controlledStore({
      cart: { legacy: [{ ...dress, id: 'd', quantity: 3 }], _persist: { version: 0 } },
      currency: { legacy: 'usd', _persist: { version: 0 } },
    })
    const app = await open(name)
    await app.rehydrated
    expect(app.store.getState().cart.items).toEqual([{ ...dress, id: 'd', quantity: 3 }])
    expect(app.store.getState().currency.currency).toBe('USD')
  })

  it('keeps a value saved without a version (redux-persist -1) when its shape is right', async () => {
    const { name } = controlledStore({ wishlist: { items: [bag] } })
    const app = await open(name)
    await app.rehydrated
    expect(app.store.getState().wishlist.items).toEqual([bag])
  })

  it('takes a value that does not say its version as the oldest: every migration applies', async () => {
    const { name } = controlledStore({ currency: { legacy: 'usd' } })
    const app = await open(name)
    await app.rehydrated
    expect(app.store.getState().currency.currency).toBe('USD')
  })

  it('drops data written by a newer version of the app and saves its own over it', async () => {
    const { name, store: device } = controlledStore({
      cart: { lines: { dress: 2 }, _persist: { version: 7, rehydrated: true } },
      wishlist: { items: [bag], _persist: { version: 'two' } },
    })
    const app = await open(name)
    await app.rehydrated
    expect(app.store.getState().cart.items).toEqual([])
    expect(app.store.getState().wishlist.items).toEqual([])
    app.store.dispatch(addItem(dress))
    await settle()
    expect(device.data.get('cart')).toEqual(
      savedCart([{ ...dress, id: dress.productId, quantity: 1 }]),
    )
  })
})

describe('a newer version', () => {
  it('drops data in the right shape when a newer app version wrote it', async () => {
    // Valid in every way for this version, except the version: the newer app may mean something else.
    const line = { ...dress, id: dress.productId, quantity: 2 }
    const { name } = controlledStore({
      cart: savedCart([line], 2),
      wishlist: { items: [bag], _persist: { version: 2, rehydrated: true } },
      currency: { currency: 'USD', _persist: { version: 2, rehydrated: true } },
    })
    const app = await open(name)
    await app.rehydrated
    expect(app.store.getState().cart.items).toEqual([])
    expect(app.store.getState().wishlist.items).toEqual([])
    expect(app.store.getState().currency.currency).toBe('KSH')
  })

  it('keeps the same data when this version wrote it', async () => {
    const line = { ...dress, id: dress.productId, quantity: 2 }
    const { name } = controlledStore({
      cart: savedCart([line], 1),
      wishlist: { items: [bag], _persist: { version: 1, rehydrated: true } },
      currency: { currency: 'USD', _persist: { version: 1, rehydrated: true } },
    })
    const app = await open(name)
    await app.rehydrated
    expect(app.store.getState().cart.items).toEqual([line])
    expect(app.store.getState().wishlist.items).toEqual([bag])
    expect(app.store.getState().currency.currency).toBe('USD')
  })
})

describe('the old localStorage format', () => {
  function seedLegacy() {
    localStorage.setItem('cart', JSON.stringify([{ ...dress, id: 'old-1', quantity: 2 }]))
    localStorage.setItem('wishlist', JSON.stringify([bag]))
    localStorage.setItem(
      'affiliate_code',
      JSON.stringify({ code: 'AMINA10', expiry: new Date(Date.now() + 10 * DAY).toISOString() }),
    )
    localStorage.setItem('currency', 'USD')
  }

  it('imports it once into empty device storage, then removes it', async () => {
    seedLegacy()
    const { name, store: device } = controlledStore()
    const app = await open(name)
    await app.rehydrated
    const state = app.store.getState()
    expect(state.cart.items).toEqual([{ ...dress, id: 'old-1', quantity: 2 }])
    expect(state.wishlist.items).toEqual([bag])
    expect(state.currency.currency).toBe('USD')
    expect(state.affiliate.record?.code).toBe('AMINA10')
    await settle()
    expect(device.data.get('cart')).toEqual(savedCart([{ ...dress, id: 'old-1', quantity: 2 }]))
    for (const key of ['cart', 'wishlist', 'affiliate_code', 'currency']) {
      expect(localStorage.getItem(key)).toBeNull()
    }

    const again = await open(name)
    await again.rehydrated
    expect(again.store.getState().cart.items).toEqual([{ ...dress, id: 'old-1', quantity: 2 }])
  })

  it('is ignored when the device store already holds data, and cleaned up', async () => {
    seedLegacy()
    const { name } = controlledStore({ cart: savedCart([{ ...bag, quantity: 1 }]) })
    const app = await open(name)
    await app.rehydrated
    app.store.dispatch(addItem(dress))
    await settle()
    expect(app.store.getState().cart.items.map((line) => line.productId)).toEqual([
      bag.productId,
      dress.productId,
    ])
    expect(localStorage.getItem('cart')).toBeNull()
  })

  it('removes an old copy an import cut short left behind, with nothing new to save', async () => {
    // The page closed after the import had saved the data but before it removed the old copy.
    seedLegacy()
    const { name, store: device } = controlledStore({
      cart: savedCart([{ ...dress, id: 'old-1', quantity: 2 }]),
      wishlist: { items: [bag], _persist: { version: 1, rehydrated: true } },
    })
    const app = await open(name)
    await app.rehydrated
    await settle()
    expect(app.store.getState().wishlist.items).toEqual([bag])
    expect(localStorage.getItem('cart')).toBeNull()
    expect(localStorage.getItem('wishlist')).toBeNull()
    // Only the two keys the import never reached (currency, referral) are saved.
    expect(device.writes.map((write) => write.key).sort()).toEqual(['affiliate_code', 'currency'])
  })

  it('drops an old value that is not JSON or has the wrong shape', async () => {
    localStorage.setItem('cart', '[{"productId": "x", broken')
    localStorage.setItem('wishlist', JSON.stringify({ not: 'a list' }))
    localStorage.setItem('affiliate_code', JSON.stringify({ code: '<script>', expiry: 'soon' }))
    const { name } = controlledStore()
    const app = await open(name)
    await app.rehydrated
    const state = app.store.getState()
    expect(state.cart.items).toEqual([])
    expect(state.wishlist.items).toEqual([])
    expect(state.affiliate.record).toBeNull()
  })
})

describe('slow and failing storage', () => {
  it('waits for a slow read as long as it takes and never saves the empty cart over it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'clearTimeout'] })
    try {
      const { name, store: device } = controlledStore({
        cart: savedCart([{ ...bag, id: 'b', quantity: 1 }]),
      })
      const held = gate()
      device.readGate = held.promise
      const app = await open(name)
      // The shopper adds something while the phone is still reading.
      app.store.dispatch(addItem(dress))
      await vi.advanceTimersByTimeAsync(30_000)
      expect(app.persistor.getState().bootstrapped).toBe(false)
      expect(device.writes).toEqual([])

      held.open()
      await vi.advanceTimersByTimeAsync(100)
      await app.rehydrated
      await vi.advanceTimersByTimeAsync(100)
      const expected = [
        { ...bag, id: 'b', quantity: 1 },
        { ...dress, id: dress.productId, quantity: 1 },
      ]
      expect(app.store.getState().cart.items).toEqual(expected)
      expect(device.data.get('cart')).toEqual(savedCart(expected))
    } finally {
      vi.useRealTimers()
    }
  })

  it('after a failed read keeps working in memory, never writes, and tells the shopper once', async () => {
    render(
      <ChakraProvider value={system}>
        <Toaster />
      </ChakraProvider>,
    )
    const { name, store: device } = controlledStore({ cart: savedCart([{ ...bag, quantity: 1 }]) })
    device.failReads = true
    const app = await open(name)
    await app.rehydrated
    act(() => {
      app.store.dispatch(addItem(dress))
      app.store.dispatch(addItem(dress))
    })
    await settle()
    expect(app.store.getState().cart.items).toEqual([
      { ...dress, id: dress.productId, quantity: 2 },
    ])
    expect(device.writes).toEqual([])
    expect(device.data.get('cart')).toEqual(savedCart([{ ...bag, quantity: 1 }]))
    expect(getStorageProblem()).toBe('unavailable')
    expect(await screen.findAllByText('Your cart will not be saved on this device')).toHaveLength(1)
  })

  it('keeps working in memory when writes hit QuotaExceededError, with one message', async () => {
    render(
      <ChakraProvider value={system}>
        <Toaster />
      </ChakraProvider>,
    )
    const { name, store: device } = controlledStore()
    const app = await open(name)
    await app.rehydrated
    device.writeError = new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (let click = 1; click <= 3; click++) {
      act(() => {
        app.store.dispatch(addItem(dress))
      })
      await settle()
    }
    consoleError.mockRestore()
    expect(app.store.getState().cart.items[0]?.quantity).toBe(3)
    expect(device.writes.filter((write) => write.key === 'cart').length).toBeGreaterThanOrEqual(3)
    expect(device.data.has('cart')).toBe(false)
    expect(getStorageProblem()).toBe('quota')
    expect(await screen.findAllByText('Your cart could not be saved on this device')).toHaveLength(
      1,
    )
  })

  it('works in memory when the storage cannot be opened at all', async () => {
    const { name, store: device } = controlledStore()
    device.failOpen = true
    const app = await open(name)
    await app.rehydrated
    app.store.dispatch(addItem(dress))
    await settle()
    expect(app.store.getState().cart.items).toHaveLength(1)
    expect(device.writes).toEqual([])
    expect(getStorageProblem()).toBe('unavailable')
  })

  it('still shows an old-format cart when the device store cannot be read, and keeps it', async () => {
    localStorage.setItem('cart', JSON.stringify([{ ...dress, quantity: 1 }]))
    const { name, store: device } = controlledStore()
    device.failOpen = true
    const app = await open(name)
    await app.rehydrated
    expect(app.store.getState().cart.items).toHaveLength(1)
    await settle()
    expect(localStorage.getItem('cart')).not.toBeNull()
  })
})

describe('other tabs and persistent storage', () => {
  it('picks up what another tab saved instead of later overwriting it', async () => {
    const { name, store: device } = controlledStore()
    const tabA = await open(name)
    const tabB = await open(name)
    await Promise.all([tabA.rehydrated, tabB.rehydrated])
    tabA.store.dispatch(addItem(dress))
    await vi.waitFor(() => expect(tabB.store.getState().cart.items).toHaveLength(1))
    tabB.store.dispatch(addItem(bag))
    await vi.waitFor(() => expect(tabA.store.getState().cart.items).toHaveLength(2))
    await settle()
    expect((device.data.get('cart') as { items: unknown[] }).items).toHaveLength(2)
    const writesBefore = device.writes.length
    await settle(10)
    expect(device.writes.length).toBe(writesBefore)
  })

  it('asks the browser to keep storage at the first add to cart, once', async () => {
    const persist = vi.fn(() => Promise.resolve(true))
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } })
    try {
      const { name } = controlledStore()
      const app = await open(name)
      app.store.dispatch(addToWishlist(bag))
      expect(persist).not.toHaveBeenCalled()
      app.store.dispatch(addItem(dress))
      app.store.dispatch(addItem(bag))
      expect(persist).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
