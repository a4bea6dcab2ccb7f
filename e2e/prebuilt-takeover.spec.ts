import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { manifestBootKeys } from '../build/boot-files'
import { DEMO_SERVICE_ROLE_KEY } from '../supabase/local/keys'
import { device } from './support/device'
import { seenPopup, skipSplash } from './support/first-visit'
import { holdAppCode, takenOver } from './support/navigation'
import { aProductPath, consoleErrors } from './support/prebuilt'

/**
 * The app takes a prebuilt page over (hydration): without an error or a shift, keeping what the shopper
 * did meanwhile, asking for its code only once the page has painted, and showing what changed since the
 * build. What the server sends, with or without JavaScript, is in prebuilt-pages.spec.ts.
 */

/** Opens `path` and waits until the app has it: the search button (a React handler) opens the dialog. */
async function openTakenOver(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Search' }).first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
}

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(skipSplash)
    await context.addInitScript(seenPopup)
  })

  test('a page scrolled before the app takes it over stays where the shopper scrolled it', async ({
    page,
  }) => {
    const release = await holdAppCode(page)
    await page.goto('/contact')
    await page.evaluate(() => window.scrollTo(0, 400))
    release()
    await takenOver(page.getByRole('button', { name: 'Send message' }))
    // The router has rendered the page (its scroll handling runs then) and a frame has passed.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))))
    expect(await page.evaluate(() => window.scrollY)).toBe(400)

    // A move to another page still starts at its top.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'WOMEN' })
      .click()
    await expect(page).toHaveURL(/\/women$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('a filter or size picked before the app takes the page over is applied once it has', async ({
    page,
  }) => {
    let release = await holdAppCode(page)
    await page.goto('/women')
    const dresses = page
      .getByRole('complementary', { name: 'Filters' })
      .getByRole('radio', { name: /Dresses/ })
    // Ticked as the shopper tapped it, and followed by the listing once the app has the page.
    await dresses.check()
    release()
    await expect(page).toHaveURL(/category=dresses/)
    await expect(dresses).toBeChecked()

    await page.unroute(/\/assets\/.*\.js$/)
    release = await holdAppCode(page)
    await page.goto('/product/silk-evening-gown-dress-006')
    await page.getByRole('radio', { name: 'M', exact: true }).check()
    release()
    await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeChecked()
    await page.getByRole('radio', { name: 'Black' }).check()
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    // The size was taken: only the colour was missing, and it is given.
    await expect(page.getByRole('alert').filter({ hasText: 'Please choose a size' })).toHaveCount(0)
    await expect(page.getByRole('dialog', { name: /Shopping Cart \(1\)/ })).toBeVisible()
  })

  test('the app takes a prebuilt page over with no console error', async ({ page }) => {
    const errors = consoleErrors(page)
    for (const path of ['/', '/women', '/blog/spring-trends']) await openTakenOver(page, path)
    expect(errors).toEqual([])
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test("the app takes a prebuilt page over without the wide screens' menus and filters, with no console error", async ({
      page,
    }) => {
      const errors = consoleErrors(page)
      for (const path of ['/', '/women']) {
        await openTakenOver(page, path)
        // Built for wide screens and hidden here: taken out before the app took the page over.
        await expect(page.locator('[data-media]')).toHaveCount(0)
      }
      // The phone's own way to them works: the menu, and the filters in a drawer.
      await page.getByRole('button', { name: /^Filters/ }).click()
      const filters = page.getByRole('dialog', { name: 'Filters' })
      await filters.getByRole('radio', { name: /Dresses/ }).check()
      await expect(page).toHaveURL(/category=dresses/)
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect(
        page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'MEN', exact: true }),
      ).toBeVisible()
      expect(errors).toEqual([])
    })
  })

  /**
   * When the page's load event came, its first contentful paint was on screen, and the first of the app's
   * files (code, catalogue) was asked for.
   */
  const appRequests = (page: Page) =>
    page.evaluate(() => {
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming
      const app = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.+\.(js|json)$/.test(entry.name))
      return {
        loadedAt: navigation.loadEventStart,
        paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        first: Math.min(...app.map((entry) => entry.startTime)),
        files: app.length,
      }
    })

  for (const path of ['/women', '/product/wrap-midi-dress-dress-001']) {
    test(`a prebuilt page (${path}) asks for none of the app until it has loaded and painted`, async ({
      page,
    }) => {
      await page.goto(path)
      // Taken over: the search button (a React handler) opens the dialog.
      await page.getByRole('button', { name: 'Search' }).first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      const { loadedAt, paintedAt, first, files } = await appRequests(page)
      expect(files).toBeGreaterThan(3)
      expect(loadedAt).toBeGreaterThan(0)
      expect(first).toBeGreaterThanOrEqual(loadedAt)
      expect(first).toBeGreaterThanOrEqual(paintedAt)
    })
  }

  test('what the app starts with is asked for with its entry, not a round trip after it has run', async ({
    page,
  }) => {
    // From the build manifest: the entry, what it imports statically, the stages it imports to run
    // them in tasks of their own and what they import, and React's DOM renderer (build/boot-files.ts).
    const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string; imports?: string[]; dynamicImports?: string[] }
    >
    const startFiles = manifestBootKeys(manifest).map((key) => `/${manifest[key]!.file}`)
    expect(startFiles.length).toBeGreaterThan(6)

    await page.goto('/women')
    await page.getByRole('button', { name: 'Search' }).first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    const requested = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .map(({ name, startTime, responseEnd }) => ({
          path: new URL(name).pathname,
          startTime,
          responseEnd,
        })),
    )
    const entryArrived = requested.find((file) => file.path === startFiles[0])!.responseEnd
    for (const path of startFiles) {
      const file = requested.find((request) => request.path === path)
      expect(file, `${path} is fetched`).toBeTruthy()
      expect(file!.startTime, `${path} is asked for before the entry has arrived`).toBeLessThan(
        entryArrived,
      )
    }
  })

  test('a picture that never arrives holds the app back 5 s at most', async ({ page }) => {
    // The first card's picture is asked for and never answered: the page's load event never comes.
    await page.route('**/images/products/**', () => {})
    await page.goto('/women', { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: 'Search' }).first().click()
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 })
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
  })

  test('the app shell (the wishlist) asks for the app at once', async ({ page }) => {
    await page.goto('/wishlist')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const { loadedAt, first } = await appRequests(page)
    expect(first).toBeLessThan(loadedAt)
  })

  test('what the device saved (a currency) reaches the store before the take-over: no error, shown after, links work', async ({
    page,
  }) => {
    await page.goto('/about')
    await page.getByRole('button', { name: 'Switch currency to USD' }).click()
    await expect(page.getByRole('button', { name: 'Switch currency to KSH' })).toBeVisible()
    // Saved on the device: the next start reads it back before the page is taken over.
    await expect.poll(() => device(page, 'get', 'currency')).toMatchObject({ currency: 'USD' })

    const errors = consoleErrors(page)
    // The build's catalogue comes late, so the saved currency is in the store well before hydration.
    await page.route('**/assets/catalogue-snapshot-*.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto('/luxury-watches-store')
    // The page as built (KSh), then in the saved currency once taken over; a tap then is not lost.
    const houses = page.getByRole('region', { name: 'Luxury Watch Houses' })
    await expect(page.getByRole('button', { name: 'Switch currency to KSH' })).toBeVisible()
    await expect(
      page
        .locator('main')
        .getByText(/^\$[\d,]+\.\d\d$/)
        .first(),
    ).toBeVisible()
    await houses.getByRole('link', { name: /^Rolex, Since 1905$/ }).click()
    await expect(page).toHaveURL(/\/brands\/rolex$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Rolex' })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a price changed after the build shows once the page is taken over, with nothing moving', async ({
    context,
    page,
    request,
  }) => {
    await context.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          shifts.push(entry.value)
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const path = await aProductPath(request)
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text()
    const sku = /"sku":"([^"]+)"/.exec(html)![1]!
    const headers = {
      apikey: DEMO_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    }
    const rows = (await (
      await request.get(`/rest/v1/products?id=eq.${sku}&select=price,discount`, { headers })
    ).json()) as { price: number; discount: number }[]
    const before = rows[0]!
    const price = before.price + 1230
    const now = Math.round((price * (100 - before.discount)) / 100)
    const shown = `KSH ${now.toLocaleString('en-KE')}`
    expect(html).not.toContain(shown)
    const patch = (data: object) =>
      request.patch(`/rest/v1/products?id=eq.${sku}`, { headers, data })
    expect((await patch({ price })).ok()).toBe(true)
    try {
      await page.goto(path)
      await expect(page.locator('main').getByText(shown).first()).toBeVisible()
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
      )
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.05)
    } finally {
      await patch({ price: before.price })
    }
  })
})
