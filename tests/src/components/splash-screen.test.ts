import { screen } from '@testing-library/dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { skipSplashKey, splashOptions, startSplash } from '@/components/splash-screen'

/**
 * Full screen, the full logo, +2% every 50 ms to 100%, visible 5 s, done 300 ms
 * after hiding; never on /checkout. This is the script index.html runs before the app's code.
 */
describe('the start-up splash', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    window.luxeSplash?.drop()
    delete window.luxeSplash
    document.head.querySelectorAll('style').forEach((style) => style.remove())
    sessionStorage.clear()
    window.history.replaceState(null, '', '/')
    vi.useRealTimers()
  })

  const advance = (ms: number) => vi.advanceTimersByTime(ms)
  const bar = () => screen.getByRole('progressbar', { name: 'Loading Luxe Kenya' })

  it('shows the full logo and a percentage bar starting at 0%', () => {
    const splash = startSplash(splashOptions)
    expect(splash.done).toBe(false)
    expect(screen.getByRole('img', { name: 'Luxe Kenya, PREMIUM FASHION & STYLE' })).toBeVisible()
    expect(screen.getByText('Luxe Kenya')).toBeInTheDocument()
    expect(screen.getByText('PREMIUM FASHION & STYLE')).toBeInTheDocument()
    expect(bar()).toHaveAttribute('aria-valuenow', '0')
    expect(screen.getByText('0%')).toBeInTheDocument()
  })

  it('rises 2% every 50 ms and stops at 100%', () => {
    startSplash(splashOptions)
    advance(50)
    expect(bar()).toHaveAttribute('aria-valuenow', '2')
    advance(49)
    expect(bar()).toHaveAttribute('aria-valuenow', '2')
    advance(1)
    expect(bar()).toHaveAttribute('aria-valuenow', '4')
    advance(400)
    expect(bar()).toHaveAttribute('aria-valuenow', '20')
    expect(bar()).toHaveAttribute('aria-valuetext', '20%')
    expect(screen.getByText('20%')).toBeInTheDocument()
    advance(2000)
    expect(bar()).toHaveAttribute('aria-valuenow', '100')
    advance(2000)
    expect(bar()).toHaveAttribute('aria-valuenow', '100')
    expect(screen.getByText('100%')).toBeInTheDocument()
  })

  it('hides at 5 s and is done 300 ms later, once', () => {
    const splash = startSplash(splashOptions)
    const onDone = vi.fn()
    splash.subscribe(onDone)
    advance(4999)
    expect(bar()).toBeInTheDocument()
    advance(1)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(document.querySelector('[data-state="hidden"]')).toHaveAttribute('aria-hidden', 'true')
    expect(splash.done).toBe(false)
    advance(299)
    expect(onDone).not.toHaveBeenCalled()
    advance(1)
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(splash.done).toBe(true)
    expect(document.querySelector('[data-state]')).toBeNull()
    advance(10_000)
    expect(onDone).toHaveBeenCalledTimes(1)
  })

  it('can be dropped at once, for good', () => {
    const splash = startSplash(splashOptions)
    const onDone = vi.fn()
    splash.subscribe(onDone)
    advance(1000)
    splash.drop()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(splash.done).toBe(true)
    expect(onDone).toHaveBeenCalledTimes(1)
    advance(10_000)
    expect(document.querySelector('[data-state]')).toBeNull()
  })

  it('is never shown when the app opens on /checkout', () => {
    window.history.replaceState(null, '', '/checkout')
    const splash = startSplash(splashOptions)
    expect(splash.done).toBe(true)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(window.luxeSplash).toBe(splash)
  })

  it('is skipped when automated tests set the session flag', () => {
    sessionStorage.setItem(skipSplashKey, '1')
    const splash = startSplash(splashOptions)
    expect(splash.done).toBe(true)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})
