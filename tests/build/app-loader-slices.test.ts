// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { appLoaderScript, type AppLoaderOptions } from '../../build/app-loader'
import { SLICE_MS } from '../../src/lib/preload-in-slices'
import { nextTask, perLink, slowLinks } from '../support/slow-links'

const loader: AppLoaderOptions = {
  base: '/assets/',
  entry: '/assets/index.js',
  preloads: ['/assets/runtime.js', '/assets/vendor.js', '/assets/start.js'],
  names: ['women', 'listing', 'listing.css', 'grid', 'hero', 'filters', 'swatch', 'notice'],
  table: [['^/women/?$', [0, 1, 2, 3, 4, 5, 6, 7]]],
}

const added = () =>
  [...document.querySelectorAll('head link, body script')].map((element) =>
    element instanceof HTMLLinkElement
      ? `${element.rel} ${element.getAttribute('href')}`
      : `script ${element.getAttribute('src')}`,
  )

describe('the app loader, on a page drawn by the app', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/women')
    document.head.replaceChildren()
    document.body.replaceChildren()
    slowLinks()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('adds its links a few per task, never past a slice, and the entry once they are all in', async () => {
    // The page's stylesheet is already written into it: not asked for again.
    const written = document.createElement('link')
    written.rel = 'stylesheet'
    written.setAttribute('href', '/assets/listing.css')
    Node.prototype.appendChild.call(document.head, written)

    new Function(appLoaderScript(loader))()

    const expected = [
      'stylesheet /assets/listing.css',
      ...loader.preloads.map((file) => `modulepreload ${file}`),
      ...['women', 'listing', 'grid', 'hero', 'filters', 'swatch', 'notice'].map(
        (name) => `modulepreload /assets/${name}.js`,
      ),
      'script /assets/index.js',
    ]
    const perTask = [added().length - 1]
    let before = added().length
    while (added().length < expected.length) {
      await nextTask()
      perTask.push(added().length - before)
      before = added().length
    }
    expect(added()).toEqual(expected)
    // A slice stops at the first link that takes it to SLICE_MS (the entry's script comes with the last).
    expect(Math.max(...perTask)).toBeLessThanOrEqual(Math.ceil(SLICE_MS / perLink) + 1)
    expect(perTask.length).toBeGreaterThanOrEqual(4)
  })
})
