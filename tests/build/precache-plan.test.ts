import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  inlineStylesheets,
  isOfflineRoute,
  leftOutOfPrecache,
  offlineFiles,
  type BuildManifest,
} from '../../sw/precache-plan'

/**
 * The precache is planned from the build manifest: the app and the offline pages with everything they
 * reach; the code only other pages use (the staff area first) is left out, and so is a copy of a
 * stylesheet every page carries inline.
 */
const route = (name: string, file: string, extra: object = {}) => ({
  [`src/routes/${name}.tsx?tsr-split=component`]: {
    file,
    src: `src/routes/${name}.tsx?tsr-split=component`,
    isDynamicEntry: true,
    imports: ['_start.js'],
    ...extra,
  },
})
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_start.js'],
  },
  '_start.js': {
    file: 'assets/start.js',
    css: ['assets/start.css'],
    imports: ['_vendor.js'],
    dynamicImports: [
      'src/routes/index.tsx?tsr-split=component',
      'src/routes/women.tsx?tsr-split=component',
      'src/routes/admin.tsx?tsr-split=component',
      'src/routes/admin.products.tsx?tsr-split=component',
      'src/routes/auth.tsx?tsr-split=component',
      'src/features/search/components/search-dialog-view.tsx',
    ],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/features/search/components/search-dialog-view.tsx': {
    file: 'assets/search-dialog-view.js',
    isDynamicEntry: true,
    imports: ['_start.js'],
    assets: ['assets/search.worker.js', 'assets/search-icon.svg'],
  },
  ...route('index', 'assets/routes.js'),
  ...route('women', 'assets/women.js', { imports: ['_start.js', '_listing.js'] }),
  ...route('admin', 'assets/admin.js', { imports: ['_start.js', '_admin-ui.js'] }),
  ...route('admin.products', 'assets/admin.products.js', {
    imports: ['_start.js', '_admin-ui.js', '_listing.js'],
    dynamicImports: ['src/features/admin/product-photos.tsx'],
  }),
  ...route('auth', 'assets/auth.js', { imports: ['_start.js', '_form.js'] }),
  '_listing.js': { file: 'assets/listing.js', css: ['assets/listing.css'] },
  '_admin-ui.js': { file: 'assets/admin-ui.js', css: ['assets/admin-ui.css'] },
  '_form.js': { file: 'assets/form.js' },
  'src/features/admin/product-photos.tsx': {
    file: 'assets/product-photos.js',
    isDynamicEntry: true,
    imports: ['_admin-ui.js'],
  },
}

describe('the precache plan', () => {
  it('keeps the app and the offline pages with all they reach, and their stylesheets', () => {
    expect([...offlineFiles(manifest)].sort()).toEqual([
      'assets/index.js',
      'assets/listing.css',
      'assets/listing.js',
      'assets/routes.js',
      'assets/search-dialog-view.js',
      'assets/search-icon.svg',
      'assets/start.css',
      'assets/start.js',
      'assets/vendor.js',
      'assets/women.js',
    ])
  })

  it('leaves out what only the staff area and sign-in use, and the search worker', () => {
    expect([...leftOutOfPrecache(manifest, [])].sort()).toEqual([
      'assets/admin-ui.css',
      'assets/admin-ui.js',
      'assets/admin.js',
      'assets/admin.products.js',
      'assets/auth.js',
      'assets/form.js',
      'assets/product-photos.js',
      'assets/search.worker.js',
    ])
  })

  it('leaves out a stylesheet only when every precached page carries it inline', () => {
    const inline = (file: string) =>
      `<style>body{}</style><link rel="stylesheet" href="/${file}" disabled>`
    const home = `${inline('assets/start.css')}${inline('assets/listing.css')}`
    const shell = inline('assets/start.css')
    const left = leftOutOfPrecache(manifest, [home, shell])
    expect(left.has('assets/start.css')).toBe(true)
    expect(left.has('assets/listing.css')).toBe(false)
    expect(inlineStylesheets('<link rel="stylesheet" href="/assets/a.css">')).toEqual([])
  })

  it('refuses a route file that is not classified', () => {
    const unknown = { ...manifest, ...route('gift-cards', 'assets/gift-cards.js') }
    expect(() => offlineFiles(unknown)).toThrow(/gift-cards must be in exactly one/)
  })
})

describe('the route classification', () => {
  const routesDir = resolve(import.meta.dirname, '../../src/routes')
  const routeFiles = readdirSync(routesDir)
    .filter((file) => file.endsWith('.tsx') && !file.startsWith('__'))
    .map((file) => file.replace(/\.tsx$/, ''))

  it('places every route file of the app in exactly one list', () => {
    expect(routeFiles.length).toBeGreaterThan(40)
    for (const file of routeFiles) expect(() => isOfflineRoute(file), file).not.toThrow()
  })

  it('precaches what the shopper does offline, and never the staff area', () => {
    for (const file of ['index', 'women', 'products.$category', 'product.$slug', 'search']) {
      expect(isOfflineRoute(file), file).toBe(true)
    }
    expect(isOfflineRoute('wishlist')).toBe(true)
    expect(isOfflineRoute('checkout')).toBe(true)
    for (const file of routeFiles.filter((name) => name.startsWith('admin'))) {
      expect(isOfflineRoute(file), file).toBe(false)
    }
    expect(isOfflineRoute('auth')).toBe(false)
  })
})
