import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '@/app/store'
import { selectAuthUser, sessionChanged } from '@/features/auth/auth-slice'
import { SignOutCard } from '@/features/account/components/sign-out-card'
import { renderApp } from '../../app/support/render-app'

vi.setConfig({ testTimeout: 30_000 })

const amina = { id: 'u-1', email: 'amina@example.com', fullName: 'Amina Otieno' }

function signedInStore() {
  const store = makeStore()
  store.dispatch(sessionChanged(amina))
  return store
}

describe('sign-out card', () => {
  it('warns first when orders are still waiting on this device, and lets the shopper stay', async () => {
    const store = signedInStore()
    await renderApp({ page: <SignOutCard waitingOrders={2} />, path: '/wishlist', store })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    const dialog = screen.getByRole('alertdialog', {
      name: '2 orders are still waiting to be sent from this device.',
    })
    expect(dialog).toHaveTextContent('Signing out removes them')
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(selectAuthUser(store.getState())).toEqual(amina)
  })

  it('signs out (the real auth client, no session to revoke), says so and goes home', async () => {
    const store = signedInStore()
    const { router } = await renderApp({
      page: <SignOutCard waitingOrders={1} />,
      path: '/wishlist',
      store,
    })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(
      screen.getByRole('alertdialog', {
        name: '1 order is still waiting to be sent from this device.',
      }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign out anyway' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(selectAuthUser(store.getState())).toBeNull()
    expect(await screen.findByText('Signed out')).toBeInTheDocument()
  })

  it('signs out at once when nothing is waiting', async () => {
    const store = signedInStore()
    const { router } = await renderApp({ page: <SignOutCard />, path: '/wishlist', store })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(selectAuthUser(store.getState())).toBeNull()
  })
})
