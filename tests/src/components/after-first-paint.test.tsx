import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AfterFirstPaint } from '@/components/after-first-paint'

describe('AfterFirstPaint', () => {
  it("keeps room on the app's first page and renders its children after the first paint", async () => {
    const { container, unmount } = render(
      <>
        <h1>Above the fold</h1>
        <AfterFirstPaint reserve="100vh">
          <h2>Below the fold</h2>
        </AfterFirstPaint>
      </>,
    )
    expect(screen.getByRole('heading', { name: 'Above the fold' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Below the fold' })).not.toBeInTheDocument()
    expect(container.querySelector('[aria-hidden="true"]')).toHaveStyle({ minHeight: '100vh' })
    expect(await screen.findByRole('heading', { name: 'Below the fold' })).toBeInTheDocument()
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull()
    unmount()

    // Pages reached later render at once (their scroll position can be restored).
    render(
      <AfterFirstPaint reserve="100vh">
        <h2>Later page</h2>
      </AfterFirstPaint>,
    )
    expect(screen.getByRole('heading', { name: 'Later page' })).toBeInTheDocument()
  })

  it('renders everything at once on a page painted before the app ran', async () => {
    vi.resetModules()
    const fresh = await import('@/components/after-first-paint')
    fresh.pagePaintedBeforeTheApp()
    render(
      <fresh.AfterFirstPaint reserve="100vh">
        <h2>Below the fold</h2>
      </fresh.AfterFirstPaint>,
    )
    expect(screen.getByRole('heading', { name: 'Below the fold' })).toBeInTheDocument()
  })
})
