import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CurrencyToggle } from '@/features/currency/components/currency-toggle'
import { renderApp } from '../../app/support/render-app'

describe('currency toggle', () => {
  it('shows the current currency and switches between KSH and USD', async () => {
    const user = userEvent.setup()
    const { store } = await renderApp({ chrome: <CurrencyToggle /> })
    const toUsd = screen.getByRole('button', { name: 'Switch currency to USD' })
    expect(toUsd).toHaveTextContent('KSH')
    await user.click(toUsd)
    expect(store.getState().currency.currency).toBe('USD')
    const toKsh = screen.getByRole('button', { name: 'Switch currency to KSH' })
    expect(toKsh).toHaveTextContent('USD')
    await user.click(toKsh)
    expect(store.getState().currency.currency).toBe('KSH')
  })
})
