import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '@/app/store'
import { sessionChanged, signedOut } from '@/features/auth/auth-slice'
import { SAVED_ORDERS_KEY } from '@/features/checkout/saved-orders'

const savedOrder = {
  orderNumber: 'LK-1042',
  token: 'secret-token',
  clientOrderId: 'c-1',
  total: 6300,
  placedAt: '2026-11-21T08:00:00Z',
}

function storeDeviceData() {
  localStorage.setItem(SAVED_ORDERS_KEY, JSON.stringify([savedOrder]))
  localStorage.setItem('luxe.checkout.queued', '{"c-2":{"phone":"0712345678"}}')
  sessionStorage.setItem('luxe.checkout.draft', '{"fullName":"Achieng Otieno"}')
  sessionStorage.setItem(
    'luxe.checkout.pay-now',
    '{"orderNumber":"LK-1042","phone":"254712345678"}',
  )
  sessionStorage.setItem('luxe.checkout.pay-by-card', '{"orderNumber":"LK-1043"}')
}

describe('sign-out cleanup', () => {
  it("clears checkout's order links, queued details, draft and payment hand-offs when the shopper signs out", async () => {
    storeDeviceData()
    const store = makeStore()
    store.dispatch(signedOut({ userId: 'user-1' }))
    await vi.waitFor(() => expect(localStorage.getItem(SAVED_ORDERS_KEY)).toBeNull())
    expect(localStorage.getItem('luxe.checkout.queued')).toBeNull()
    expect(sessionStorage.getItem('luxe.checkout.draft')).toBeNull()
    expect(sessionStorage.getItem('luxe.checkout.pay-now')).toBeNull()
    expect(sessionStorage.getItem('luxe.checkout.pay-by-card')).toBeNull()
  })

  it('leaves them alone on any other auth change', async () => {
    storeDeviceData()
    const store = makeStore()
    store.dispatch(sessionChanged(null))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(localStorage.getItem(SAVED_ORDERS_KEY)).not.toBeNull()
    expect(sessionStorage.getItem('luxe.checkout.draft')).not.toBeNull()
    localStorage.clear()
    sessionStorage.clear()
  })
})
