import { expect as baseExpect, test, type Page } from '@playwright/test'
import { skipIntro } from './support/pwa'

// These tests need the real service worker (offline work, its caches or what it serves).
test.use({ serviceWorkers: 'allow' })

/** The 'Search Fashion' dialog over the seeded catalogue. */

// This machine is shared and often busy: give the embedded server room before calling a step failed.
const expect = baseExpect.configure({ timeout: 20_000 })

test.beforeEach(({ context }) => skipIntro(context))

async function openSearch(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Search Fashion' })
  await expect(dialog).toBeVisible({ timeout: 20_000 })
  const box = dialog.getByPlaceholder('Search for fashion items...')
  await expect(box).toBeFocused()
  return { dialog, box }
}

const results = (page: Page) =>
  page.getByRole('dialog', { name: 'Search Fashion' }).locator('a[data-result]')

test('finds products, watch brands and pages, each opening the right place', async ({ page }) => {
  await page.goto('/')
  const { dialog, box } = await openSearch(page)
  await box.fill('rolex')
  // (The 200 ms spinner is checked with a controlled clock in the unit tests.)
  const heading = dialog.getByRole('heading', { name: /^Search Results \(\d+\)$/ })
  await expect(heading).toBeVisible()
  await expect(heading).toHaveText(`Search Results (${await results(page).count()})`)

  const product = dialog.getByRole('link', { name: /Rolex Submariner Date 41 mm/ })
  await expect(product).toHaveAttribute('href', '/product/luxe-rolex-001')
  await expect(product).toContainText('KSH 1,820,000')
  await expect(product).toContainText('Luxury Watches · Rolex')
  await expect(product.locator('img')).toHaveAttribute('src', /\/images\/products\/.+\.svg$/)
  const brand = dialog.locator('a[data-result="luxury-watch-brand"]')
  await expect(brand).toHaveAttribute('href', '/luxury-watches')
  await expect(brand).toContainText('Rolex')
  const pageResult = dialog.locator('a[data-result="page"]').first()
  await expect(pageResult).toHaveAttribute('href', '/luxury-watches-store')

  await box.fill('garmin')
  await expect(dialog.locator('a[data-result="smart-watch-brand"]')).toHaveAttribute(
    'href',
    '/smart-watches',
  )
})

test('matches descriptions too, once they follow the catalogue list', async ({ page }) => {
  await page.goto('/')
  const { dialog, box } = await openSearch(page)
  // Only the Silk Evening Gown's description has this word (search looks at name, category, brand and
  // description). A search typed before the descriptions arrive is run again when they do.
  await box.fill('charmeuse')
  await expect(dialog.getByRole('heading', { name: 'Search Results (1)' })).toBeVisible()
  await expect(dialog.getByRole('link', { name: /Silk Evening Gown/ })).toHaveAttribute(
    'href',
    '/product/dress-006',
  )
})

test('keeps to the limits: 8 products, 2 + 2 brands, 3 pages, 15 in all', async ({ page }) => {
  await page.goto('/')
  const { dialog, box } = await openSearch(page)
  await box.fill('watch')
  await expect(dialog.getByRole('heading', { name: 'Search Results (15)' })).toBeVisible()
  await expect(dialog.locator('a[data-result="product"]')).toHaveCount(8)
  await expect(dialog.locator('a[data-result="luxury-watch-brand"]')).toHaveCount(2)
  await expect(dialog.locator('a[data-result="smart-watch-brand"]')).toHaveCount(2)
  await expect(dialog.locator('a[data-result="page"]')).toHaveCount(3)
  // The list scrolls within about 96 units (24rem) rather than growing the dialog.
  const list = dialog.getByRole('list')
  const box96 = await list.evaluate((element) => ({
    max: getComputedStyle(element).maxHeight,
    overflow: getComputedStyle(element).overflowY,
  }))
  expect(box96).toEqual({ max: '384px', overflow: 'auto' })
})

test('says when nothing is found, and a blank query shows nothing', async ({ page }) => {
  await page.goto('/')
  const { dialog, box } = await openSearch(page)
  await box.fill('qwertyzz')
  await expect(dialog.getByText('No results found for "qwertyzz"')).toBeVisible()
  await expect(dialog.getByText('Try different keywords or browse our categories')).toBeVisible()
  await box.fill('    ')
  await expect(dialog.getByText(/No results found/)).toBeHidden()
  await expect(dialog.getByRole('heading', { name: /Search Results/ })).toBeHidden()
})

test('picking a result opens it, clears the search and closes the dialog', async ({ page }) => {
  await page.goto('/')
  const { dialog, box } = await openSearch(page)
  await box.fill('silk evening gown')
  await dialog.getByRole('link', { name: /Silk Evening Gown/ }).click()
  await expect(page).toHaveURL(/\/product\/dress-006$/)
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'Silk Evening Gown' })).toBeVisible()
  const again = await openSearch(page)
  await expect(again.box).toHaveValue('')
})

test('the clear button and Escape close the dialog', async ({ page }) => {
  await page.goto('/')
  const { dialog, box } = await openSearch(page)
  await box.fill('dress')
  await expect(dialog.getByRole('heading', { name: /Search Results/ })).toBeVisible()
  await dialog.getByRole('button', { name: 'Clear search' }).click()
  await expect(dialog).toBeHidden()
  const second = await openSearch(page)
  await expect(second.box).toHaveValue('')
  await page.keyboard.press('Escape')
  await expect(second.dialog).toBeHidden()
})

test('understands Swahili and forgives typos', async ({ page }) => {
  await page.goto('/')
  const { dialog, box } = await openSearch(page)
  await box.fill('viatu')
  await expect(dialog.locator('a[data-result="product"]').first()).toBeVisible()
  const shoes = await dialog.locator('a[data-result="product"]').allTextContents()
  expect(shoes.every((text) => /Shoes|Kids|Sneakers|Sandals|Heels|Boots/i.test(text))).toBe(true)
  await expect(dialog.locator('a[data-result="page"]', { hasText: 'Shoes Store' })).toBeVisible()

  await box.fill('snekers')
  await expect(dialog.getByRole('link', { name: /Sneakers/ }).first()).toBeVisible()
  await box.fill('handbg')
  await expect(dialog.locator('a[data-result="product"]').first()).toContainText(/Bags/)
})

test('on a phone, focusing the side menu search box opens the dialog', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('searchbox', { name: 'Search the store' }).focus()
  const dialog = page.getByRole('dialog', { name: 'Search Fashion' })
  await expect(dialog).toBeVisible()
  await dialog.getByPlaceholder('Search for fashion items...').fill('kitenge')
  await expect(dialog.getByRole('heading', { name: /Search Results/ })).toBeVisible()
})

test('searches the saved catalogue when offline', async ({ page, context }) => {
  await page.goto('/women')
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 })
  // Open once online so the dialog's code is here (the service worker's precache is not under test).
  await openSearch(page)
  await page.keyboard.press('Escape')
  await context.setOffline(true)
  const { dialog, box } = await openSearch(page)
  await box.fill('kitenge')
  await expect(dialog.locator('a[data-result="product"]').first()).toBeVisible()
  await context.setOffline(false)
})
