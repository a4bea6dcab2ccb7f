import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin, type ResolvedConfig, type Rollup } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { appLoaderScript, type AppLoaderOptions } from './build/app-loader'
import { firstRouteLibraries } from './build/boot-files'
import { chunkSourcesReport } from './build/chunk-sources'
import { chakraBaseCssPlugin } from './build/chakra-base-css'
import { prerenderPages } from './build/prerender'
import { bootChunks, routePattern, routePreloadTable } from './build/route-preloads'
import { reachableModules, shopperModuleIds } from './build/shopper-modules'
import { manifest } from './src/config/manifest'
import { leftOutOfPrecache, type BuildManifest } from './sw/precache-plan'

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
}

/** A small classic script built from `entry` (a file under src/components) and inlined into the page. */
async function bundleClassicScript(entry: string, name: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias },
    build: {
      write: false,
      copyPublicDir: false,
      target: 'es2020',
      lib: {
        entry: fileURLToPath(new URL(`./src/components/${entry}`, import.meta.url)),
        formats: ['iife'],
        name,
      },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) =>
    'output' in r ? r.output : [],
  )
  const chunk = outputs.find((output) => output.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error(`${entry} did not build.`)
  return chunk.code.trim()
}

/**
 * Two small classic scripts inlined into every page, so they run with the document instead of after the
 * app's code: fonts-boot.ts at the top of the head (it queues the lookup of the page's typefaces before
 * the browser reads the page's styles and body, see src/lib/early-fonts.ts), and splash-boot.ts at the
 * top of the body (the start-up splash, see src/components/splash-screen.ts, with the store's name and
 * the spec's timings from the config).
 */
function inlineBootScripts(): Plugin {
  let built: Promise<[string, string]> | undefined
  const bundle = () =>
    Promise.all([
      bundleClassicScript('fonts-boot.ts', 'luxeFontsBoot'),
      bundleClassicScript('splash-boot.ts', 'luxeSplashBoot'),
    ])
  return {
    name: 'luxe-inline-boot-scripts',
    configureServer() {
      // In development the scripts are rebuilt for every page, so edits show on reload.
      built = undefined
    },
    async transformIndexHtml(_html, context) {
      const [fonts, splash] = await (context.server ? bundle() : (built ??= bundle()))
      return [
        { tag: 'script', children: fonts, injectTo: 'head-prepend' },
        { tag: 'script', children: splash, injectTo: 'body-prepend' },
      ]
    },
  }
}

/**
 * Writes the app loader (build/app-loader.ts) into index.html with the build's route table, and keeps
 * what it was written from in `written` for the prerender step, which trims each page's copy.
 */
function appLoader(written: { options?: AppLoaderOptions }): Plugin {
  let base = '/'
  let assetsDir = 'assets'
  return {
    name: 'luxe-app-loader',
    apply: 'build',
    configResolved(config) {
      base = config.base
      assetsDir = config.build.assetsDir
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle) return
        const chunks = Object.values(bundle).filter(
          (output): output is Rollup.OutputChunk => output.type === 'chunk',
        )
        const { files, table } = routePreloadTable(chunks)
        // Every file is `<assetsDir>/<name>.js` or `<assetsDir>/<name>.css`: the table holds the names
        // (with `.css` for stylesheets, which are preloaded as styles; Vite applies them with the chunk).
        const prefix = `${assetsDir}/`
        const names = files.map((file) => {
          if (!file.startsWith(prefix) || !/\.(js|css)$/.test(file)) {
            throw new Error(`Unexpected chunk file name: ${file}`)
          }
          return file.slice(prefix.length).replace(/\.js$/, '')
        })
        let entry: string | undefined
        const preloads: string[] = []
        const rest = html
          .replace(
            /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
            (_tag, src: string) => {
              entry = src
              return ''
            },
          )
          .replace(
            /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
            (_tag, href: string) => {
              preloads.push(href)
              return ''
            },
          )
        if (!entry) throw new Error('index.html has no entry script to load')
        // What the app starts with beyond the entry's static imports (the stages src/main.tsx imports
        // dynamically to run them in tasks of their own, and React's DOM renderer) is fetched with the
        // entry: otherwise each would be asked for only once the code before it has run, a round trip
        // later on a slow link.
        const boot = bootChunks(chunks)
        for (const chunk of boot) {
          const href = base + chunk.fileName
          if (!chunk.isEntry && !preloads.includes(href)) preloads.push(href)
        }
        written.options = { base: base + prefix, entry, preloads, names, table }
        const script = appLoaderScript(written.options)
        // Their stylesheets too, as Vite links the entry's own (and inlineEntryCss writes into the page):
        // the shell's styles are in the first paint, not loaded with a stage's code.
        const styles = boot
          .flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])
          .filter((file, index, all) => all.indexOf(file) === index)
          .filter((file) => !rest.includes(`href="${base}${file}"`))
          .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`)
          .join('')
        return {
          html: rest.replace('</head>', `${styles}</head>`),
          tags: [{ tag: 'script', children: script, injectTo: 'body' }],
        }
      },
    },
  }
}

const preloadHelperId = '\0vite/preload-helper.js'
const preloadInSlicesFile = fileURLToPath(
  new URL('./src/lib/preload-in-slices.ts', import.meta.url),
)
const isImportHelper = (id: string) => id === preloadHelperId || id === preloadInSlicesFile

/**
 * Vite's helper for `import()` in the build is replaced by src/lib/preload-in-slices.ts, which adds a
 * lazily loaded part's links a few per task instead of all in one long task.
 */
function preloadInSlices(): Plugin {
  return {
    name: 'luxe-preload-in-slices',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id === preloadHelperId)
        return `export { __vitePreload } from ${JSON.stringify(preloadInSlicesFile)}`
    },
  }
}

/**
 * The entry's stylesheet (the shell's and the first pages' static styles, about 2 KB gzip) is written into
 * index.html: as a separate file it held the first paint (the splash) for a round trip.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'luxe-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle) return html
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file]
            if (!asset || asset.type !== 'asset') return tag
            const css =
              typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString()
            if (css.includes('</style')) return tag
            // The disabled link is never fetched; it tells Vite's loader, which lists the stylesheets of the
            // chunks it loads (the entry's among them), that this one is already on the page.
            return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`
          },
        )
      },
    },
  }
}

/**
 * A set of modules read from the module graph once it is built (before the files are cut), for a group's
 * test below.
 */
function moduleSet(name: string, read: (graph: Rollup.PluginContext) => Set<string>) {
  let ids = new Set<string>()
  const plugin: Plugin = {
    name,
    apply: 'build',
    buildEnd() {
      ids = read(this)
    },
  }
  return { plugin, has: (id: string) => ids.has(id) }
}

/** The module of the graph whose path ends with `path`. */
function moduleEnding(graph: Rollup.PluginContext, path: string): string {
  const id = [...graph.getModuleIds()].find((module) => module.endsWith(path))
  if (!id) throw new Error(`The build has no ${path.slice(1)}`)
  return id
}

/**
 * The app's own modules its start imports statically (src/app/start.tsx: the shell, the store, the
 * slices, the header) go in one file too. Left to the bundler, each module that a lazily loaded page also
 * imports became a chunk of its own: some fifty files of a few hundred bytes on the first route, each a
 * request and each compressed alone.
 */
const start = moduleSet('luxe-start-modules', (graph) => {
  const startModule = moduleEnding(graph, '/src/app/start.tsx')
  const ids = reachableModules(
    startModule,
    (id) => graph.getModuleInfo(id)?.importedIds ?? [],
    (id) => id.includes('/node_modules/') || isImportHelper(id),
  )
  // The start itself is a file of its own: it awaits the first page's code, which imports this file,
  // and a file awaiting its own importer never finishes.
  ids.delete(startModule)
  return ids
})

/**
 * The modules a shopper's pages can reach (build/shopper-modules.ts). Only these are grouped (below):
 * grouped with the rest, a share of a shop page that the admin area also uses could join an admin
 * neighbour, and a product page fetched and ran the admin's tables and pagination.
 */
const shopper = moduleSet('luxe-shopper-modules', (graph) =>
  shopperModuleIds(moduleEnding(graph, '/src/main.tsx'), (id) => {
    const info = graph.getModuleInfo(id)
    return info ? [...info.importedIds, ...info.dynamicallyImportedIds] : []
  }),
)

/**
 * The service worker's precache, trimmed once the build is written (sw/precache-plan.ts says what is
 * left out and why): read from Vite's build manifest and the precached pages themselves, never from
 * file names.
 */
function offlinePrecache() {
  let outDir = ''
  let manifestFile = ''
  return {
    configure(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir)
      const file = config.build.manifest
      manifestFile = join(outDir, typeof file === 'string' ? file : '.vite/manifest.json')
    },
    transform<Entry extends { url: string }>(entries: Entry[]) {
      if (!existsSync(manifestFile)) {
        throw new Error(
          `The precache is planned from the build manifest; ${manifestFile} is missing.`,
        )
      }
      const buildManifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest
      const pages = entries
        .filter((entry) => entry.url.endsWith('.html'))
        .map((entry) => readFileSync(join(outDir, entry.url), 'utf8'))
      const left = leftOutOfPrecache(buildManifest, pages)
      return { manifest: entries.filter((entry) => !left.has(entry.url)), warnings: [] }
    },
  }
}
const precache = offlinePrecache()

/** Below this, what one set of lazily loaded parts shares is not worth a file of its own. */
const SMALL_SHARE_BYTES = 4096

const backendTarget = process.env.BACKEND_URL ?? 'http://127.0.0.1:54321'
const backendPrefixes = ['/auth/v1', '/rest/v1', '/functions/v1', '/storage/v1', '/__dev']

/** The app loader as written into index.html (set during the build). */
const loader: { options?: AppLoaderOptions } = {}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    chakraBaseCssPlugin(fileURLToPath(new URL('./src', import.meta.url))),
    start.plugin,
    shopper.plugin,
    chunkSourcesReport(fileURLToPath(new URL('.', import.meta.url))),
    preloadInSlices(),
    inlineBootScripts(),
    appLoader(loader),
    inlineEntryCss(),
    prerenderPages(
      fileURLToPath(new URL('.', import.meta.url)),
      alias,
      routePattern,
      routePreloadTable,
      () => loader.options,
    ),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // The manifest's icons (34 KB) are not precached: only the browser reads them, when it offers or
      // installs the app and draws its shortcuts, and it fetches them itself then. The globs leave PNGs
      // out. Product pictures are cached at run time (bounded), never precached.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,ico}'],
        // Prebuilt pages other than the home page are cached as they are visited (sw/precache.ts).
        globIgnores: ['images/products/**', 'icons/**/*.ts', '*/**/index.html', '404.html'],
        // Only the code the offline app needs (sw/precache-plan.ts); the rest is kept as it is fetched.
        manifestTransforms: [precache.transform],
        // A classic-script worker written straight to sw.js: no intermediate sw.mjs left in dist, and
        // browsers without module service workers still install it.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
      integration: { configureOptions: precache.configure },
    }),
  ],
  resolve: { alias },
  build: {
    manifest: true,
    // Every browser the store supports (Chrome on Android since 66, Safari 17, Firefox 115) has
    // modulepreload: the polyfill would only add to the first route's script.
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The import() helper is a file of its own: the entry imports its stages with it, and
            // would otherwise import the start file statically, to run with the entry in one task
            // (a group takes in what its modules import).
            { name: 'import-helper', test: isImportHelper, priority: 3 },
            { name: 'vendor', test: firstRouteLibraries, priority: 2 },
            { name: 'start', test: start.has, priority: 1 },
            // What the lazily loaded parts of the shop share is grouped by the set of parts that use
            // it, much as the bundler splits it by itself, but a set's share under SMALL_SHARE_BYTES
            // joins its nearest neighbour instead of becoming a file of its own. Left alone, the build
            // wrote 180 scripts, 75 of them under 1 KB: a category page fetched 75 and the service
            // worker precached 154 files. Each request costs the phone's browser and its service
            // worker time while the page starts, whatever its size. Grouped: 151 scripts, 59-62 per
            // shop page, 128 precached files. The price: 2 KB more script and 2 KB more CSS on the
            // first route and 4 KB more in the precache (gzipped); a shop page fetches 21-46 KB more
            // raw script in its first 10 s than before.
            {
              name: 'libraries',
              test: (id: string) => shopper.has(id) && id.includes('/node_modules/'),
              entriesAware: true,
              entriesAwareMergeThreshold: SMALL_SHARE_BYTES,
            },
            {
              name: 'shared',
              test: (id: string) => shopper.has(id) && id.includes('/src/'),
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: SMALL_SHARE_BYTES,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(backendPrefixes.map((prefix) => [prefix, backendTarget])),
  },
  preview: { host: '127.0.0.1', port: 4173 },
})
