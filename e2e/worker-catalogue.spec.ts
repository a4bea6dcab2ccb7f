import {
  expect as baseExpect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test'
import {
  cacheContents,
  skipIntro,
  waitForCachedCatalogue,
  waitForServiceWorker,
} from './support/pwa'
import { useOwnServer } from './support/own-server'

// These tests need the real service worker and its caches.
test.use({ serviceWorkers: 'allow' })

/**
 * What the service worker keeps of the catalogue: the copy a prebuilt page came with, filed without a
 * second download; the live one when it changed since the build; and only answers anyone may see.
 */

const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ mode: 'serial', timeout: 180_000 })

// Its own server: a first visit here must find the catalogue as the build left it.
const own = useOwnServer()

const CATALOGUE_READS = ['/rest/v1/rpc/catalogue', '/rest/v1/rpc/catalogue_details']

/** The server's answers to the catalogue's two reads, as text. */
async function liveCatalogue(): Promise<string[]> {
  const { anonKey } = own.server.keys
  return Promise.all(
    CATALOGUE_READS.map(async (path) => {
      const response = await fetch(`${own.server.url}${path}`, {
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
  const context = await browser.newContext({ baseURL: own.server.url })
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
  expect(asJson(await readThroughWorker(page, own.server.keys.anonKey))).toEqual(asJson(live))
  await context.setOffline(false)

  // Online, a read refreshes the worker's copy in the background. The server writes the same JSON
  // with other spacing: that is no newer catalogue, and the pages are not told of one.
  await page.evaluate(() => {
    const seen: unknown[] = []
    Object.assign(window, { workerMessages: seen })
    navigator.serviceWorker.addEventListener('message', (event) => seen.push(event.data))
  })
  await readThroughWorker(page, own.server.keys.anonKey)
  await expect.poll(() => cachedCatalogue(page)).toEqual(live)
  await page.waitForTimeout(500)
  expect(
    await page.evaluate(() => (window as unknown as { workerMessages: unknown[] }).workerMessages),
  ).toEqual([])
  await context.close()
})

test('a catalogue changed since the build is the one the worker keeps', async ({ browser }) => {
  const { serviceRoleKey } = own.server.keys
  const headers = {
    apikey: serviceRoleKey,
    Authorization: `Bearer ${serviceRoleKey}`,
    'Content-Type': 'application/json',
  }
  const [product] = (await (
    await fetch(`${own.server.url}/rest/v1/products?select=id,price&order=id&limit=1`, { headers })
  ).json()) as { id: string; price: number }[]
  const setPrice = async (price: number) => {
    const response = await fetch(`${own.server.url}/rest/v1/products?id=eq.${product!.id}`, {
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

  const { anonKey, serviceRoleKey } = own.server.keys
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
