import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  chromium,
  expect as baseExpect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test'
import { chromiumArgs } from '../tests/support/chromium-args'
import {
  cacheContents,
  skipIntro,
  waitForCachedCatalogue,
  waitForServiceWorker,
} from './support/pwa'
import { copyBuild, startTestServer, type TestServer } from './support/server'

// These tests need the real service worker (offline work, its caches or what it serves).
test.use({ serviceWorkers: 'allow' })

/**
 * The installable app: a manifest Chromium accepts, our own install offer, a service worker that keeps
 * only public answers, and an update that waits for the shopper's "Reload".
 */

const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ mode: 'serial', timeout: 180_000 })

let build: string
let server: TestServer
const scratch: string[] = []

test.beforeAll(async () => {
  build = copyBuild()
  server = await startTestServer({ distDir: build })
})

test.afterAll(async () => {
  await server?.dispose()
  for (const dir of [build, ...scratch]) if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Width and height from a PNG's header. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

interface Manifest {
  name: string
  short_name: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>
  screenshots: Array<{ src: string; sizes: string; form_factor?: string }>
  shortcuts: Array<{ name: string; url: string }>
}

test('the build ships one classic sw.js whose precache lists each file once', () => {
  expect(existsSync(join(build, 'sw.js'))).toBe(true)
  expect(existsSync(join(build, 'sw.mjs'))).toBe(false)
  const worker = readFileSync(join(build, 'sw.js'), 'utf8')
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!)
  expect(urls).toContain('index.html')
  expect(urls).toContain('app-shell.html')
  // The manifest's icons are fetched by the browser when it offers or installs the app.
  expect(urls.filter((url) => url.startsWith('icons/'))).toEqual([])
  expect(urls.filter((url) => url.startsWith('images/products/'))).toEqual([])
  expect(new Set(urls).size).toBe(urls.length)
})

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  assets?: string[]
}

test('the precache holds all the code of the shopper’s offline pages and none only staff use', () => {
  const worker = readFileSync(join(build, 'sw.js'), 'utf8')
  const precached = new Set([...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!))
  const manifest = JSON.parse(readFileSync(join(build, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const routeKey = (route: string) => `src/routes/${route}.tsx?tsr-split=component`
  const isAdmin = (key: string) => /^src\/routes\/admin[.-]/.test(key) || key === routeKey('admin')
  // The stylesheet written into every page is never fetched, so it needs no copy.
  const inline = new Set(
    [
      ...readFileSync(join(build, 'app-shell.html'), 'utf8').matchAll(/href="\/([^"]+)" disabled/g),
    ].map((match) => match[1]!),
  )
  const reach = (roots: string[], follow: 'static' | 'all', skip = (_key: string) => false) => {
    const files = new Set<string>()
    const seen = new Set<string>()
    const walk = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || seen.has(key) || skip(key)) return
      seen.add(key)
      files.add(chunk.file)
      chunk.css?.forEach((file) => files.add(file))
      chunk.imports?.forEach(walk)
      if (follow === 'static') return
      chunk.assets?.forEach((file) => files.add(file))
      chunk.dynamicImports?.forEach(walk)
    }
    roots.forEach(walk)
    return files
  }

  // What the entry and the pages the offline tests walk through need to render.
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
  const offlinePages = ['index', 'women', 'product.$slug', 'search', 'wishlist', 'checkout']
  const needed = reach([entry, ...offlinePages.map(routeKey)], 'static')
  const missing = [...needed].filter((file) => !precached.has(file) && !inline.has(file))
  expect(missing).toEqual([])

  // Nothing precached is reachable only through the staff area's routes.
  const withoutAdmin = reach([entry], 'all', isAdmin)
  const adminOnly = [...precached].filter(
    (url) => url.startsWith('assets/') && !withoutAdmin.has(url),
  )
  const adminRoutes = Object.keys(manifest).filter(isAdmin)
  expect(adminRoutes.length).toBeGreaterThan(5)
  expect(adminOnly).toEqual([])
  for (const key of adminRoutes) expect(precached.has(manifest[key]!.file), key).toBe(false)
})

test('Chromium finds the app installable, and our install offer never nags', async () => {
  // A normal test context is incognito, which Chromium never lets install: use a real profile.
  const profile = mkdtempSync(join(tmpdir(), 'luxe-profile-'))
  scratch.push(profile)
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    baseURL: server.url,
  })
  try {
    await skipIntro(context)
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    await waitForServiceWorker(page)

    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[]
    }
    expect(installabilityErrors).toEqual([])
    const { errors, data } = (await cdp.send('Page.getAppManifest')) as {
      errors: unknown[]
      data: string
    }
    await cdp.detach()
    expect(errors).toEqual([])
    const manifest = JSON.parse(data) as Manifest
    expect(manifest).toMatchObject({
      name: 'Luxe Kenya',
      short_name: 'Luxe Kenya',
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      theme_color: '#111111',
      background_color: '#faf6ef',
    })
    expect(manifest.shortcuts.map(({ name, url }) => [name, url.split('?')[0]])).toEqual([
      ['Sale', '/sale'],
      ['New arrivals', '/new-arrivals'],
      ['Cart', '/'],
    ])
    expect(manifest.shortcuts[2]!.url).toContain('cart=open')
    expect(manifest.screenshots.map((shot) => shot.form_factor)).toEqual(['narrow', 'wide'])

    // Every icon and screenshot is a PNG of the size it claims.
    const images = [
      ...manifest.icons,
      ...manifest.screenshots,
      { src: '/icons/apple-touch-icon.png', sizes: '180x180' },
    ]
    for (const image of images) {
      const response = await page.request.get(image.src)
      expect(response.headers()['content-type'], image.src).toBe('image/png')
      expect(pngSize(await response.body()), image.src).toBe(image.sizes)
    }
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])

    // The browser offered installation: our button shows; "Not now" hides it for 30 days.
    const offer = page.getByRole('region', { name: 'Install Luxe Kenya' })
    await expect(offer.getByRole('button', { name: 'Install app' })).toBeVisible()
    await offer.getByRole('button', { name: 'Not now' }).click()
    await expect(offer).toBeHidden()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Kenyan Fashion Redefined' })).toBeVisible()
    await page.waitForTimeout(1500)
    await expect(offer).toBeHidden()
  } finally {
    await context.close()
  }
})

test('the Cart shortcut opens the cart drawer', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url })
  await skipIntro(context)
  const page = await context.newPage()
  await page.goto('/?cart=open&source=pwa')
  await expect(page.getByRole('dialog', { name: /Shopping Cart \(0\)/ })).toBeVisible()
  await expect(page.getByText('Your cart is empty')).toBeVisible()
  await context.close()
})

const CATALOGUE_READS = ['/rest/v1/rpc/catalogue', '/rest/v1/rpc/catalogue_details']

/** The server's answers to the catalogue's two reads, as text. */
async function liveCatalogue(): Promise<string[]> {
  const { anonKey } = server.keys
  return Promise.all(
    CATALOGUE_READS.map(async (path) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      })
      expect(response.status).toBe(200)
      return response.text()
    }),
  )
}

/** The catalogue's two reads as the page gets them (through the worker), as text. */
function readThroughWorker(page: Page, anonKey: string): Promise<string[]> {
  return page.evaluate(
    ({ paths, anonKey }) =>
      Promise.all(
        paths.map((path) =>
          fetch(path, { headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` } }).then(
            (response) => response.text(),
          ),
        ),
      ),
    { paths: CATALOGUE_READS, anonKey },
  )
}

/** What the worker's catalogue cache holds for the two reads, as text. */
function cachedCatalogue(page: Page): Promise<(string | null)[]> {
  return page.evaluate(async (paths) => {
    const name = (await caches.keys()).find((key) => key.startsWith('luxe-catalogue-'))
    if (!name) return paths.map(() => null)
    const cache = await caches.open(name)
    return Promise.all(
      paths.map((path) => cache.match(path).then((response) => response?.text() ?? null)),
    )
  }, CATALOGUE_READS)
}

/** A first visit to the home page in a fresh profile, once the worker controls it and keeps the catalogue. */
async function firstVisit(browser: Browser, watch?: (context: BrowserContext) => void) {
  const context = await browser.newContext({ baseURL: server.url })
  await skipIntro(context)
  watch?.(context)
  const page = await context.newPage()
  await page.goto('/')
  await waitForServiceWorker(page)
  await waitForCachedCatalogue(page)
  return { context, page }
}

const asJson = (texts: (string | null)[]) =>
  texts.map((text) => JSON.parse(text ?? 'null') as unknown)

test('a first visit files the prebuilt page’s catalogue in the worker, downloaded once', async ({
  browser,
}) => {
  const reads: string[] = []
  const { context, page } = await firstVisit(browser, (watched) =>
    watched.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (CATALOGUE_READS.includes(path)) reads.push(path)
    }),
  )
  // The page kept the catalogue it came with (the server said it is current), and so did the worker.
  expect(reads).toEqual([])
  const live = await liveCatalogue()
  expect(asJson(await cachedCatalogue(page))).toEqual(asJson(live))

  // Offline, the worker answers the app's reads with it.
  await context.setOffline(true)
  expect(asJson(await readThroughWorker(page, server.keys.anonKey))).toEqual(asJson(live))
  await context.setOffline(false)

  // Online, a read refreshes the worker's copy in the background. The server writes the same JSON
  // with other spacing: that is no newer catalogue, and the pages are not told of one.
  await page.evaluate(() => {
    const seen: unknown[] = []
    Object.assign(window, { workerMessages: seen })
    navigator.serviceWorker.addEventListener('message', (event) => seen.push(event.data))
  })
  await readThroughWorker(page, server.keys.anonKey)
  await expect.poll(() => cachedCatalogue(page)).toEqual(live)
  await page.waitForTimeout(500)
  expect(
    await page.evaluate(() => (window as unknown as { workerMessages: unknown[] }).workerMessages),
  ).toEqual([])
  await context.close()
})

test('a catalogue changed since the build is the one the worker keeps', async ({ browser }) => {
  const { serviceRoleKey } = server.keys
  const headers = {
    apikey: serviceRoleKey,
    Authorization: `Bearer ${serviceRoleKey}`,
    'Content-Type': 'application/json',
  }
  const [product] = (await (
    await fetch(`${server.url}/rest/v1/products?select=id,price&order=id&limit=1`, { headers })
  ).json()) as { id: string; price: number }[]
  const setPrice = async (price: number) => {
    const response = await fetch(`${server.url}/rest/v1/products?id=eq.${product!.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ price }),
    })
    expect(response.ok).toBe(true)
  }
  await setPrice(product!.price + 770)
  try {
    const { context, page } = await firstVisit(browser)
    const live = await liveCatalogue()
    await expect.poll(async () => asJson(await cachedCatalogue(page))).toEqual(asJson(live))
    await context.close()
  } finally {
    await setPrice(product!.price)
  }
})

test('the worker caches only public answers', async ({ browser }) => {
  const { context, page } = await firstVisit(browser)
  // From a page of the site where no app runs, so only the requests below reach the worker: the store's
  // own page may fetch the catalogue again (its refresh) and refill the cache meanwhile.
  await page.goto('/robots.txt')
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)

  const { anonKey, serviceRoleKey } = server.keys
  const result = await page.evaluate(
    async ({ anonKey, serviceRoleKey }) => {
      const names = await caches.keys()
      const catalogueCache = names.find((name) => name.startsWith('luxe-catalogue-'))!
      await caches.delete(catalogueCache)
      const read = (token: string) =>
        fetch('/rest/v1/rpc/catalogue', {
          headers: { apikey: anonKey, Authorization: `Bearer ${token}` },
        }).then((response) => response.status)
      // A token that is not the anonymous key (here the service role; a shopper's is the same case).
      const privileged = await read(serviceRoleKey)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const afterPrivileged = await caches.has(catalogueCache)
      const anonymous = await read(anonKey)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const cached = await caches.open(catalogueCache).then((cache) => cache.keys())
      return { privileged, afterPrivileged, anonymous, cached: cached.length }
    },
    { anonKey, serviceRoleKey },
  )
  expect(result).toEqual({ privileged: 200, afterPrivileged: false, anonymous: 200, cached: 1 })
  const paths = Object.values(await cacheContents(page)).flat()
  expect(paths.filter((path) => /^\/(auth|rest|functions)\/v1\//.test(path))).toEqual([
    '/rest/v1/rpc/catalogue',
  ])
  await context.close()
})

/**
 * A second version of the build: index.html changes, and so does its revision in the worker's precache
 * list, exactly as a real rebuild would change them.
 */
function nextVersion(from: string): string {
  const next = copyBuild(from)
  scratch.push(next)
  const html = readFileSync(join(next, 'index.html'), 'utf8')
  writeFileSync(
    join(next, 'index.html'),
    html.replace('<head>', '<head>\n    <meta name="luxe-build" content="next" />'),
  )
  const worker = readFileSync(join(next, 'sw.js'), 'utf8')
  const changed = worker.replace(
    /"revision":"[0-9a-f]+","url":"index.html"/,
    '"revision":"0000000000000000000000000000next","url":"index.html"',
  )
  expect(changed).not.toBe(worker)
  writeFileSync(join(next, 'sw.js'), changed)
  return next
}

test('a new version waits for the shopper, then takes over on Reload', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url })
  await skipIntro(context)
  const page = await context.newPage()
  await page.goto('/')
  await waitForServiceWorker(page)
  await waitForCachedCatalogue(page)
  const oldCaches = Object.keys(await cacheContents(page))
  const buildMark = page.locator('meta[name="luxe-build"]')
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' })

  await server.stop()
  await server.start({ distDir: nextVersion(build) })

  // The reload finds the new worker; it installs and waits: this page is still the old version.
  await page.reload()
  await expect(prompt).toBeVisible({ timeout: 60_000 })
  await expect(buildMark).toHaveCount(0)

  // "Later": hidden for this visit; the new version still waits and is offered on the next load.
  await prompt.getByRole('button', { name: 'Later' }).click()
  await expect(prompt).toBeHidden()
  await page.reload()
  await expect(prompt).toBeVisible({ timeout: 60_000 })
  await expect(buildMark).toHaveCount(0)

  // "Reload": the new worker takes over and the page reloads into the new version.
  await prompt.getByRole('button', { name: 'Reload' }).click()
  await expect(buildMark).toHaveAttribute('content', 'next', { timeout: 60_000 })
  await expect(prompt).toBeHidden()

  // The new version's caches replace the old ones (the precache is kept: it is revisioned per file).
  const catalogueBefore = oldCaches.filter((name) => name.startsWith('luxe-catalogue-'))
  await expect
    .poll(async () =>
      Object.keys(await cacheContents(page)).filter((n) => catalogueBefore.includes(n)),
    )
    .toEqual([])
  await context.close()
})
