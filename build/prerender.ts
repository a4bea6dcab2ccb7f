/**
 * Build-time prerendering: after the client build, the pages shoppers land on are rendered to HTML (the
 * app's own components, server-rendered in Node) over the catalogue the build can see, and written into
 * `dist/` beside a catalogue snapshot the browser hydrates them from. Also writes the app shell for the
 * pages that are not prebuilt, the not-found page, `sitemap.xml`, `robots.txt` and `prerendered.json`
 * (which tells the server which paths are app pages).
 *
 * The catalogue: `PRERENDER_CATALOGUE_URL` (a running store or the hosted project, e.g. on deploy), or
 * else the embedded database built from the migrations and seed, exactly as `npm start` opens it.
 */
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type InlineConfig, type Plugin, type Rollup } from 'vite'
import type * as RenderPage from '../src/app/prerender/render-page'
import { routesOf, withLoaderKeeping, type AppLoaderOptions } from './app-loader'
import { emptyVirtualStyles } from './empty-virtual-styles'
import type * as LocalDb from '../supabase/local/db'
import { seedDay } from '../supabase/seed/seed-day'
import {
  catalogueStateQuery,
  type BuildCatalogueState,
} from '../supabase/local/build-catalogue-version'

interface CatalogueDocuments {
  catalogue: unknown
  details: unknown
  /**
   * The version salt and revision of the seeded database the documents were read from (absent when they
   * came from a running store): see supabase/local/build-catalogue-version.ts.
   */
  state?: BuildCatalogueState
  /** The day the seeded database was seeded on (see seedDay); absent when read from a running store. */
  seedDay?: string
}

/** The module built from src/app/prerender/render-page.tsx. */
type RenderModule = typeof RenderPage

/** Where the store is published: canonical URLs, the sitemap and link previews use it. */
export const siteUrl = () =>
  (process.env.PUBLIC_SITE_URL ?? 'https://luxekenya.co.ke').replace(/\/$/, '')

/**
 * A hash of what the seeded catalogue is made from, and the day it is seeded on (see seedDay): a catalogue
 * seeded yesterday lists each product a day earlier than a server seeded today, and the prebuilt pages
 * would not be its own.
 */
export function seedKey(root: string, now: Date = new Date()): string {
  const hash = createHash('sha256')
  const add = (file: string) =>
    hash.update(file).update('\0').update(readFileSync(file)).update('\0')
  const migrations = join(root, 'supabase/migrations')
  for (const name of readdirSync(migrations).sort()) add(join(migrations, name))
  for (const file of [
    'supabase/seed.sql',
    'supabase/local/bootstrap.sql',
    'node_modules/@electric-sql/pglite/package.json',
  ]) {
    add(join(root, file))
  }
  // Cached documents also hold the database's catalogue state.
  hash.update('with-state')
  hash.update(seedDay(now))
  return hash.digest('hex').slice(0, 24)
}

async function readCatalogue(root: string, log: (m: string) => void): Promise<CatalogueDocuments> {
  const base = process.env.PRERENDER_CATALOGUE_URL ?? process.env.VITE_SUPABASE_URL
  if (base) {
    const key = process.env.VITE_SUPABASE_ANON_KEY ?? ''
    const read = async (name: string) => {
      const response = await fetch(`${base.replace(/\/$/, '')}/rest/v1/rpc/${name}`, {
        headers: { apikey: key, Authorization: `Bearer ${key}`, Accept: 'application/json' },
      })
      if (!response.ok) throw new Error(`prerender: ${name} answered ${response.status}`)
      return (await response.json()) as unknown
    }
    log(`reading the catalogue from ${base}`)
    return { catalogue: await read('catalogue'), details: await read('catalogue_details') }
  }
  // The seeded catalogue only changes with the migrations and the seed: read once per content.
  const now = new Date()
  const key = seedKey(root, now)
  const day = seedDay(now)
  const cacheFile = join(root, 'node_modules/.tmp/prerender-catalogue', `${key}.json`)
  // The cache is keyed by the seed day: what it holds was seeded today.
  if (existsSync(cacheFile)) {
    log('the seeded catalogue is unchanged since the last build')
    return {
      ...(JSON.parse(readFileSync(cacheFile, 'utf8')) as CatalogueDocuments),
      seedDay: day,
    }
  }
  log('reading the catalogue from the seeded embedded database')
  // The database code is TypeScript run as is (the config that loads this file is bundled).
  const { tsImport } = await import('tsx/esm/api')
  const { openDatabase } = (await tsImport(
    pathToFileURL(join(root, 'supabase/local/db.ts')).href,
    import.meta.url,
  )) as typeof LocalDb
  const db = await openDatabase({})
  try {
    const list = await db.pg.query<{ value: unknown }>('select public.catalogue() as value')
    const details = await db.pg.query<{ value: unknown }>(
      'select public.catalogue_details() as value',
    )
    const documents = {
      catalogue: list.rows[0]!.value,
      details: details.rows[0]!.value,
      state: (await db.pg.query<BuildCatalogueState>(catalogueStateQuery)).rows[0],
    }
    // One cached catalogue at a time: yesterday's, or one seeded from older migrations, goes.
    rmSync(dirname(cacheFile), { recursive: true, force: true })
    mkdirSync(dirname(cacheFile), { recursive: true })
    writeFileSync(cacheFile, JSON.stringify(documents))
    return { ...documents, seedDay: day }
  } finally {
    await db.pg.close()
  }
}

/**
 * React writes the page's hoisted elements (its image preloads, the route's `<title>`) at the start of
 * the markup: the preloads go to the head, where they start early; the title is the head's own.
 */
function splitHoisted(html: string): { hoisted: string; body: string } {
  let rest = html
  const hoisted: string[] = []
  for (;;) {
    const match = /^(<link [^>]*\/?>|<title>[^<]*<\/title>)/.exec(rest)
    if (!match) break
    if (match[1]!.startsWith('<link')) hoisted.push(match[1]!)
    rest = rest.slice(match[1]!.length)
  }
  return { hoisted: hoisted.join(''), body: rest }
}

/** `<div id="root"></div>` filled, the head's title and description replaced, a snapshot named. */
function pageDocument(template: string, html: string, head: string, snapshot: string): string {
  const { hoisted, body } = splitHoisted(html)
  const withoutDefaults = template
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
  const data = `<script id="luxe-prerendered" type="application/json">${JSON.stringify({ snapshot })}</script>`
  return withoutDefaults
    .replace('</head>', `    ${head}\n    ${hoisted}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>${data}`)
}

function xmlEscape(value: string) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Route families whose every page is prebuilt: a path of theirs with no page is unknown (404). */
const prebuiltFamilies = ['product.$slug', 'brands.$brand', 'blog.$article', 'products.$category']

/** The app's file routes, by file name without `.tsx` (`index`, `product.$slug`, `admin.orders`). */
function routeNames(root: string): string[] {
  return readdirSync(join(root, 'src/routes'))
    .filter((file) => file.endsWith('.tsx') && !file.startsWith('__'))
    .map((file) => file.replace(/\.tsx$/, ''))
}

type RoutePattern = (file: string, isLayout?: boolean) => string

/** The app's pages that are not prebuilt families (cart, account, checkout, an order…): each URL pattern. */
function appPages(names: string[], routePattern: RoutePattern) {
  return names
    .filter((name) => !prebuiltFamilies.includes(name))
    .map((name) => {
      const isLayout = names.some((other) => other.startsWith(`${name}.`))
      return { pattern: routePattern(name, isLayout), onePath: !isLayout && !name.includes('$') }
    })
}

/**
 * URL patterns of the app pages: the server answers them with their page if one was prebuilt, else with
 * the app shell; any other path without a page is unknown.
 */
function shellRoutes(names: string[], routePattern: RoutePattern) {
  return appPages(names, routePattern).map((page) => page.pattern)
}

/**
 * The routes the app shell is served for: app pages that have no prebuilt page (a route of one fixed
 * path whose page is prebuilt is answered by that page, never by the shell).
 */
export function shellServes(
  names: string[],
  routePattern: RoutePattern,
  prebuilt: readonly string[],
): (pattern: string) => boolean {
  const served = new Set(
    appPages(names, routePattern)
      .filter(
        ({ pattern, onePath }) => !(onePath && prebuilt.some((path) => routesOf(path)(pattern))),
      )
      .map((page) => page.pattern),
  )
  return (pattern) => served.has(pattern)
}

export function prerenderPages(
  root: string,
  alias: Record<string, string>,
  routePattern: RoutePattern,
  routeFiles: (chunks: Rollup.OutputChunk[]) => { files: string[]; table: [string, number[]][] },
  /** The app loader as written into index.html (known once the bundle is generated). */
  appLoader: () => AppLoaderOptions | undefined,
): Plugin {
  let routes: ReturnType<typeof routeFiles> = { files: [], table: [] }
  let outDir = 'dist'
  let ssr = false
  let serverDir = ''
  let ready: Promise<[CatalogueDocuments, unknown]> | undefined
  const log = (message: string) => console.info(`[prerender] ${message}`)
  const enabled = () => !ssr && process.env.LUXE_PRERENDER !== '0'
  return {
    name: 'luxe-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir)
      ssr = !!config.build.ssr
    },
    async buildStart() {
      if (!enabled()) return
      // The catalogue and the server bundle are made while the app is bundled.
      serverDir = mkdtempSync(join(tmpdir(), 'luxe-prerender-'))
      const config: InlineConfig = {
        configFile: false,
        logLevel: 'warn',
        root,
        resolve: { alias },
        plugins: [(await import('@vitejs/plugin-react')).default(), emptyVirtualStyles()],
        ssr: { noExternal: true },
        build: {
          ssr: join(root, 'src/app/prerender/render-page.tsx'),
          outDir: serverDir,
          emptyOutDir: true,
          copyPublicDir: false,
          target: 'node20',
          rolldownOptions: { output: { entryFileNames: 'render-page.mjs' } },
        },
      }
      ready = Promise.all([readCatalogue(root, log), build(config)])
      // Awaited in closeBundle; a failure is reported there.
      ready.catch(() => {})
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is Rollup.OutputChunk => output.type === 'chunk',
      )
      routes = routeFiles(chunks)
    },
    closeBundle: {
      // Before the service worker is generated, so its precache lists the pages written here.
      order: 'pre',
      sequential: true,
      async handler(error?: Error) {
        if (!enabled() || !ready) return
        const started = performance.now()
        const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
        try {
          if (error) return
          const [documents] = await ready
          const render = (await import(
            pathToFileURL(join(serverDir, 'render-page.mjs')).href
          )) as RenderModule

          const snapshotText = JSON.stringify({
            catalogue: documents.catalogue,
            details: documents.details,
          })
          const hash = createHash('sha256').update(snapshotText).digest('hex').slice(0, 12)
          const snapshot = `/assets/catalogue-snapshot-${hash}.json`
          writeFileSync(join(outDir, snapshot), snapshotText)

          const template = readFileSync(join(outDir, 'index.html'), 'utf8')
          const loader = appLoader()
          if (!loader) throw new Error('prerender: the app loader was not written into index.html')

          log(`catalogue and server bundle ready at ${seconds()} s`)
          const catalogue = render.snapshotCatalogue(documents)
          const paths = render.landingPaths(catalogue)
          const names = routeNames(root)
          // The shell: for app pages that are not prebuilt (cart, account, checkout) and offline.
          writeFileSync(
            join(outDir, 'app-shell.html'),
            withLoaderKeeping(template, loader, shellServes(names, routePattern, paths)),
          )
          const site = siteUrl()
          for (const path of [...paths, '/__not-found__']) {
            const page = await render.renderPage(path, catalogue)
            const head = render.headHtml(render.pageHead(path, catalogue, site, page.title))
            const file =
              path === '/__not-found__'
                ? join(outDir, '404.html')
                : join(outDir, path === '/' ? '' : path, 'index.html')
            if (path !== '/__not-found__' && page.status !== 200) {
              throw new Error(`prerender: ${path} rendered as ${page.status}`)
            }
            mkdirSync(dirname(file), { recursive: true })
            // The stylesheets of the page's own route chunks: without them the page would paint unstyled
            // until its script ran (and forever without script). Written into the page (a few KB): as
            // files, each held the first paint for a request on a slow link. The disabled link tells
            // Vite's loader, which adds the stylesheets of the chunks it loads, that it is already here.
            const styles = routes.table
              .filter(([pattern]) => new RegExp(pattern).test(path))
              .flatMap(([, indexes]) => indexes.map((index) => routes.files[index]!))
              .filter((file) => file.endsWith('.css'))
              .map((file) => {
                const css = readFileSync(join(outDir, file), 'utf8')
                if (css.includes('</style'))
                  return `<link rel="stylesheet" crossorigin href="/${file}">`
                return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`
              })
              .join('')
            const document = pageDocument(template, page.html, `${head}\n    ${styles}`, snapshot)
            // The not-found page answers any path: it keeps the whole table.
            writeFileSync(
              file,
              path === '/__not-found__'
                ? document
                : withLoaderKeeping(document, loader, routesOf(path)),
            )
          }

          const today = new Date().toISOString().slice(0, 10)
          writeFileSync(
            join(outDir, 'sitemap.xml'),
            `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
              .map(
                (path) =>
                  `  <url><loc>${xmlEscape(new URL(path, site).href)}</loc><lastmod>${today}</lastmod></url>`,
              )
              .join('\n')}\n</urlset>\n`,
          )
          writeFileSync(
            join(outDir, 'robots.txt'),
            `User-agent: *\nDisallow: /admin\nDisallow: /admin-dashboard\nDisallow: /account\nDisallow: /checkout\nDisallow: /auth\nAllow: /\n\nSitemap: ${site}/sitemap.xml\n`,
          )
          writeFileSync(
            join(outDir, 'prerendered.json'),
            JSON.stringify({
              shell: '/app-shell.html',
              notFound: '/404.html',
              snapshot,
              ...(documents.state ? { catalogueState: documents.state } : {}),
              ...(documents.seedDay ? { catalogueSeedDay: documents.seedDay } : {}),
              shellRoutes: shellRoutes(names, routePattern),
            }),
          )
          log(`${paths.length} pages in ${seconds()} s`)
        } finally {
          rmSync(serverDir, { recursive: true, force: true })
        }
      },
    },
  }
}
