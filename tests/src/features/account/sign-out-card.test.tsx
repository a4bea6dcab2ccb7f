import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '@/app/store'
import { SignOutCard } from '@/features/account/components/sign-out-card'
import { selectAuthUser, sessionChanged } from '@/features/auth/auth-slice'
import { itemQueued, signOutWarning, type OutboxItem } from '@/features/outbox/outbox'
import { renderApp } from '../../app/support/render-app'

vi.setConfig({ testTimeout: 30_000 })

const amina = { id: 'u-1', email: 'amina@example.com', fullName: 'Amina Otieno' }

const queuedOrder = (id: string, userId: string): OutboxItem => ({
  id,
  kind: 'order',
  payload: { items: [{ productId: 'dress-001', quantity: 1 }] },
  userId,
  createdAt: Date.now(),
  attempts: 0,
  lastError: null,
  status: 'pending',
  nextAttemptAt: null,
})

/** Amina signed in, with one order of hers and one of another account waiting on the device. */
function storeWithQueuedOrders() {
  const store = makeStore()
  store.dispatch(sessionChanged(amina))
  store.dispatch(itemQueued(queuedOrder('order-amina', amina.id)))
  store.dispatch(itemQueued(queuedOrder('order-brian', 'u-2')))
  return store
}

describe('sign-out card', () => {
  it('warns first when orders wait on this device, and lets the shopper stay', async () => {
    const store = storeWithQueuedOrders()
    const warning = signOutWarning(store.getState(), amina.id)
    expect(warning).toBe('You have 1 order waiting to be sent. Signing out will cancel it.')
    await renderApp({ page: <SignOutCard warning={warning} />, path: '/wishlist', store })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(screen.getByRole('alertdialog', { name: warning! })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(selectAuthUser(store.getState())).toEqual(amina)
    expect(store.getState().outbox.items).toHaveLength(2)
  })

  it('signing out anyway (the real auth client) cancels only that shopper’s queued orders', async () => {
    const store = storeWithQueuedOrders()
    const warning = signOutWarning(store.getState(), amina.id)
    const { router } = await renderApp({
      page: <SignOutCard warning={warning} />,
      path: '/wishlist',
      store,
    })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    await user.click(screen.getByRole('button', { name: 'Sign out anyway' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(selectAuthUser(store.getState())).toBeNull()
    expect(store.getState().outbox.items.map((item) => item.id)).toEqual(['order-brian'])
    expect(await screen.findByText('Signed out')).toBeInTheDocument()
  })

  it('signs out at once when nothing waits', async () => {
    const store = makeStore()
    store.dispatch(sessionChanged(amina))
    const { router } = await renderApp({ page: <SignOutCard />, path: '/wishlist', store })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(selectAuthUser(store.getState())).toBeNull()
  })
})
