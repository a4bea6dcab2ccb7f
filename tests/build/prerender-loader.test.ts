import { describe, expect, it } from 'vitest'
import { appLoaderScript } from '../../vite.config'
import { loaderForPath } from '../../build/prerender'

const names = ['index-a', 'women-b', 'listing-c', 'listing-c.css', 'product-d', 'admin-e']
const table: Array<[string, number[]]> = [
  ['^/$', [0]],
  ['^/women/?$', [1, 2, 3]],
  ['^/product/[^/]+/?$', [4, 2]],
  ['^/admin(/.*)?$', [5]],
]
const page = (script: string) =>
  `<html><body><div id="root">page</div><script>${script}</script>\n</body></html>`
const html = page(
  appLoaderScript({
    base: '/assets/',
    entry: '/assets/index.js',
    preloads: ['/assets/v.js'],
    names,
    table,
  }),
)

/** The arguments the loader's script is called with. */
function argumentsOf(document: string): unknown[] {
  const script = /<script>(\(function\(f,t,e,m,b\)[\s\S]*?)<\/script>/.exec(document)![1]!
  return JSON.parse(`[${script.slice(script.lastIndexOf('})(') + 3, -1)}]`) as unknown[]
}

describe("a prebuilt page's app loader", () => {
  it("keeps only the rows of the page's own path, the files renumbered", () => {
    const [keptNames, keptTable, entry, preloads, base] = argumentsOf(
      loaderForPath(html, '/product/x'),
    )
    expect(keptNames).toEqual(['product-d', 'listing-c'])
    expect(keptTable).toEqual([['^/product/[^/]+/?$', [0, 1]]])
    expect([entry, preloads, base]).toEqual(['/assets/index.js', ['/assets/v.js'], '/assets/'])
  })

  it('preloads for its path what the whole table would, and stays a script that runs', () => {
    for (const path of ['/', '/women', '/product/x', '/admin/orders']) {
      const trimmed = loaderForPath(html, path)
      const files = (document: string) => {
        const [n, t] = argumentsOf(document) as [string[], Array<[string, number[]]>]
        return t.filter(([p]) => new RegExp(p).test(path)).flatMap(([, i]) => i.map((x) => n[x]))
      }
      expect(files(trimmed)).toEqual(files(html))
      const script = /<script>([\s\S]*?)<\/script>/.exec(trimmed)![1]!
      expect(() => new Function(script)).not.toThrow()
    }
    expect(loaderForPath(html, '/women').length).toBeLessThan(html.length)
    expect(trimmedRest(loaderForPath(html, '/women'))).toBe(trimmedRest(html))
  })

  it('refuses a page without the loader', () => {
    expect(() => loaderForPath('<html></html>', '/')).toThrow(/no app loader/)
  })
})

/** The page around the loader's arguments, which trimming leaves as it was. */
function trimmedRest(document: string) {
  return document.replace(/\}\)\((.*)\)<\/script>/, '})(…)</script>')
}
