import { expect, test, type Page } from '@playwright/test'
import { navigateInApp } from './support/navigation'
import { skipIntro } from './support/pwa'

/**
 * Every route of the app renders inside the app shell (header and footer), with its own title, and not
 * the not-found page; any other path shows the not-found page. The splash and the first-visit offer are
 * skipped here (e2e/splash.spec.ts plays the splash in full).
 *
 * A sample of routes is loaded directly (deep links, served by the SPA fallback); the full list is then
 * walked inside one loaded app, as the router sees a link or the back button, which checks the same
 * pages and titles without a full page load per route.
 */

test.beforeEach(({ context }) => skipIntro(context))

const brands = [
  'rolex',
  'patek-philippe',
  'omega',
  'audemars-piguet',
  'cartier',
  'vacheron-constantin',
  'apple-watch',
  'samsung-galaxy-watch',
  'garmin',
  'tag-heuer-connected',
  'fitbit',
  'amazfit',
]
const articles = [
  'sustainable-fashion',
  'spring-trends',
  'african-print',
  'luxury-watch-collecting',
  'style-guide',
  'design-process',
]

/** Path → a word its title must contain (titles read `{page} | Luxe Kenya`). */
const pages: [path: string, title: RegExp][] = [
  ['/products', /products/i],
  ['/products/dresses', /dresses/i],
  ['/product/dress-001', /.+/],
  ['/women', /women/i],
  ['/men', /men/i],
  ['/kids', /kids/i],
  ['/beauty', /beauty/i],
  ['/accessories', /accessories/i],
  ['/luxury-watches', /luxury watch/i],
  ['/smart-watches', /smart watch/i],
  ['/luxury-watches-store', /luxury watch/i],
  ['/smart-watches-store', /smart watch/i],
  ['/bags-store', /bags/i],
  ['/jewelry-store', /jewelry/i],
  ['/shoes-store', /shoes/i],
  ['/brands', /brands/i],
  ['/sale', /sale/i],
  ['/new-arrivals', /new arrivals/i],
  ['/heritage', /heritage/i],
  ['/size-guide', /size guide/i],
  ['/faq', /faq/i],
  ['/auth', /.+/],
  ['/checkout', /checkout/i],
  ['/account', /.+/],
  ['/about', /about/i],
  ['/contact', /contact/i],
  ['/our-story', /our story/i],
  ['/press', /press/i],
  ['/careers', /careers/i],
  ['/privacy-policy', /privacy/i],
  ['/terms-of-service', /terms/i],
  ['/shipping-info', /shipping/i],
  ['/returns', /returns/i],
  ['/affiliate-program', /affiliate/i],
  ...brands.map((slug): [string, RegExp] => [`/brands/${slug}`, /.+/]),
  ['/blog', /blog/i],
  ...articles.map((slug): [string, RegExp] => [`/blog/${slug}`, /.+/]),
]

async function expectShell(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Luxe Kenya home' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeAttached()
}

async function expectNotTheNotFoundPage(page: Page) {
  await expect(page.getByRole('main')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0)
}

async function expectOwnPage(page: Page, title: RegExp) {
  await expectShell(page)
  await expectNotTheNotFoundPage(page)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page).toHaveTitle(/ \| Luxe Kenya$/)
  await expect(page).toHaveTitle(title)
}

test('the home page renders in the shell with the spec’s title', async ({ page }) => {
  await page.goto('/')
  await expectShell(page)
  await expect(page).toHaveTitle('Premium Fashion & Style')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Kenyan Fashion Redefined' }),
  ).toBeVisible()
})

test('deep links of each kind load their own page', async ({ page }) => {
  const sample = [
    '/products/dresses',
    '/product/dress-001',
    '/women',
    '/luxury-watches',
    '/brands/rolex',
    '/blog/style-guide',
    '/faq',
    '/checkout',
  ]
  for (const path of sample) {
    await test.step(path, async () => {
      await page.goto(path)
      await expectOwnPage(page, pages.find(([known]) => known === path)![1])
    })
  }
})

// The full list, in a few groups so that two workers share it.
const groups = 4
for (let group = 0; group < groups; group++) {
  const share = pages.filter((_, index) => index % groups === group)
  test(`every route renders its own page in the shell (part ${group + 1} of ${groups})`, async ({
    page,
  }) => {
    await page.goto('/')
    await expectShell(page)
    for (const [path, title] of share) {
      await test.step(path, async () => {
        await navigateInApp(page, path)
        await expectOwnPage(page, title)
      })
    }
  })
}

test('each admin path is a page of the admin area, not the not-found page', async ({ page }) => {
  await page.goto('/admin')
  await expectShell(page)
  await expectNotTheNotFoundPage(page)
  for (const path of [
    '/admin/affiliates',
    '/admin/transactions',
    '/admin/payouts',
    '/admin/products',
  ]) {
    await test.step(path, async () => {
      await navigateInApp(page, path, { stays: false })
      await expectShell(page)
      await expectNotTheNotFoundPage(page)
    })
  }
})

test('/admin-dashboard leads to the admin area', async ({ page }) => {
  await page.goto('/admin-dashboard')
  await expect(page).not.toHaveURL(/\/admin-dashboard/)
  await expect(page).toHaveURL(/\/admin(\/|$|\?)|redirect=%2Fadmin|redirect=\/admin/)
  await expectShell(page)
  await expectNotTheNotFoundPage(page)
})

test('each route sets its own title as the shopper moves around', async ({ page }) => {
  await page.goto('/women')
  await expect(page).toHaveTitle(/women/i)
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'MEN', exact: true })
    .click()
  await expect(page).toHaveURL(/\/men$/)
  await expect(page).toHaveTitle(/^Men \| Luxe Kenya$/)
  await page.getByRole('link', { name: 'Luxe Kenya home' }).click()
  await expect(page).toHaveTitle('Premium Fashion & Style')
})

test('any other path shows the not-found page inside the shell', async ({ page }) => {
  const unknown = [
    '/this-page-does-not-exist',
    '/brands/not-a-brand',
    '/blog/not-an-article',
    '/women/extra',
  ]
  for (const path of unknown) {
    await test.step(path, async () => {
      await page.goto(path)
      await expectShell(page)
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
      await expect(page).toHaveTitle('Page not found | Luxe Kenya')
    })
  }
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Kenyan Fashion Redefined' })).toBeVisible()
  // And inside the loaded app, as a link to a missing page would lead there.
  await navigateInApp(page, '/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
})
