import { screen } from '@testing-library/dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { splashCss, splashOptions, startSplash } from '@/components/splash-screen'
import { showWhileAnimating } from './splash-support'

/**
 * Full screen, the full logo, +2% every 50 ms to 100%, visible 5 s, done 300 ms after hiding; never
 * on /checkout. This is the script index.html runs before the app's code; CSS plays the splash (the
 * browser test e2e/splash.spec.ts watches it play), the script only draws it and hands off when its last
 * animation ends.
 */
describe('the start-up splash', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    showWhileAnimating()
  })
  afterEach(() => {
    window.luxeSplash?.drop()
    delete window.luxeSplash
    document.head.querySelectorAll('style').forEach((style) => style.remove())
    sessionStorage.clear()
    delete window.luxeSkipSplash
    window.history.replaceState(null, '', '/')
    vi.useRealTimers()
  })

  const bar = () => screen.getByRole('progressbar', { name: 'Loading Luxe Kenya' })
  const overlay = () => document.querySelector('.lk-splash')!
  const animationEnd = (target: Element, animationName: string) =>
    target.dispatchEvent(
      Object.assign(new Event('animationend', { bubbles: true }), { animationName }),
    )

  it('shows the full logo and a progress bar, with no timer running', () => {
    const splash = startSplash(splashOptions)
    expect(splash.done).toBe(false)
    expect(screen.getByRole('img', { name: 'Luxe Kenya, PREMIUM FASHION & STYLE' })).toBeVisible()
    expect(screen.getByText('Luxe Kenya')).toBeInTheDocument()
    expect(screen.getByText('PREMIUM FASHION & STYLE')).toBeInTheDocument()
    expect(bar()).toBeInTheDocument()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('is played by CSS: 2% every 50 ms to 100%, shown 5 s, then a 300 ms hand-off', () => {
    const css = splashCss(splashOptions)
    // The bar and the percentage: 50 steps of 50 ms.
    expect(css).toContain('animation:lk-splash-fill 2500ms steps(50)')
    expect(css).toContain('animation:lk-splash-count 2500ms steps(50)')
    expect(css).toContain('content:"0%\\A 2%\\A 4%\\A ')
    expect(css).toContain('\\A 98%\\A 100%"')
    expect(css.match(/\d+%\\A /g)).toHaveLength(50)
    // Shown for 5 s, then hidden at once and for good by one animation lasting the 300 ms hand-off: none
    // runs meanwhile (an animation of visibility would make the main thread draw every frame).
    expect(css).toContain('animation:lk-splash-hide 300ms 5000ms forwards}')
    expect(css).toContain('@keyframes lk-splash-hide{from,to{visibility:hidden}}')
    expect(css).not.toMatch(/@keyframes [^{]*\{[^}]*\{[^}]*visibility:visible/)
    // No fade: an opacity animation, even one waiting for its start, makes the compositor draw the page
    // under the splash on every frame the bar moves.
    const keyframes = css.match(/@keyframes [^{]+\{(?:[^{}]*\{[^}]*\})+\}/g) ?? []
    expect(keyframes).toHaveLength(3)
    for (const frames of keyframes) expect(frames).not.toContain('opacity')
    startSplash(splashOptions)
    expect(document.head.querySelector('style:last-child')?.textContent).toBe(css)
  })

  it('is done when the hand-off animation ends, once', () => {
    const splash = startSplash(splashOptions)
    const onDone = vi.fn()
    splash.subscribe(onDone)
    animationEnd(overlay(), 'lk-splash-count')
    animationEnd(document.querySelector('.lk-splash-fill')!, 'lk-splash-hide')
    expect(onDone).not.toHaveBeenCalled()
    expect(bar()).toBeInTheDocument()
    animationEnd(overlay(), 'lk-splash-hide')
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(splash.done).toBe(true)
    expect(document.querySelector('.lk-splash')).toBeNull()
    expect(document.head.querySelector('style:not(:first-child)')).toBeNull()
  })

  it('can be dropped at once, for good', () => {
    const splash = startSplash(splashOptions)
    const onDone = vi.fn()
    splash.subscribe(onDone)
    splash.drop()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(splash.done).toBe(true)
    expect(onDone).toHaveBeenCalledTimes(1)
    splash.drop()
    expect(onDone).toHaveBeenCalledTimes(1)
  })

  it('is never shown when the app opens on /checkout', () => {
    window.history.replaceState(null, '', '/checkout')
    const splash = startSplash(splashOptions)
    expect(splash.done).toBe(true)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(window.luxeSplash).toBe(splash)
  })

  it('is skipped when automated tests set the flag', () => {
    window.luxeSkipSplash = true
    const splash = startSplash(splashOptions)
    expect(splash.done).toBe(true)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})
