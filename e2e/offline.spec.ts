import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test'
import {
  cacheContents,
  skipIntro,
  waitForCachedCatalogue,
  waitForServiceWorker,
} from './support/pwa'
import { signInForm } from './support/accounts'
import { readRows } from './support/server'
import { useOwnServer } from './support/own-server'

// These tests need the real service worker (offline work, its caches or what it serves).
test.use({ serviceWorkers: 'allow' })

/**
 * The store with its server really stopped (not just `setOffline`, which the service worker's own
 * requests ignore): after one online visit, every shopping screen opens from the device, and a newsletter
 * sign-up made offline waits in the outbox, survives a reload, and reaches the server exactly once when
 * it is back.
 */

// A busy shared machine: the server restart and the first reads can be slow.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ mode: 'serial', timeout: 240_000 })

const own = useOwnServer()

const offlineNote = (page: Page) =>
  page.getByRole('status').filter({ hasText: "You're offline — browsing saved catalogue" })

/** A fresh profile that opened the home page online once: the worker controls it and kept the catalogue. */
async function openedOnceOnline(browser: Browser) {
  const context = await browser.newContext({ baseURL: own.server.url })
  await skipIntro(context)
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Kenyan Fashion Redefined' })).toBeVisible()
  await waitForServiceWorker(page)
  await waitForCachedCatalogue(page)
  return { context, page }
}

test('shopping works with the server stopped; an offline sign-up is delivered exactly once', async ({
  browser,
}) => {
  // Online, once: the worker takes control and keeps the catalogue.
  const { context, page } = await openedOnceOnline(browser)

  await own.server.stop()
  await context.setOffline(true)

  // Home, from the precached shell.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Kenyan Fashion Redefined' })).toBeVisible()
  await expect(offlineNote(page)).toBeVisible()

  // A category, opened by its address (the navigation is answered by the worker).
  await page.goto('/women')
  await expect(page.getByRole('heading', { level: 1, name: 'Women' })).toBeVisible()
  const count = page.getByRole('status').filter({ hasText: /^\d+ products?$/ })
  await expect(count).toBeVisible()
  expect(Number((await count.textContent())!.split(' ')[0])).toBeGreaterThan(10)

  // A product page, the cart and the wishlist.
  await page.goto('/product/silk-evening-gown-dress-006')
  await expect(page.getByRole('heading', { level: 1, name: 'Silk Evening Gown' })).toBeVisible()
  // The description came with the details, read after the list on the online visit.
  await expect(page.getByText(/^Floor-length silk charmeuse cut on the bias/)).toBeVisible()
  await page.getByRole('radio', { name: 'Black' }).check()
  await page.getByRole('radio', { name: 'M', exact: true }).check()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  const cart = page.getByRole('dialog', { name: /Shopping Cart \(1\)/ })
  await expect(cart.getByText('Silk Evening Gown')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(cart).toBeHidden()
  await page.getByRole('button', { name: 'Add to wishlist' }).click()
  await expect(page.getByRole('button', { name: 'Saved to wishlist' })).toBeVisible()

  // The currency, from the header.
  await page.getByRole('banner').getByRole('button', { name: 'Switch currency to USD' }).click()
  await expect(page.getByText('$275.00').first()).toBeVisible()

  // Search runs on the device.
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click()
  const search = page.getByRole('dialog', { name: 'Search Fashion' })
  await search.getByPlaceholder('Search for fashion items...').fill('gown')
  await expect(search.getByRole('heading', { name: /^Search Results \([1-9]\d*\)$/ })).toBeVisible()
  // A word found only in its description finds it too.
  await search.getByPlaceholder('Search for fashion items...').fill('charmeuse')
  await expect(search.getByRole('heading', { name: 'Search Results (1)' })).toBeVisible()
  await search
    .getByRole('link', { name: /Silk Evening Gown/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Silk Evening Gown' })).toBeVisible()

  // The wishlist page.
  await page.goto('/wishlist')
  await expect(page.getByText('Silk Evening Gown').first()).toBeVisible()

  // Server paths are never answered with the app shell: they fail, as they must.
  for (const path of ['/__dev/inbox', '/rest/v1/rpc/catalogue', '/auth/v1/settings']) {
    const probe = await context.newPage()
    const outcome = await probe.goto(path).then(
      (response) => `answered ${response?.status()}`,
      (error: Error) =>
        /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(error.message)
          ? 'failed'
          : error.message,
    )
    expect(outcome, path).toBe('failed')
    await probe.close()
  }

  // A newsletter sign-up waits in the outbox, and a reload does not lose it.
  const sends: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/claim_welcome_offer')) sends.push(request.method())
  })
  await page.goto('/')
  const email = `offline-${Date.now().toString(36)}@example.com`
  const form = page.getByRole('form', { name: 'Newsletter signup' }).first()
  await form.getByRole('textbox', { name: 'Email address' }).fill(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByText('Waiting to send', { exact: true })).toBeVisible()
  await expect(offlineNote(page)).toContainText('1 request waiting to send')
  await page.reload()
  await expect(offlineNote(page)).toContainText('1 request waiting to send')
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Switch currency to KSH' }),
  ).toBeVisible()

  // The server comes back: the `online` event flushes the outbox.
  await own.server.start()
  await context.setOffline(false)
  await expect(page.getByText('Successfully Subscribed!')).toBeVisible({ timeout: 60_000 })
  await expect(offlineNote(page)).toBeHidden()
  const stored = () =>
    readRows<{ email: string }>(
      own.server,
      'newsletter_subscribers',
      `select=email&email=eq.${email}`,
    )
  await expect.poll(async () => (await stored()).length).toBe(1)

  // Nothing is left to send: a reload and a focus flush send nothing more.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Kenyan Fashion Redefined' })).toBeVisible()
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await page.waitForTimeout(2000)
  expect(await stored()).toHaveLength(1)
  await expect(page.getByText('Successfully Subscribed!')).toBeHidden()
  // One request left the page for it: none while offline, one when the server was back.
  expect(sends).toEqual(['POST'])

  // Nothing personal was ever cached: only the shell, the public catalogue and product pictures.
  const cached = Object.values(await cacheContents(page)).flat()
  expect(cached.filter((path) => /^\/(auth|functions)\/v1\//.test(path))).toEqual([])
  expect(cached.filter((path) => path.startsWith('/rest/v1/')).sort()).toEqual([
    '/rest/v1/rpc/catalogue',
    '/rest/v1/rpc/catalogue_details',
  ])

  await context.close()
})

test('a page kept only once opened says offline that it needs a connection, then works offline once seen', async ({
  browser,
}) => {
  // The staff area's code is not precached (sw/precache-plan.ts); its layout chunk, from the build.
  const manifest = JSON.parse(
    readFileSync(join(own.build, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; src?: string }>
  const adminChunk = Object.values(manifest).find(
    (chunk) => chunk.src === 'src/routes/admin.tsx?tsr-split=component',
  )!.file
  expect(readFileSync(join(own.build, 'sw.js'), 'utf8')).not.toContain(adminChunk)

  const { context, page } = await openedOnceOnline(browser)

  // Offline, never opened: the store's offline message in the shell, not an error page.
  await own.server.stop()
  await context.setOffline(true)
  await page.goto('/admin')
  const needsConnection = page
    .getByRole('status')
    .filter({ hasText: 'This page needs a connection' })
  await expect(needsConnection).toBeVisible()
  await expect(needsConnection).toContainText('your cart and your wishlist still work')
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0)
  await expect(page.getByRole('banner').getByRole('button', { name: /^Open cart/ })).toBeVisible()

  // Back online, the page opens by itself: a visitor is sent to sign in.
  await own.server.start()
  await context.setOffline(false)
  await expect(signInForm(page)).toBeVisible({ timeout: 30_000 })
  await expect
    .poll(async () => (await cacheContents(page))['luxe-assets-v1'] ?? [])
    .toContain(`/${adminChunk}`)

  // Opened once, it works with the server gone: its code comes from the worker's asset cache.
  await own.server.stop()
  await context.setOffline(true)
  await page.goto('/admin')
  await expect(signInForm(page)).toBeVisible()
  await expect(needsConnection).toHaveCount(0)

  await own.server.start()
  await context.close()
})
