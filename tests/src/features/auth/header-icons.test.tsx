import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import { rolesLoaded, sessionChanged } from '@/features/auth/auth-slice'
import { AccountButton } from '@/features/auth/components/account-button'
import { AdminShortcut } from '@/features/auth/components/admin-shortcut'
import { renderApp } from '../../app/support/render-app'

const amina = { id: 'u-1', email: 'amina@example.com', fullName: 'Amina Otieno' }

const chrome = (
  <header>
    <AdminShortcut />
    <AccountButton />
  </header>
)

afterEach(() => localStorage.clear())

describe('header account icons', () => {
  it('send a signed-out visitor to /auth and show no admin shortcut', async () => {
    const store = makeStore()
    store.dispatch(sessionChanged(null))
    await renderApp({ chrome, store })
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    expect(screen.queryByRole('link', { name: 'My account' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Admin dashboard' })).not.toBeInTheDocument()
  })

  it('send a signed-in shopper to /account, still without the admin shortcut', async () => {
    const store = makeStore()
    store.dispatch(sessionChanged(amina))
    store.dispatch(rolesLoaded({ userId: amina.id, roles: [] }))
    await renderApp({ chrome, store })
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account')
    expect(screen.queryByRole('link', { name: 'Admin dashboard' })).not.toBeInTheDocument()
  })

  it.each(['admin', 'manager'] as const)('show the admin shortcut to a %s', async (role) => {
    const store = makeStore()
    store.dispatch(sessionChanged(amina))
    store.dispatch(rolesLoaded({ userId: amina.id, roles: [role] }))
    await renderApp({ chrome, store })
    expect(screen.getByRole('link', { name: 'Admin dashboard' })).toHaveAttribute('href', '/admin')
  })

  it('while loading, trust a saved session so returning shoppers see no flicker', async () => {
    localStorage.setItem('sb-127-auth-token', '{}')
    await renderApp({ chrome, store: makeStore() })
    expect(screen.getByRole('link', { name: 'My account' })).toBeInTheDocument()
  })

  it('while loading without a saved session, offer sign-in', async () => {
    await renderApp({ chrome, store: makeStore() })
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
  })
})
