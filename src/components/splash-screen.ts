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
 * the app's code has even arrived, and ticks with a few DOM writes instead of re-rendering and restyling
 * a component every 50 ms while the app starts underneath. The app only asks whether it is done
 * (`splashHandle()`), and drops it on /checkout.
 */

/**
 * A session flag that skips the splash for the rest of the tab's life. Only automated browser tests set
 * it (before the page loads), so they need not wait five seconds on every page; one end-to-end test
 * still plays the whole splash. Nothing in the app writes it.
 */
export const skipSplashKey = 'luxe.skip-splash'

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
  }
}

/**
 * The look of the logo's full form (components/logo.tsx) and of the bar, in plain CSS: the design
 * system's styles arrive with the app's code, after the splash is already on screen. Only opacity and
 * transform move (no layout), and nothing moves for shoppers who ask for less motion.
 */
const splashCss = `
.lk-splash{position:fixed;inset:0;z-index:1650;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2.5rem;padding:0 1.5rem;margin:0;background:#111 radial-gradient(ellipse at 50% 38%,rgba(212,178,90,.16),transparent 62%);color:#fff;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;opacity:1;visibility:visible;transition:opacity var(--lk-hand-off) ease,visibility 0s linear 0s}
.lk-splash[data-state=hidden]{opacity:0;visibility:hidden;pointer-events:none;transition:opacity var(--lk-hand-off) ease,visibility 0s linear var(--lk-hand-off)}
.lk-splash-logo{display:inline-flex;flex-direction:column;align-items:center;line-height:1}
.lk-splash-name{font-family:Georgia,'Times New Roman','Noto Serif',serif;font-size:2.25rem;font-weight:600;letter-spacing:.06em;white-space:nowrap}
.lk-splash-tagline{margin-top:.75rem;font-size:.6875rem;font-weight:500;letter-spacing:.28em;color:#d4b25a;white-space:nowrap}
.lk-splash-meter{width:min(16rem,70vw)}
.lk-splash-track{height:2px;background:rgba(255,255,255,.16);overflow:hidden}
.lk-splash-fill{height:100%;background:#d4b25a;transform-origin:left;transform:scaleX(0);transition:transform var(--lk-step) linear}
.lk-splash-percent{margin:.75rem 0 0;text-align:center;font-size:.75rem;line-height:1.33;letter-spacing:.3em;color:#d4b25a;font-variant-numeric:tabular-nums}
@media (min-width:48em){.lk-splash{gap:3rem}.lk-splash-name{font-size:3rem}.lk-splash-tagline{font-size:.8125rem}}
@media (prefers-reduced-motion:reduce){.lk-splash,.lk-splash[data-state=hidden],.lk-splash-fill{transition-duration:.01ms;transition-delay:0s}}
`

/** `<tag class=…>` with text. */
function node(tag: string, className: string, text?: string): HTMLElement {
  const element = document.createElement(tag)
  element.className = className
  if (text !== undefined) element.textContent = text
  return element
}

/**
 * Draws the splash at the end of `document.body` and starts it, unless it must not show (the test
 * flag, or the app opening on the excluded path). Sets and returns `window.luxeSplash`.
 */
export function startSplash(options: SplashOptions): SplashHandle {
  const listeners = new Set<() => void>()
  /** What `finish` undoes: timers, and the splash itself once drawn. */
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

  let skipped = false
  try {
    skipped = window.sessionStorage.getItem(skipSplashKey) === '1'
  } catch {
    // Storage may be blocked: the splash then plays.
  }
  const path = window.location.pathname
  if (
    skipped ||
    path === options.excludedPath ||
    path.startsWith(`${options.excludedPath}/`) ||
    !document.body
  ) {
    finish()
    return handle
  }

  const style = document.createElement('style')
  style.textContent = splashCss
  document.head.append(style)

  const element = node('div', 'lk-splash')
  element.setAttribute('data-state', 'visible')
  element.style.setProperty('--lk-step', `${options.stepMs}ms`)
  element.style.setProperty('--lk-hand-off', `${options.handOffMs}ms`)
  const logo = node('span', 'lk-splash-logo')
  logo.setAttribute('role', 'img')
  logo.setAttribute('aria-label', `${options.name}, ${options.tagline}`)
  logo.append(
    node('span', 'lk-splash-name', options.name),
    node('span', 'lk-splash-tagline', options.tagline),
  )
  const meter = node('div', 'lk-splash-meter')
  const bar = node('div', 'lk-splash-track')
  bar.setAttribute('role', 'progressbar')
  bar.setAttribute('aria-label', `Loading ${options.name}`)
  bar.setAttribute('aria-valuemin', '0')
  bar.setAttribute('aria-valuemax', '100')
  const fill = node('div', 'lk-splash-fill')
  const percent = node('p', 'lk-splash-percent')
  percent.setAttribute('aria-hidden', 'true')
  bar.append(fill)
  meter.append(bar, percent)
  element.append(logo, meter)

  let shown = -1
  const show = (progress: number) => {
    if (progress === shown) return
    shown = progress
    bar.setAttribute('aria-valuenow', String(progress))
    bar.setAttribute('aria-valuetext', `${progress}%`)
    percent.textContent = `${progress}%`
    fill.style.transform = `scaleX(${progress / 100})`
  }
  show(0)
  document.body.append(element)
  undo.push(() => element.remove())

  // Counted from the clock rather than from ticks: while the app's code starts, a phone runs timers
  // late, and the bar must still show the true share of the splash time (100% before it hides).
  const started = Date.now()
  const step = window.setInterval(() => {
    const steps = Math.floor((Date.now() - started) / options.stepMs)
    show(Math.min(100, steps * options.stepPercent))
  }, options.stepMs)
  undo.push(() => window.clearInterval(step))
  const hide = window.setTimeout(() => {
    window.clearInterval(step)
    show(100)
    element.setAttribute('data-state', 'hidden')
    element.setAttribute('aria-hidden', 'true')
    const handOff = window.setTimeout(finish, options.handOffMs)
    undo.push(() => window.clearTimeout(handOff))
  }, options.visibleMs)
  undo.push(() => window.clearTimeout(hide))
  return handle
}

/** The page's splash; none in pages and tests that never started one (nothing to wait for). */
export function splashHandle(): SplashHandle | undefined {
  return typeof window === 'undefined' ? undefined : window.luxeSplash
}
