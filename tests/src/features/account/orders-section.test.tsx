import { screen, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { OrdersSection } from '@/features/account/components/orders-section'
import { renderApp } from '../../app/support/render-app'

vi.setConfig({ testTimeout: 30_000 })

describe('orders section', () => {
  it('shows orders waiting on this device while offline, and says the rest loads later', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onTestFinished(() => offline.mockRestore())
    await renderApp({
      page: (
        <OrdersSection
          userId="u-1"
          waiting={[
            { id: 'q-1', createdAt: '2026-03-02T09:00:00.000Z', itemCount: 3, needsSignIn: false },
            { id: 'q-2', createdAt: '2026-03-02T10:00:00.000Z', itemCount: 1, needsSignIn: true },
          ]}
        />
      ),
    })
    const rows = screen.getAllByRole('listitem', { name: 'Order waiting to send' })
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('Waiting to send')).toBeInTheDocument()
    expect(rows[0]).toHaveTextContent('3 items')
    expect(rows[0]).toHaveTextContent('sent as soon as you are back online')
    expect(rows[1]).toHaveTextContent('1 item')
    expect(rows[1]).toHaveTextContent('Sign in to finish your order')
    expect(await screen.findByText('You are offline')).toBeInTheDocument()
    expect(
      screen.getByText(/Your orders will load as soon as you are back online/),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('listitem', { name: 'Order waiting to send' })).toHaveLength(2)
  })
})
