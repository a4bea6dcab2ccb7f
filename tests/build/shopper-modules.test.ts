import { describe, expect, it } from 'vitest'
import { shopperModuleIds } from '../../build/shopper-modules'

/**
 * The build groups only what a shopper's pages can reach, so that a shop page never fetches and runs
 * the admin area's code merged into a file it needs.
 */
const app = '/app/src'
const graph: Record<string, string[]> = {
  [`${app}/main.tsx`]: [`${app}/app/start.tsx`],
  [`${app}/app/start.tsx`]: [`${app}/routes/product.$slug.tsx`, `${app}/routes/admin.products.tsx`],
  [`${app}/routes/product.$slug.tsx`]: [`${app}/features/catalogue/price.ts`],
  [`${app}/routes/admin.products.tsx`]: [`${app}/features/admin/products-table.tsx`],
  [`${app}/features/admin/products-table.tsx`]: [
    `${app}/features/catalogue/price.ts`,
    '/app/node_modules/table-kit/index.js',
  ],
  [`${app}/features/catalogue/price.ts`]: [],
  '/app/node_modules/table-kit/index.js': [],
}
const reach = () => shopperModuleIds(`${app}/main.tsx`, (id) => graph[id] ?? [])

describe('shopperModuleIds', () => {
  it('follows every import from the entry', () => {
    expect(reach()).toEqual(
      new Set([
        `${app}/main.tsx`,
        `${app}/app/start.tsx`,
        `${app}/routes/product.$slug.tsx`,
        `${app}/features/catalogue/price.ts`,
      ]),
    )
  })

  it('leaves out what only the admin area reaches, its libraries too', () => {
    const ids = reach()
    expect(ids.has(`${app}/routes/admin.products.tsx`)).toBe(false)
    expect(ids.has(`${app}/features/admin/products-table.tsx`)).toBe(false)
    expect(ids.has('/app/node_modules/table-kit/index.js')).toBe(false)
  })

  it('keeps what a shop page and the admin area share', () => {
    expect(reach().has(`${app}/features/catalogue/price.ts`)).toBe(true)
  })

  it('ends on an import cycle', () => {
    const cycle: Record<string, string[]> = { '/a.ts': ['/b.ts'], '/b.ts': ['/a.ts'] }
    expect(shopperModuleIds('/a.ts', (id) => cycle[id] ?? [])).toEqual(new Set(['/a.ts', '/b.ts']))
  })
})
