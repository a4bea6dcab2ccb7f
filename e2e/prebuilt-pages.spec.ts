import { readFileSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { manifestBootKeys } from '../build/boot-files'
import { DEMO_SERVICE_ROLE_KEY } from '../supabase/local/keys'
import { device } from './support/device'
import { seenPopup, skipSplash } from './support/first-visit'
import { holdAppCode, takenOver } from './support/navigation'

/**
 * The pages the build prerenders: what a search engine, a link preview and a browser without JavaScript
 * get from the server, and that the app takes the page over (hydration) without an error.
 */

interface ProductData {
  '@type': string
  name: string
  sku: string
  offers: { '@type': string; priceCurrency: string; price: string; availability: string }
}

/** A product the seed lists, read from the served sitemap. */
async function aProductPath(request: APIRequestContext) {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const url = /<loc>([^<]*\/product\/[^<]+)<\/loc>/.exec(sitemap)?.[1]
  expect(url, 'the sitemap lists products').toBeTruthy()
  return new URL(url!).pathname
}

test.describe('prebuilt pages, as served', () => {
  test('a product page names itself to search engines and link previews', async ({ request }) => {
    const path = await aProductPath(request)
    const response = await request.get(path, { headers: { accept: 'text/html' } })
    expect(response.status()).toBe(200)
    const html = await response.text()
    const head = html.slice(0, html.indexOf('</head>'))
    // The encoding is declared within the first 1024 bytes (after the inlined font script).
    const charset = /<meta charset="UTF-8"[^>]*>/i.exec(html)
    expect(charset).toBeTruthy()
    expect(charset!.index + charset![0].length).toBeLessThanOrEqual(1024)

    const title = /<title>([^<]+)<\/title>/.exec(head)?.[1]
    expect(title).toMatch(/ \| Luxe Kenya$/)
    const name = title!.replace(/ \| Luxe Kenya$/, '').replace(/&amp;/g, '&')
    const description = /<meta name="description" content="([^"]+)"/.exec(head)?.[1]
    expect(description).toContain('KSh ')
    expect(head).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path}"`))
    for (const property of ['og:title', 'og:description', 'og:url', 'og:type', 'og:image']) {
      expect(head, property).toMatch(new RegExp(`<meta property="${property}" content="[^"]+"`))
    }

    const documents = [
      ...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1]!) as { '@type': string })
    const product = documents.find((data) => data['@type'] === 'Product') as ProductData
    expect(product.name.replace(/&amp;/g, '&')).toBe(name)
    expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'KES' })
    expect(Number(product.offers.price)).toBeGreaterThan(0)
    expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/)
    expect(description).toContain(`KSh ${Number(product.offers.price).toLocaleString('en-KE')}`)
    expect(documents.map((data) => data['@type'])).toEqual(
      expect.arrayContaining(['BreadcrumbList', 'Organization']),
    )
    // The page itself is in the HTML, not only its head.
    expect(html).toContain(`<h1`)
    expect(html).toMatch(/KSH [\d,]+/)
  })

  test('an unknown product or path answers 404 with the not-found page', async ({ request }) => {
    for (const path of ['/product/no-such-product-xyz', '/no-such-page']) {
      const response = await request.get(path, { headers: { accept: 'text/html' } })
      expect(response.status(), path).toBe(404)
      expect(await response.text(), path).toContain('Page not found')
      expect((await request.get(path)).status(), `${path} without Accept`).toBe(404)
    }
    expect((await request.get('/checkout', { headers: { accept: 'text/html' } })).status()).toBe(
      200,
    )
  })

  test('sitemap.xml and robots.txt come with the build', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const path of ['/', '/women', '/blog/spring-trends', '/brands/rolex']) {
      expect(sitemap).toMatch(new RegExp(`<loc>https?://[^<]+${path === '/' ? '/' : path}</loc>`))
    }
    expect(sitemap).not.toContain('/checkout')
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m)
    expect(robots).toContain('Disallow: /admin')
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('home, a listing, a product and an article show their content and link to each other', async ({
    page,
    request,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Kenyan Fashion Redefined' })).toBeVisible()
    // Inside <noscript>, which Playwright's text search leaves out: found by its class.
    await expect(page.locator('.noscript-note')).toBeVisible()
    await expect(page.locator('.noscript-note')).toContainText(
      'The cart and checkout need a modern browser',
    )
    // The whole home page is in the HTML, not only what the first screen shows.
    const categories = page.getByRole('region', { name: 'Shop by Category' })
    await categories.scrollIntoViewIfNeeded()
    await expect(categories.getByRole('link').first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Shop by Brand' })).toBeAttached()
    await expect(page.getByRole('region', { name: /^Join .* enthusiasts/ })).toBeAttached()

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Women' })
      .click()
    await expect(page).toHaveURL(/\/women$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Women' })).toBeVisible()
    const card = page.locator('main a[href^="/product/"]').first()
    await expect(card).toBeVisible()
    await expect(
      page
        .locator('main')
        .getByText(/^KSH [\d,]+$/)
        .first(),
    ).toBeVisible()

    await card.click()
    await expect(page).toHaveURL(/\/product\//)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(
      page
        .locator('main')
        .getByText(/KSH [\d,]+/)
        .first(),
    ).toBeVisible()

    await page.goto('/blog/spring-trends')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('spring trends')
    await expect(page.getByRole('article').getByRole('heading', { level: 2 }).first()).toBeVisible()
    await page.getByRole('link', { name: 'Luxe Kenya home' }).first().click()
    await expect(page).toHaveURL(/\/$/)
    expect(await aProductPath(request)).toMatch(/^\/product\//)
  })
})

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
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    for (const path of ['/', '/women', '/blog/spring-trends']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      // Hydrated: the search button (a React handler) opens the dialog.
      await page.getByRole('button', { name: 'Search' }).first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await page.keyboard.press('Escape')
    }
    expect(errors).toEqual([])
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test("the app takes a prebuilt page over without the wide screens' menus and filters, with no console error", async ({
      page,
    }) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      for (const path of ['/', '/women']) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
        await page.getByRole('button', { name: 'Search' }).first().click()
        await expect(page.getByRole('dialog')).toBeVisible()
        await page.keyboard.press('Escape')
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

    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
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
