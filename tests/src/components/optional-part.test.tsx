import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { OptionalPart } from '@/components/optional-part'

function Chat() {
  return <button type="button">Open chat</button>
}

function Broken(): never {
  throw new Error('cannot draw')
}

describe('OptionalPart', () => {
  it('shows the part once its code has loaded', async () => {
    const load = () => Promise.resolve(Chat)
    render(
      <main>
        <h1>Contact us</h1>
        <OptionalPart load={load} />
      </main>,
    )
    expect(await screen.findByRole('button', { name: 'Open chat' })).toBeInTheDocument()
  })

  it('leaves the page as it is when the code cannot be fetched, and tries again once back online', async () => {
    let attempts = 0
    const load = vi.fn(() => {
      attempts++
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(Chat)
    })
    render(
      <main>
        <h1>Contact us</h1>
        <OptionalPart load={load} />
      </main>,
    )
    await act(async () => {})
    expect(load).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('heading', { name: 'Contact us' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open chat' })).not.toBeInTheDocument()

    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByRole('button', { name: 'Open chat' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('shows nothing in place of a part that fails to draw, and keeps the rest', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      render(
        <main>
          <h1>Contact us</h1>
          <OptionalPart load={() => Promise.resolve(Broken)} />
        </main>,
      )
      await act(async () => {})
      expect(screen.getByRole('heading', { name: 'Contact us' })).toBeInTheDocument()
    } finally {
      quiet.mockRestore()
    }
  })
})
