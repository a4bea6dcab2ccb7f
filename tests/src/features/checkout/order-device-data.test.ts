import { beforeEach, describe, expect, it, vi } from 'vitest'

/** A fresh copy of the module per test: the upgrade runs once per page. */
async function load() {
  vi.resetModules()
  return {
    data: await import('@/features/checkout/order-device-data'),
    saved: await import('@/features/checkout/saved-orders'),
    queued: await import('@/features/checkout/queued-orders'),
    checkout: await import('@/features/checkout/checkout-storage'),
  }
}

const link = {
  orderNumber: 'LK-1042',
  token: 'secret-token',
  clientOrderId: 'c-1',
  total: 6300,
  placedAt: '2026-11-21T08:00:00Z',
}

describe('what this device keeps about orders', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('reads data saved before it recorded a version, and records the current one', async () => {
    localStorage.setItem('luxe.orders', JSON.stringify([link]))
    const { data, saved } = await load()
    expect(saved.listSavedOrders()).toEqual([link])
    expect(localStorage.getItem(data.orderDataVersionKey)).toBe(String(data.orderDataVersion))
  })

  it('keeps data written by a newer app version: reads what it understands, drops nothing', async () => {
    const newer = [
      { ...link, giftWrap: true },
      { orderNumber: 'LK-9', format: 'unknown' },
    ]
    localStorage.setItem('luxe.orders.version', '99')
    localStorage.setItem('luxe.orders', JSON.stringify(newer))
    const { saved } = await load()
    expect(saved.listSavedOrders().map((order) => order.orderNumber)).toEqual(['LK-1042'])
    expect(localStorage.getItem('luxe.orders.version')).toBe('99')
    expect(JSON.parse(localStorage.getItem('luxe.orders')!)).toEqual(newer)
  })

  it('forgets every piece, on the device and in the tab, and nothing else', async () => {
    const { data, saved, queued, checkout } = await load()
    saved.saveOrderLink({
      orderNumber: 'LK-1042',
      accessToken: 'secret-token',
      clientOrderId: 'c-1',
      total: 6300,
      createdAt: '2026-11-21T08:00:00Z',
    } as Parameters<typeof saved.saveOrderLink>[0])
    queued.rememberQueuedOrder({
      clientOrderId: 'c-2',
      name: 'Achieng Otieno',
      paymentMethod: 'mpesa',
      mpesaPhone: '254712345678',
      queuedAt: '2026-11-21T08:00:00Z',
      lines: [],
    })
    checkout.loadAttempt()
    checkout.saveCardIntent('LK-1042')
    localStorage.setItem('luxe.currency', 'KES')
    for (const key of Object.values(data.orderDeviceKeys))
      expect(localStorage.getItem(key)).not.toBeNull()

    const waitingScreen = vi.fn()
    const stop = queued.subscribeQueuedOrders(waitingScreen)
    saved.clearCheckoutDeviceData()
    stop()
    // An open waiting screen hears that the queued orders are gone.
    expect(waitingScreen).toHaveBeenCalled()
    expect(queued.latestQueuedOrder()).toBeUndefined()
    for (const key of Object.values(data.orderDeviceKeys))
      expect(localStorage.getItem(key)).toBeNull()
    for (const key of Object.values(data.orderTabKeys))
      expect(sessionStorage.getItem(key)).toBeNull()
    expect(saved.listSavedOrders()).toEqual([])
    expect(checkout.peekCardIntent('LK-1042')).toBe(false)
    expect(localStorage.getItem('luxe.currency')).toBe('KES')
  })
})
