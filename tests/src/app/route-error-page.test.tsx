import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RouteErrorPage } from '@/app/route-error-page'
import { isCodeLoadError, missingCodeUrl } from '@/lib/code-load-error'

let online = true
const reload = vi.fn()
const fetchFile = vi.fn<(url: string) => Promise<Response>>()

beforeEach(() => {
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  vi.stubGlobal('location', { ...window.location, reload })
  vi.stubGlobal('fetch', fetchFile)
  fetchFile.mockResolvedValue(new Response('export {}'))
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  reload.mockReset()
  fetchFile.mockReset()
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
  it('offline, for want of its code, says it needs a connection and opens when it returns', async () => {
    online = false
    renderPage(missingCode)
    const note = screen.getByRole('status')
    expect(note).toHaveTextContent('This page needs a connection')
    expect(note).toHaveTextContent('your cart and your wishlist still work')
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull()
    expect(reload).not.toHaveBeenCalled()
    goOnline()
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(fetchFile).toHaveBeenCalledWith('http://127.0.0.1/assets/admin-C0wIL3T_.js', {
      cache: 'no-store',
    })
  })

  it('waits until the missing file answers before it reloads', async () => {
    vi.useFakeTimers()
    online = false
    fetchFile.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    fetchFile.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    renderPage(missingCode)
    goOnline()
    await vi.advanceTimersByTimeAsync(0)
    expect(reload).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1000)
    expect(fetchFile).toHaveBeenCalledTimes(2)
    expect(reload).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2000)
    expect(fetchFile).toHaveBeenCalledTimes(3)
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
    expect(fetchFile).not.toHaveBeenCalled()
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

  it('reads the missing file’s address when the message names it', () => {
    expect(missingCodeUrl(missingCode)).toBe('http://127.0.0.1/assets/admin-C0wIL3T_.js')
    expect(missingCodeUrl(new Error('Unable to preload CSS for /assets/a.css'))).toBe(
      '/assets/a.css',
    )
    expect(missingCodeUrl(new TypeError('Importing a module script failed.'))).toBeUndefined()
  })
})
