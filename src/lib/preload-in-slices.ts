/**
 * The helper the build wraps every `import()` of a chunk in (it replaces Vite's own, see vite.config.ts):
 * it asks for the chunk's files (its imports, as modulepreloads, and its stylesheets) before importing
 * it, so they come in parallel and not one import level after another.
 *
 * Vite's helper adds every link in one go. Each link costs the browser's main thread a few milliseconds
 * to start its request (6-10 ms on a cheap phone), and a lazily loaded part needs up to sixteen files (the
 * search dialog): one task of 45-90 ms at 4x CPU, just as the shopper may tap. Here the links are added a
 * few at a time, in tasks of at most `SLICE_MS`, and the chunk is imported once all of them are in.
 *
 * Otherwise it behaves as Vite's: each file is asked for once per page, a file the page already links
 * (the app loader's modulepreloads, a stylesheet written into a prebuilt page) is not asked for again,
 * an import waits for its stylesheets to load, and a file that failed is reported as a
 * `vite:preloadError` event on the window (the import fails unless a listener prevents it).
 *
 * A fetch ahead of need (`aheadOfNeed`: the idle prefetches of the search dialog, the cart drawer, the
 * toasts, the chat panel) links only the part's stylesheets: its scripts come through the import itself,
 * one import level after another. Nobody waits for such a fetch, and the links were a large part of its
 * main-thread cost while the page was starting (the prefetches ask for some forty files).
 */

/** The longest a task spends adding links before it lets the browser do something else. */
export const SLICE_MS = 6

type Outcome = { status: 'fulfilled' } | { status: 'rejected'; reason: unknown }

/** Files asked for: their stylesheet's load while pending, `undefined` once done or for scripts. */
const seen = new Map<string, Promise<void> | undefined>()
/** Links waiting to be added, in order. */
const queue: Array<() => void> = []
let pumping = false

function pump(): void {
  const began = performance.now()
  while (queue.length > 0) {
    queue.shift()!()
    if (performance.now() - began >= SLICE_MS) break
  }
  if (queue.length > 0) setTimeout(pump, 0)
  else pumping = false
}

/** Runs `add` in the next slice, after those already waiting. */
function inTurn<T>(add: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    queue.push(() => {
      try {
        resolve(add())
      } catch (error) {
        reject(error)
      }
    })
    if (!pumping) {
      pumping = true
      setTimeout(pump, 0)
    }
  })
}

/** True while `aheadOfNeed` runs its function. */
let fetchingAhead = false

/**
 * Runs `load` (a function that imports a part) as a fetch ahead of need: the part's scripts are not
 * linked, only its stylesheets (see above). What `load` imports later, once it has returned, is asked
 * for as usual.
 */
export function aheadOfNeed<T>(load: () => T): T {
  const before = fetchingAhead
  fetchingAhead = true
  try {
    return load()
  } finally {
    fetchingAhead = before
  }
}

/**
 * Whether the page already has a link to `href` (a stylesheet only counts as one for a stylesheet),
 * written as the address or as its path (the app loader and prebuilt pages write paths). Matched on the
 * attribute by the browser's selector engine: reading every link's resolved address for every file asked
 * for cost a few milliseconds per part.
 */
function linked(href: string, isCss: boolean): boolean {
  const rel = isCss ? '[rel~="stylesheet"]' : ''
  const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`
  const { pathname } = new URL(href)
  return (
    document.querySelector(
      `link${rel}[href=${quoted(href)}], link${rel}[href=${quoted(pathname)}]`,
    ) !== null
  )
}

function addLink(href: string, isCss: boolean): Promise<void> | undefined {
  if (linked(href, isCss)) return undefined
  const link = document.createElement('link')
  link.rel = isCss ? 'stylesheet' : 'modulepreload'
  if (!isCss) link.as = 'script'
  link.crossOrigin = ''
  link.href = href
  document.head.appendChild(link)
  if (!isCss) return undefined
  return new Promise((resolve, reject) => {
    const settle = (event: Event) => {
      link.removeEventListener('load', settle)
      link.removeEventListener('error', settle)
      if (event.type === 'error') reject(new Error(`Unable to preload CSS for ${href}`))
      else resolve()
    }
    link.addEventListener('load', settle)
    link.addEventListener('error', settle)
  })
}

function askOnce(href: string): Promise<void> | undefined {
  if (seen.has(href)) return seen.get(href)
  const isCss = new URL(href).pathname.endsWith('.css')
  const asked = inTurn(() => addLink(href, isCss)).then(
    () => {
      seen.set(href, undefined)
    },
    (error: unknown) => {
      seen.set(href, undefined)
      throw error
    },
  )
  seen.set(href, asked)
  return asked
}

function reportPreloadError(error: unknown): never | undefined {
  const event = new Event('vite:preloadError', { cancelable: true }) as Event & {
    payload?: unknown
  }
  event.payload = error
  window.dispatchEvent(event)
  if (!event.defaultPrevented) throw error
  return undefined
}

/**
 * `baseModule` imports the chunk; `deps` are its files as the build names them (relative to the site's
 * root, `assets/…`).
 */
export function __vitePreload<T>(
  baseModule: () => Promise<T>,
  deps?: readonly string[],
): Promise<T> {
  const wanted = fetchingAhead ? deps?.filter((dep) => dep.endsWith('.css')) : deps
  const asked =
    wanted && wanted.length > 0
      ? wanted.flatMap((dep) => {
          const pending = askOnce(new URL(import.meta.env.BASE_URL + dep, location.href).href)
          return pending ? [pending] : []
        })
      : []
  const outcomes = Promise.all(
    asked.map((pending) =>
      pending.then(
        (): Outcome => ({ status: 'fulfilled' }),
        (reason: unknown): Outcome => ({ status: 'rejected', reason }),
      ),
    ),
  )
  return outcomes.then((settled) => {
    for (const outcome of settled)
      if (outcome.status === 'rejected') reportPreloadError(outcome.reason)
    return baseModule().catch(reportPreloadError) as Promise<T>
  })
}
