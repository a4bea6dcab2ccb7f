import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as PreloadInSlices from '@/lib/preload-in-slices'
import { nextTask, perLink, slowLinks } from '../../support/slow-links'

type Helper = typeof PreloadInSlices

/** A fresh copy of the helper: it remembers the files it has asked for, as it does for a page's life. */
async function freshHelper(): Promise<Helper> {
  vi.resetModules()
  return import('@/lib/preload-in-slices')
}

const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    href: link.getAttribute('href'),
  }))

/** A link the page already has (the app loader's, or one written into a prebuilt page). */
function pageLinks(rel: string, href: string) {
  const link = document.createElement('link')
  link.rel = rel
  link.href = href
  document.head.append(link)
}

describe('the import() helper that adds links in slices', () => {
  beforeEach(() => {
    document.head.replaceChildren()
    slowLinks()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('adds a part’s links a few per task, never past its slice, and imports the part once all are in', async () => {
    const { __vitePreload, SLICE_MS } = await freshHelper()
    const deps = Array.from({ length: 10 }, (_, index) => `assets/part-${index}.js`)
    let imported = 0
    const done = __vitePreload(async () => {
      imported = links().length
      return 'the part'
    }, deps)

    // Nothing in the caller's task (a tap's handler, a render): the links come in later tasks.
    expect(links()).toHaveLength(0)
    const perTask: number[] = []
    let before = 0
    while (links().length < deps.length) {
      await nextTask()
      perTask.push(links().length - before)
      before = links().length
    }
    // A slice stops at the first link that takes it to SLICE_MS.
    const mostPerTask = Math.ceil(SLICE_MS / perLink)
    expect(Math.max(...perTask)).toBeLessThanOrEqual(mostPerTask)
    expect(perTask.length).toBeGreaterThanOrEqual(Math.ceil(deps.length / mostPerTask))

    await expect(done).resolves.toBe('the part')
    expect(imported).toBe(deps.length)
    expect(links()).toEqual(
      deps.map((dep) => ({ rel: 'modulepreload', href: `http://localhost:3000/${dep}` })),
    )
  })

  it('asks for a file once, and not at all when the page already links it', async () => {
    const { __vitePreload } = await freshHelper()
    pageLinks('modulepreload', '/assets/vendor.js')

    const deps = ['assets/vendor.js', 'assets/dialog.js', 'assets/box.js']
    await Promise.all([
      __vitePreload(async () => 'search', deps),
      __vitePreload(async () => 'cart', ['assets/box.js', 'assets/drawer.js']),
    ])
    await __vitePreload(async () => 'again', deps)

    expect(links().map((link) => link.href)).toEqual([
      '/assets/vendor.js',
      'http://localhost:3000/assets/dialog.js',
      'http://localhost:3000/assets/box.js',
      'http://localhost:3000/assets/drawer.js',
    ])
  })

  it('waits for a stylesheet to load, and does not add one the page already has', async () => {
    const { __vitePreload } = await freshHelper()
    pageLinks('stylesheet', '/assets/page.css')

    let imported = false
    const done = __vitePreload(async () => {
      imported = true
    }, ['assets/page.css', 'assets/drawer.css', 'assets/drawer.js'])
    while (links().length < 3) await nextTask()
    await nextTask()
    expect(imported).toBe(false)

    const sheet = document.head.querySelector<HTMLLinkElement>('link[href$="drawer.css"]')!
    expect(sheet.rel).toBe('stylesheet')
    sheet.dispatchEvent(new Event('load'))
    await done
    expect(imported).toBe(true)
  })

  it('reports a stylesheet that failed and fails the import, unless a listener takes the error', async () => {
    const { __vitePreload } = await freshHelper()
    const reported: unknown[] = []
    const listener = (event: Event) =>
      reported.push((event as Event & { payload: unknown }).payload)
    window.addEventListener('vite:preloadError', listener)
    try {
      const failing = __vitePreload(async () => 'never', ['assets/chat.css'])
      while (links().length < 1) await nextTask()
      document.head.querySelector('link')!.dispatchEvent(new Event('error'))
      await expect(failing).rejects.toThrow(
        'Unable to preload CSS for http://localhost:3000/assets/chat.css',
      )
      expect(reported).toHaveLength(1)

      const taken = (event: Event) => event.preventDefault()
      window.addEventListener('vite:preloadError', taken)
      const going = __vitePreload(async () => 'imported anyway', ['assets/toasts.css'])
      while (links().length < 2) await nextTask()
      document.head.querySelectorAll('link')[1]!.dispatchEvent(new Event('error'))
      await expect(going).resolves.toBe('imported anyway')
      window.removeEventListener('vite:preloadError', taken)
    } finally {
      window.removeEventListener('vite:preloadError', listener)
    }
  })

  it('links only the stylesheets of a part fetched ahead of need, and its scripts once it is needed', async () => {
    const { __vitePreload, aheadOfNeed } = await freshHelper()
    const deps = ['assets/dialog.js', 'assets/box.js', 'assets/dialog.css']
    let imported = 0
    const prefetched = aheadOfNeed(() =>
      __vitePreload(async () => {
        imported += 1
      }, deps),
    )
    while (links().length < 1) await nextTask()
    document.head.querySelector('link')!.dispatchEvent(new Event('load'))
    await prefetched
    // The import itself brings the scripts: no link for each.
    expect(imported).toBe(1)
    expect(links()).toEqual([
      { rel: 'stylesheet', href: 'http://localhost:3000/assets/dialog.css' },
    ])

    // Asked for again (the shopper opens it): the scripts are linked, the stylesheet is not again.
    await __vitePreload(async () => {
      imported += 1
    }, deps)
    expect(imported).toBe(2)
    expect(links().map((link) => `${link.rel} ${link.href}`)).toEqual([
      'stylesheet http://localhost:3000/assets/dialog.css',
      'modulepreload http://localhost:3000/assets/dialog.js',
      'modulepreload http://localhost:3000/assets/box.js',
    ])
  })

  it('asks for a file whose link the page lost meanwhile, though the page has as many links as before', async () => {
    const { __vitePreload } = await freshHelper()
    pageLinks('stylesheet', '/assets/page.css')
    pageLinks('canonical', '/women')
    // The helper reads the page's links (and adds one).
    await __vitePreload(async () => 'first', ['assets/box.js'])
    expect(links()).toHaveLength(3)

    // The page swaps its stylesheet for another link: still three links.
    document.head.querySelector('link[rel="stylesheet"]')!.remove()
    pageLinks('canonical', '/men')
    const needed = __vitePreload(async () => 'styled', ['assets/page.css'])
    while (links().length < 4) await nextTask()
    const sheet = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!
    expect(sheet.getAttribute('href')).toBe('http://localhost:3000/assets/page.css')
    sheet.dispatchEvent(new Event('load'))
    await expect(needed).resolves.toBe('styled')
  })

  it('imports at once what has no files of its own', async () => {
    const { __vitePreload } = await freshHelper()
    await expect(__vitePreload(async () => 'small', [])).resolves.toBe('small')
    await expect(__vitePreload(async () => 'small')).resolves.toBe('small')
    expect(links()).toEqual([])
  })
})
