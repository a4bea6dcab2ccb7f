import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect as baseExpect, test } from '@playwright/test'
import { chromiumArgs } from '../tests/support/chromium-args'
import {
  cacheContents,
  skipIntro,
  waitForCachedCatalogue,
  waitForServiceWorker,
} from './support/pwa'
import { copyBuild } from './support/server'
import { useOwnServer } from './support/own-server'

// These tests need the real service worker (offline work, its caches or what it serves).
test.use({ serviceWorkers: 'allow' })

/**
 * The installable app: a manifest Chromium accepts, our own install offer, the Cart shortcut, and an update
 * that waits for the shopper's "Reload". What the worker keeps of the catalogue: worker-catalogue.spec.ts.
 */

const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ mode: 'serial', timeout: 180_000 })

const own = useOwnServer()
const scratch: string[] = []

test.afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
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
  expect(existsSync(join(own.build, 'sw.js'))).toBe(true)
  expect(existsSync(join(own.build, 'sw.mjs'))).toBe(false)
  const worker = readFileSync(join(own.build, 'sw.js'), 'utf8')
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
  const worker = readFileSync(join(own.build, 'sw.js'), 'utf8')
  const precached = new Set([...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!))
  const manifest = JSON.parse(
    readFileSync(join(own.build, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  const routeKey = (route: string) => `src/routes/${route}.tsx?tsr-split=component`
  const isAdmin = (key: string) => /^src\/routes\/admin[.-]/.test(key) || key === routeKey('admin')
  // The stylesheet written into every page is never fetched, so it needs no copy.
  const inline = new Set(
    [
      ...readFileSync(join(own.build, 'app-shell.html'), 'utf8').matchAll(
        /href="\/([^"]+)" disabled/g,
      ),
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
    baseURL: own.server.url,
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
  const context = await browser.newContext({ baseURL: own.server.url })
  await skipIntro(context)
  const page = await context.newPage()
  await page.goto('/?cart=open&source=pwa')
  await expect(page.getByRole('dialog', { name: /Shopping Cart \(0\)/ })).toBeVisible()
  await expect(page.getByText('Your cart is empty')).toBeVisible()
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
  const context = await browser.newContext({ baseURL: own.server.url })
  await skipIntro(context)
  const page = await context.newPage()
  await page.goto('/')
  await waitForServiceWorker(page)
  await waitForCachedCatalogue(page)
  const oldCaches = Object.keys(await cacheContents(page))
  const buildMark = page.locator('meta[name="luxe-build"]')
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' })

  await own.server.stop()
  await own.server.start({ distDir: nextVersion(own.build) })

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
