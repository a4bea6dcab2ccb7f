import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RouteErrorPage } from '@/app/route-error-page'
import { isCodeLoadError } from '@/lib/code-load-error'

let online = true
const reload = vi.fn()

beforeEach(() => {
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  vi.stubGlobal('location', { ...window.location, reload })
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  reload.mockReset()
})

/**
 * In a browser, React re-renders for the status change before the page's own `online` listener runs
 * (a microtask between listeners): the status is re-read first, then the event reaches the page.
 */
function goOnline() {
  online = true
  act(() => void window.dispatchEvent(new Event('offline')))
  act(() => void window.dispatchEvent(new Event('online')))
}

const missingCode = new TypeError(
  'Failed to fetch dynamically imported module: http://127.0.0.1/assets/admin-C0wIL3T_.js',
)
const renderPage = (error: Error) => render(<RouteErrorPage error={error} reset={() => {}} />)

describe('a page that failed', () => {
  it('offline, for want of its code, says it needs a connection and opens when it returns', () => {
    online = false
    renderPage(missingCode)
    const note = screen.getByRole('status')
    expect(note).toHaveTextContent('This page needs a connection')
    expect(note).toHaveTextContent('your cart and your wishlist still work')
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull()
    expect(reload).not.toHaveBeenCalled()
    goOnline()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('shows the error page for any other failure, or when the browser is online', () => {
    renderPage(new Error('Cannot read properties of undefined'))
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
    renderPage(missingCode)
    expect(screen.getAllByRole('heading', { name: 'Unexpected Application Error!' })).toHaveLength(
      2,
    )
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('isCodeLoadError', () => {
  it('knows each browser’s failed import and Vite’s failed stylesheet', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: /assets/a.js',
      'error loading dynamically imported module: /assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isCodeLoadError(new TypeError(message)), message).toBe(true)
    }
    expect(isCodeLoadError(new Error('Network request failed'))).toBe(false)
    expect(isCodeLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })
})
