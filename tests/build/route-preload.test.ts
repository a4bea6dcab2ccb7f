import { describe, expect, it } from 'vitest'
import { bootChunks, routePattern, routePreloadTable } from '../../build/route-preloads'

const matches = (pattern: string, path: string) => new RegExp(pattern).test(path)

/** A chunk of a build, as the route table and the start read it. */
const chunk = (fileName: string, imports: string[], extra: object = {}) => ({
  fileName,
  imports,
  isEntry: false,
  facadeModuleId: null as string | null,
  ...extra,
})

describe('routePattern', () => {
  it('turns file route names into URL patterns', () => {
    expect(matches(routePattern('index'), '/')).toBe(true)
    expect(matches(routePattern('index'), '/women')).toBe(false)
    expect(matches(routePattern('women'), '/women')).toBe(true)
    expect(matches(routePattern('women'), '/women/')).toBe(true)
    expect(matches(routePattern('women'), '/womenswear')).toBe(false)
    expect(matches(routePattern('product.$slug'), '/product/dress-001')).toBe(true)
    expect(matches(routePattern('product.$slug'), '/product/dress-001/more')).toBe(false)
    expect(matches(routePattern('product.$slug'), '/product')).toBe(false)
    expect(matches(routePattern('blog.index'), '/blog')).toBe(true)
    expect(matches(routePattern('blog.index'), '/blog/spring-trends')).toBe(false)
    expect(matches(routePattern('shoes-store'), '/shoes-store')).toBe(true)
  })

  it('lets a layout route match the paths below it', () => {
    const admin = routePattern('admin', true)
    expect(matches(admin, '/admin')).toBe(true)
    expect(matches(admin, '/admin/products')).toBe(true)
    expect(matches(admin, '/admin-dashboard')).toBe(false)
  })
})

describe('routePreloadTable', () => {
  const chunks = [
    chunk('assets/index.js', ['assets/vendor.js', 'assets/paths.js'], {
      isEntry: true,
      facadeModuleId: '/app/index.html',
    }),
    chunk('assets/vendor.js', []),
    chunk('assets/paths.js', []),
    chunk('assets/listing.js', ['assets/vendor.js', 'assets/grid.js'], {
      viteMetadata: { importedCss: new Set(['assets/listing.css']) },
    }),
    chunk('assets/grid.js', ['assets/paths.js']),
    chunk('assets/women.js', ['assets/listing.js'], {
      facadeModuleId: '/app/src/routes/women.tsx?tsr-split=component',
    }),
    chunk('assets/men.js', ['assets/listing.js'], {
      facadeModuleId: '/app/src/routes/men.tsx?tsr-split=component',
    }),
    chunk('assets/admin.js', [], {
      facadeModuleId: '/app/src/routes/admin.tsx?tsr-split=component',
    }),
    chunk('assets/admin.products.js', ['assets/grid.js'], {
      facadeModuleId: '/app/src/routes/admin.products.tsx?tsr-split=component',
    }),
    chunk('assets/chat.js', ['assets/vendor.js']),
  ]
  const { files, table } = routePreloadTable(chunks)
  const filesFor = (path: string) =>
    table
      .filter(([pattern]) => matches(pattern, path))
      .flatMap(([, indexes]) => indexes.map((index) => files[index]))

  it('lists a route’s chunk, what it imports and their stylesheets, less what the entry loads', () => {
    const women = ['assets/women.js', 'assets/listing.js', 'assets/listing.css', 'assets/grid.js']
    expect(filesFor('/women')).toEqual(women)
    expect(filesFor('/men')).toEqual(['assets/men.js', ...women.slice(1)])
  })

  it('adds the layout’s chunk to its children’s', () => {
    expect(filesFor('/admin/products').sort()).toEqual([
      'assets/admin.js',
      'assets/admin.products.js',
      'assets/grid.js',
    ])
  })

  it('names each file once, and none that only lazy code needs', () => {
    expect(new Set(files).size).toBe(files.length)
    expect(files).not.toContain('assets/chat.js')
    expect(files).not.toContain('assets/vendor.js')
    expect(filesFor('/nowhere')).toEqual([])
  })
})

describe('what the app starts with', () => {
  // src/main.tsx imports its stages dynamically; the app's start imports React's DOM renderer so too.
  const chunks = [
    chunk('assets/index.js', ['assets/helper.js'], {
      isEntry: true,
      dynamicImports: ['assets/libraries.js', 'assets/start.js'],
    }),
    chunk('assets/helper.js', []),
    chunk('assets/libraries.js', ['assets/vendor.js']),
    chunk('assets/vendor.js', []),
    chunk('assets/start.js', ['assets/vendor.js', 'assets/helper.js'], {
      viteMetadata: { importedCss: new Set(['assets/start.css']) },
      dynamicImports: ['assets/client.js', 'assets/supabase.js', 'assets/women.js'],
    }),
    chunk('assets/client.js', ['assets/vendor.js'], {
      facadeModuleId: '/app/node_modules/react-dom/client.js',
    }),
    chunk('assets/supabase.js', [], {
      facadeModuleId: '/app/node_modules/@supabase/supabase-js/dist/index.mjs',
    }),
    chunk('assets/women.js', ['assets/start.js', 'assets/grid.js'], {
      facadeModuleId: '/app/src/routes/women.tsx?tsr-split=component',
    }),
    chunk('assets/grid.js', ['assets/vendor.js']),
  ]

  it('is the entry, its stages, what they import, and the first-route libraries a stage imports', () => {
    expect(bootChunks(chunks).map((boot) => boot.fileName)).toEqual([
      'assets/index.js',
      'assets/helper.js',
      'assets/libraries.js',
      'assets/vendor.js',
      'assets/start.js',
      'assets/client.js',
    ])
  })

  it('is left out of each route’s files, with its stylesheets', () => {
    const { files, table } = routePreloadTable(chunks)
    expect(table).toEqual([['^/women/?$', [0, 1]]])
    expect(files).toEqual(['assets/women.js', 'assets/grid.js'])
  })
})
