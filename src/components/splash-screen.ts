import { bodyFont, headingFont } from '@/config/fonts'
import { paths } from '@/config/paths'
import { store, timings } from '@/config/site'

/**
 * The start-up splash: full screen, the full logo over a percentage bar that rises
 * `splashStepPercent` every `splashStepMs` up to 100%, visible for `splashVisibleMs`, then hidden, and
 * done `splashHandOffMs` later. Never shown when the app opens on /checkout, dropped for good as soon as
 * the path becomes /checkout.
 *
 * It is not a React component: `startSplash` is built into a small classic script inlined in index.html
 * (see `splash-boot.ts` and vite.config.ts), so the splash is drawn with the document itself, before
 * the app's code has even arrived. From then on CSS alone plays it (no timer runs on the main thread
 * while the app starts underneath); the app only asks whether it is done (`splashHandle()`), and drops
 * it on /checkout.
 */

export interface SplashOptions {
  visibleMs: number
  stepMs: number
  stepPercent: number
  handOffMs: number
  /** Where the splash is never shown. */
  excludedPath: string
  name: string
  tagline: string
}

export const splashOptions: SplashOptions = {
  visibleMs: timings.splashVisibleMs,
  stepMs: timings.splashStepMs,
  stepPercent: timings.splashStepPercent,
  handOffMs: timings.splashHandOffMs,
  excludedPath: paths.checkout,
  name: store.name,
  tagline: store.tagline,
}

/** What the app sees of the splash (`window.luxeSplash`). */
export interface SplashHandle {
  /** True once the splash has gone: hidden, handed off and removed (or never shown). */
  readonly done: boolean
  /** Removes the splash at once and for good. */
  drop(): void
  /** Calls `listener` once the splash is done; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
}

declare global {
  interface Window {
    luxeSplash?: SplashHandle
    /**
     * Skips the splash. Only automated browser tests set it, on every page before it loads (an init
     * script), so they need not wait five seconds on every page; one end-to-end test still plays the
     * whole splash. Nothing in the app writes it. A property of the page, not a key in the tab's
     * session storage: the page's first read of a storage area waits on the browser process (4-11 ms
     * at 4x CPU, in the task that reads the page's first screen).
     */
    luxeSkipSplash?: boolean
  }
}

/**
 * The splash's look and its whole life, in plain CSS (the design system's styles arrive with the app's
 * code, after the splash is already on screen). No script runs while it plays:
 * - the bar and the percentage step `stepPercent` every `stepMs` (stepped keyframes on a transform, so
 *   the compositor moves them; the percentage is a strip of numbers generated here, shown one line at a
 *   time);
 * - the splash shows from the start; after `visibleMs` an animation hides it at once and lasts
 *   `handOffMs` (the hand-off), leaving it hidden (filled forwards), so it ends even if a script fails
 *   (startSplash draws none where the browser has no CSS animations). While it waits to start, that
 *   animation asks nothing of the page's main thread. The splash used to be shown by an animation of
 *   `visibility` over the 5 s: such an animation cannot run on the compositor, and the main thread
 *   recalculated the splash's style for every frame (about 50 a second) while the app was starting
 *   underneath;
 * - no animation of the splash touches `opacity`, not even one waiting for its start: while an opacity
 *   animation is pending the compositor must treat the splash as see-through, so it draws the page
 *   underneath as well on every frame the bar moves. A 300 ms fade-out did that: where Chromium
 *   composites without a GPU (Lighthouse's runs here) it cost the compositor about 360 ms of CPU time
 *   in the first three seconds, while the app was starting (970 ms with the fade, 610 ms without);
 * - shoppers who ask for less motion see the same (the bar only ever jumps, in steps). The app's rule
 *   that cuts every animation short for them (chakra-theme.ts) must not cut the splash's timing: the
 *   splash's own durations are important declarations in the app's first cascade layer (`reset`,
 *   declared before `base` where that rule lives), and important declarations of an earlier layer win.
 */
export function splashCss(options: SplashOptions): string {
  const steps = Math.ceil(100 / options.stepPercent)
  const fillMs = steps * options.stepMs
  const numbers = Array.from(
    { length: steps + 1 },
    (_, step) => `${Math.min(100, step * options.stepPercent)}%`,
  )
  return `
.lk-splash{position:fixed;inset:0;z-index:1650;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2.5rem;padding:0 1.5rem;margin:0;background:#111 radial-gradient(ellipse at 50% 38%,rgba(212,178,90,.16),transparent 62%);color:#fff;font-family:${bodyFont};animation:lk-splash-hide ${options.handOffMs}ms ${options.visibleMs}ms forwards}
@keyframes lk-splash-hide{from,to{visibility:hidden}}
.lk-splash-logo{display:inline-flex;flex-direction:column;align-items:center;line-height:1}
.lk-splash-name{font-family:${headingFont};font-size:2.25rem;font-weight:600;letter-spacing:.06em;white-space:nowrap}
.lk-splash-tagline{margin-top:.75rem;font-size:.6875rem;font-weight:500;letter-spacing:.28em;color:#d4b25a;white-space:nowrap}
.lk-splash-meter{width:min(16rem,70vw)}
.lk-splash-track{height:2px;background:rgba(255,255,255,.16);overflow:hidden}
.lk-splash-fill{height:100%;background:#d4b25a;transform-origin:left;transform:scaleX(1);animation:lk-splash-fill ${fillMs}ms steps(${steps})}
@keyframes lk-splash-fill{from{transform:scaleX(0)}}
.lk-splash-percent{height:1rem;margin:.75rem 0 0;overflow:hidden;text-align:center;font-size:.75rem;line-height:1rem;letter-spacing:.3em;color:#d4b25a;font-variant-numeric:tabular-nums}
.lk-splash-percent::before{content:"${numbers.join('\\A ')}";display:block;white-space:pre;transform:translateY(-${steps}rem);animation:lk-splash-count ${fillMs}ms steps(${steps})}
@keyframes lk-splash-count{from{transform:translateY(0)}}
@media (min-width:48em){.lk-splash{gap:3rem}.lk-splash-name{font-size:3rem}.lk-splash-tagline{font-size:.8125rem}}
@media (prefers-reduced-motion:reduce){@layer reset{.lk-splash{animation-duration:${options.handOffMs}ms!important}.lk-splash-fill,.lk-splash-percent::before{animation-duration:${fillMs}ms!important}}}
`
}

/** The animation whose end is the splash's hand-off. */
const handOffAnimation = 'lk-splash-hide'

/** `<tag class=…>` with text. */
function node(tag: string, className: string, text?: string): HTMLElement {
  const element = document.createElement(tag)
  element.className = className
  if (text !== undefined) element.textContent = text
  return element
}

/**
 * Draws the splash at the end of `document.body` and lets its CSS play it, unless it must not show (the
 * test flag, or the app opening on the excluded path). Sets and returns `window.luxeSplash`, which is
 * done when the hand-off animation ends (or at once where nothing can play it).
 */
export function startSplash(options: SplashOptions): SplashHandle {
  const listeners = new Set<() => void>()
  /** What `finish` undoes: the splash itself once drawn. */
  const undo: Array<() => void> = []
  let done = false

  const finish = () => {
    if (done) return
    done = true
    for (const step of undo) step()
    for (const listener of [...listeners]) listener()
    listeners.clear()
  }
  const handle: SplashHandle = {
    get done() {
      return done
    },
    drop: finish,
    subscribe(listener) {
      if (done) return () => {}
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
  window.luxeSplash = handle

  const path = window.location.pathname
  if (
    window.luxeSkipSplash === true ||
    path === options.excludedPath ||
    path.startsWith(`${options.excludedPath}/`) ||
    !document.body ||
    // Without CSS animations the splash would never show, nor end.
    typeof document.body.style.animationName !== 'string'
  ) {
    finish()
    return handle
  }

  const style = document.createElement('style')
  style.textContent = splashCss(options)
  document.head.append(style)

  const element = node('div', 'lk-splash')
  const logo = node('span', 'lk-splash-logo')
  logo.setAttribute('role', 'img')
  logo.setAttribute('aria-label', `${options.name}, ${options.tagline}`)
  logo.append(
    node('span', 'lk-splash-name', options.name),
    node('span', 'lk-splash-tagline', options.tagline),
  )
  const meter = node('div', 'lk-splash-meter')
  const bar = node('div', 'lk-splash-track')
  // No value: the bar's steps are drawn by CSS, so it reads as a busy (indeterminate) progress bar.
  bar.setAttribute('role', 'progressbar')
  bar.setAttribute('aria-label', `Loading ${options.name}`)
  const percent = node('p', 'lk-splash-percent')
  percent.setAttribute('aria-hidden', 'true')
  bar.append(node('div', 'lk-splash-fill'))
  meter.append(bar, percent)
  element.append(logo, meter)

  const ended = (event: Event) => {
    if (event.target === element && (event as AnimationEvent).animationName === handOffAnimation) {
      finish()
    }
  }
  element.addEventListener('animationend', ended)
  element.addEventListener('animationcancel', ended)
  document.body.append(element)
  undo.push(
    () => element.remove(),
    () => style.remove(),
  )
  return handle
}

/** The page's splash; none in pages and tests that never started one (nothing to wait for). */
export function splashHandle(): SplashHandle | undefined {
  return typeof window === 'undefined' ? undefined : window.luxeSplash
}
