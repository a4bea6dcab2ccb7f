import { expect, test } from '@playwright/test'
import { aProductPath } from './support/prebuilt'

/**
 * The pages the build prerenders, as the server sends them: what a search engine, a link preview and a
 * browser without JavaScript get. The app taking them over is in prebuilt-takeover.spec.ts.
 */

interface ProductData {
  '@type': string
  name: string
  sku: string
  offers: { '@type': string; priceCurrency: string; price: string; availability: string }
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
