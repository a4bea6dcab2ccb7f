import { describe, expect, it } from 'vitest'
import {
  appLoaderScript,
  loaderKeeping,
  routesOf,
  withLoaderKeeping,
  type AppLoaderOptions,
} from '../../build/app-loader'

const loader: AppLoaderOptions = {
  base: '/assets/',
  entry: '/assets/index.js',
  preloads: ['/assets/v.js'],
  names: ['index-a', 'women-b', 'listing-c', 'listing-c.css', 'product-d', 'admin-e'],
  table: [
    ['^/$', [0]],
    ['^/women/?$', [1, 2, 3]],
    ['^/product/[^/]+/?$', [4, 2]],
    ['^/admin(/.*)?$', [5]],
  ],
}
const page = (script: string) =>
  `<html><body><div id="root">page</div><script>${script}</script>\n</body></html>`
const html = page(appLoaderScript(loader))

/** The arguments the loader's script is called with. */
function argumentsOf(document: string): unknown[] {
  const script = /<script>(\(function\(f,t,e,m,b\)[\s\S]*?)<\/script>/.exec(document)![1]!
  return JSON.parse(`[${script.slice(script.lastIndexOf('})(') + 3, -1)}]`) as unknown[]
}

/** The files the loader in `document` preloads when opened at `path`. */
function preloadedAt(document: string, path: string) {
  const [names, table] = argumentsOf(document) as [string[], Array<[string, number[]]>]
  return table
    .filter(([pattern]) => new RegExp(pattern).test(path))
    .flatMap(([, indexes]) => indexes.map((index) => names[index]))
}

describe('the app loader, trimmed', () => {
  it('keeps only the rows asked for, with their files renumbered', () => {
    const kept = loaderKeeping(loader, routesOf('/product/x'))
    expect(kept.names).toEqual(['product-d', 'listing-c'])
    expect(kept.table).toEqual([['^/product/[^/]+/?$', [0, 1]]])
    expect([kept.entry, kept.preloads, kept.base]).toEqual([
      loader.entry,
      loader.preloads,
      loader.base,
    ])
  })

  it("preloads for a prebuilt page's path what the whole table would, and stays a script that runs", () => {
    for (const path of ['/', '/women', '/product/x', '/admin/orders']) {
      const trimmed = withLoaderKeeping(html, loader, routesOf(path))
      expect(preloadedAt(trimmed, path)).toEqual(preloadedAt(html, path))
      const script = /<script>([\s\S]*?)<\/script>/.exec(trimmed)![1]!
      expect(() => new Function(script)).not.toThrow()
    }
    const women = withLoaderKeeping(html, loader, routesOf('/women'))
    expect(women.length).toBeLessThan(html.length)
    // Only the loader's arguments change.
    const rest = (document: string) => document.replace(/\}\)\((.*)\)<\/script>/, '})(…)</script>')
    expect(rest(women)).toBe(rest(html))
  })

  it('keeps for the shell the routes it answers, and what they preload', () => {
    const shellServes = (pattern: string) => pattern === '^/admin(/.*)?$'
    const shell = withLoaderKeeping(html, loader, shellServes)
    expect(preloadedAt(shell, '/admin/orders')).toEqual(['admin-e'])
    expect(preloadedAt(shell, '/women')).toEqual([])
  })

  it('refuses a page without the loader, or with another loader than the one described', () => {
    expect(() => withLoaderKeeping('<html></html>', loader, () => true)).toThrow(/no app loader/)
    const other = { ...loader, entry: '/assets/other.js' }
    expect(() => withLoaderKeeping(html, other, () => true)).toThrow(/no app loader/)
  })
})

describe('the routes the app shell answers', () => {
  it('are the app pages without a prebuilt page: never a prebuilt family, nor a prebuilt path', async () => {
    const { routePattern } = await import('../../build/route-preloads')
    const { shellServes } = await import('../../build/prerender')
    const names = [
      'index',
      'women',
      'account',
      'admin',
      'admin.orders',
      'product.$slug',
      'order.$id',
    ]
    const serves = shellServes(names, routePattern, ['/', '/women', '/product/x'])
    const answered = names.map((name) => routePattern(name, name === 'admin')).filter(serves)
    expect(answered).toEqual([
      '^/account/?$',
      '^/admin(/.*)?$',
      '^/admin/orders/?$',
      '^/order/[^/]+/?$',
    ])
  })
})
