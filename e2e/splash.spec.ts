import { expect, test, type Page } from '@playwright/test'
import { seenPopup } from './support/first-visit'
import { holdAppCode } from './support/navigation'
import { traceBetweenStamps } from './support/trace'

/** The start-up splash, played in full here (once per scenario) over the page it opens on. */

const splashBar = (page: Page) => page.getByRole('progressbar', { name: 'Loading Luxe Kenya' })
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('splash screen', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(seenPopup)
  })

  test('shows the full logo and a rising percentage over the rendered page, then goes after 5 s', async ({
    page,
  }) => {
    // Watch what is drawn, frame by frame, from inside the page, so the timings do not depend on how busy
    // the test runner is (on a busy machine its checks take seconds, the splash's whole life): the
    // percentage shown (the line of the numbers strip in view), the bar's width, whether the splash is
    // still fully shown, with the logo's tagline, and whether the page is there underneath.
    await page.addInitScript(() => {
      type Entry = {
        at: number
        text: string | null
        fill: number | null
        shown: boolean
        tagline?: boolean
        pageUnder?: boolean
      }
      const log: Entry[] = []
      Object.assign(window, { splashLog: log })
      const sample = () => {
        const bar = document.querySelector('[role="progressbar"]')
        const overlay = bar?.closest('.lk-splash')
        const percent = overlay?.querySelector('.lk-splash-percent')
        let entry: Entry = { at: performance.now(), text: null, fill: null, shown: false }
        if (bar && overlay && percent) {
          const strip = getComputedStyle(percent, '::before')
          const lines = strip.content.slice(1, -1).split(/\\a ?/i)
          const offset = new DOMMatrix(strip.transform).m42
          const line = Math.round(-offset / parseFloat(getComputedStyle(percent).lineHeight))
          const style = getComputedStyle(overlay)
          entry = {
            at: entry.at,
            text: lines[line] ?? null,
            fill: Math.round(
              new DOMMatrix(getComputedStyle(bar.firstElementChild!).transform).a * 100,
            ),
            shown: style.visibility === 'visible' && style.opacity === '1',
            tagline: overlay.textContent.includes('PREMIUM FASHION & STYLE'),
            pageUnder: [...document.querySelectorAll('h1, h2')].some(
              (heading) => heading.textContent?.trim() === 'Kenyan Fashion Redefined',
            ),
          }
        }
        const last = log[log.length - 1]
        if (!last || last.text !== entry.text || last.shown !== entry.shown) log.push(entry)
        if (log.length < 200) requestAnimationFrame(sample)
      }
      requestAnimationFrame(sample)
    })
    // The app's code waits until the splash has played: CSS alone plays and ends it (as when a script
    // fails to load), and the test's own probes, which need the page's main thread, see every moment.
    const released = await holdAppCode(page)
    await page.goto('/', { waitUntil: 'commit' })
    await expect(splashBar(page)).toBeHidden({ timeout: 12_000 })
    await page.waitForTimeout(500)
    await expect(page.getByRole('progressbar')).toHaveCount(0)
    released()

    type Entry = {
      at: number
      text: string | null
      fill: number | null
      shown: boolean
      tagline?: boolean
      pageUnder?: boolean
    }
    const log = await page.evaluate(() => (window as unknown as { splashLog: Entry[] }).splashLog)
    const shown = log.filter((entry) => entry.text !== null && entry.shown)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.every((entry) => entry.tagline)).toBe(true)
    // The page is already there underneath (nothing waits for the splash to paint it).
    expect(shown.some((entry) => entry.pageUnder)).toBe(true)
    const values = shown.map((entry) => Number(entry.text!.replace('%', '')))
    expect(shown.every((entry) => /^\d{1,3}%$/.test(entry.text!))).toBe(true)
    // The bar's width and the percentage agree in every frame.
    expect(shown.every((entry, index) => entry.fill === values[index])).toBe(true)
    expect(values[0]).toBeLessThanOrEqual(10)
    expect(values.at(-1)).toBe(100)
    expect(values.every((value) => value % 2 === 0)).toBe(true)
    expect(values.every((value, index) => index === 0 || value >= values[index - 1]!)).toBe(true)
    // Frames are sampled, and a busy machine delays a sample: the splash went between the last frame it
    // was seen in and the first it was not. Never seen gone before 4.7 s, never seen shown after 5.6 s.
    const hiddenAt = log.find((entry) => !entry.shown && entry.at > shown[0]!.at)!.at
    const lastShownAt = shown.at(-1)!.at
    expect(hiddenAt - shown[0]!.at).toBeGreaterThan(4700)
    expect(lastShownAt - shown[0]!.at).toBeLessThan(5600)
    // 100% is reached at about 2.5 s (2% every 50 ms) and held until the splash goes.
    const full = shown.find((entry) => entry.text === '100%')!.at - shown[0]!.at
    expect(full).toBeGreaterThan(2200)
    expect(full).toBeLessThan(3500)

    // Gone for good, and the page below takes clicks.
    await mainNav(page).getByRole('link', { name: 'WOMEN' }).click()
    await expect(page).toHaveURL(/\/women$/)
    await page.waitForTimeout(6000)
    await expect(splashBar(page)).toHaveCount(0)
  })

  test('is never shown on /checkout', async ({ page }) => {
    await page.goto('/checkout')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(splashBar(page)).toHaveCount(0)
    await page.waitForTimeout(1000)
    await expect(splashBar(page)).toHaveCount(0)
  })

  test('draws no motion for shoppers who ask for less', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    // Keep hold of the splash's animations as they start (a finished one leaves document.getAnimations).
    await page.addInitScript(() => {
      const started = new Set<Animation>()
      Object.assign(window, { splashAnimations: started })
      document.addEventListener(
        'animationstart',
        () => document.getAnimations().forEach((animation) => started.add(animation)),
        true,
      )
    })
    // The rule that cuts animations short for these shoppers is in the page's own stylesheet.
    const released = await holdAppCode(page)
    await page.goto('/', { waitUntil: 'commit' })
    await expect(splashBar(page)).toBeVisible()
    // Seek the splash's animations to moments of its life: the bar never slides (it jumps 2% at a time)
    // and in the hand-off the splash is already gone, not fading.
    const seen = await splashBar(page).evaluate((bar) => {
      const overlay = bar.closest<HTMLElement>('.lk-splash')!
      const fill = bar.firstElementChild!
      // Those already started, and those about to: the evaluation may come before the first
      // animationstart event (asking for the animations makes the browser create them).
      const animations = new Set([
        ...(window as unknown as { splashAnimations: Set<Animation> }).splashAnimations,
        ...document.getAnimations(),
      ])
      const at = (ms: number) => {
        for (const animation of animations) animation.currentTime = ms
      }
      at(1025)
      const width = new DOMMatrix(getComputedStyle(fill).transform).a
      const transitions = [getComputedStyle(fill), getComputedStyle(overlay)].map(
        (style) => style.transitionDuration,
      )
      const look = () => {
        const style = getComputedStyle(overlay)
        return `${style.visibility} ${style.opacity}`
      }
      at(4950)
      const before = look()
      at(5150)
      return { width, transitions, before, after: look() }
    })
    // Still the full five seconds: the bar at 40% after a second, the splash shown until 5 s, then
    // hidden at once.
    expect(seen.width).toBeCloseTo(0.4, 5)
    expect(seen.before).toBe('visible 1')
    expect(seen.after).toBe('hidden 1')
    for (const duration of seen.transitions) {
      for (const part of duration.split(',')) expect(parseFloat(part)).toBeLessThan(0.01)
    }
    released()
  })
  test('asks nothing of the main thread while it plays: no frame is drawn for it', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const splash = document.querySelector('.lk-splash')
        if (
          !splash?.querySelector('.lk-splash-fill') ||
          !splash.querySelector('.lk-splash-percent')
        )
          return
        observer.disconnect()
        const animated = (animation: Animation) =>
          (animation.effect as KeyframeEffect)
            .getKeyframes()
            .flatMap((frame) => Object.keys(frame))
            .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key))
        const animations = splash.getAnimations({ subtree: true })
        Object.assign(window, {
          splashOpening: animations
            .filter((animation) => animation.effect?.getComputedTiming().progress !== null)
            .map(animated),
          splashDeclared: animations.map(animated),
        })
      }).observe(document, { childList: true, subtree: true })
    })
    // The app's code held: nothing but the splash could make the page draw.
    const released = await holdAppCode(page)
    await page.goto('/')
    await expect(splashBar(page)).toBeVisible()
    // What plays as it opens (read as the splash is first styled, however busy the machine): the bar
    // and the percentage, by transform alone (the compositor moves them); the hand-off is waiting for
    // its start. An animation of the splash's visibility over its whole life ran on the main thread.
    const { playing, declared } = await page.evaluate(() => {
      const seen = window as unknown as { splashOpening: string[][]; splashDeclared: string[][] }
      return { playing: seen.splashOpening, declared: seen.splashDeclared }
    })
    expect(playing.length).toBeGreaterThan(0)
    expect(new Set(playing.flat())).toEqual(new Set(['transform']))
    // None of them, playing or waiting, animates opacity: while such an animation is declared, the
    // compositor must treat the splash as see-through and draw the page under it on every frame too.
    expect(declared.length).toBeGreaterThan(playing.length)
    expect(declared.flat()).not.toContain('opacity')
    // The page's own first frames are over (its later parts drawn).
    await expect(page.locator('html')).not.toHaveClass(/lk-first-frame/)
    // A second of the splash playing, or less if its hand-off starts sooner (on a busy machine the page's
    // first frames can end late in its 5 s): the hand-off is the one part that may restyle, and it is not
    // what this test watches. Such an animation of visibility recalculated styles for each frame, about
    // 50 times a second. On a machine so busy that the first frames ended in the splash's last 300 ms,
    // that window is too short to tell, and the check above stands alone.
    const { result: watchedMs, events } = await traceBetweenStamps(page, async () => {
      const splash = document.querySelector('.lk-splash')!
      console.timeStamp('from')
      const started = performance.now()
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000)
        splash.addEventListener('animationstart', (event) => {
          if (event.target !== splash) return
          clearTimeout(timer)
          resolve()
        })
      })
      console.timeStamp('to')
      return performance.now() - started
    })
    const restyles = events.filter((event) => event.name === 'UpdateLayoutTree')
    if (watchedMs >= 300) expect(restyles.length).toBeLessThan(5)
    else test.info().annotations.push({ type: 'note', description: `watched ${watchedMs} ms only` })
    released()
  })
})
