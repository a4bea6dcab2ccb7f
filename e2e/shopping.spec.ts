import { expect as baseExpect, test, type Page } from '@playwright/test'
import { seenPopup, skipSplash } from './support/first-visit'
import { device } from './support/device'
import { navigateInApp } from './support/navigation'

/**
 * Browsing and buying against the real server and its seeded catalogue: listings with filters kept in
 * the URL, the product page's pickers, the cart, and the catalogue kept on the device.
 */

// This machine is shared and often busy: give the embedded server room before calling a step failed.
const expect = baseExpect.configure({ timeout: 20_000 })

test.beforeEach(async ({ context }) => {
  // Skip the five-second splash and the first-visit offer, which would cover the page.
  await context.addInitScript(skipSplash)
  await context.addInitScript(seenPopup)
})

const count = (page: Page) => page.getByRole('status').filter({ hasText: /^\d+ products?$/ })

async function productCount(page: Page): Promise<number> {
  // The first catalogue read of a fresh server can be slow on a busy machine.
  await expect(count(page)).toBeVisible({ timeout: 30_000 })
  return Number((await count(page).textContent())!.split(' ')[0])
}

test('home → category → filter → product → size → cart', async ({ page }) => {
  await page.goto('/')
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^women$/i })
    .first()
    .click()
  await expect(page).toHaveURL(/\/women$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Women' })).toBeVisible()
  const all = await productCount(page)
  expect(all).toBeGreaterThan(10)

  const filters = page.getByRole('complementary', { name: 'Filters' })
  await filters.getByRole('radio', { name: /Dresses/ }).check()
  await expect(page).toHaveURL(/category=dresses/)
  await expect.poll(() => productCount(page)).toBeLessThan(all)

  await page.getByRole('article', { name: 'Silk Evening Gown' }).getByRole('link').click()
  await expect(page).toHaveURL(/\/product\/silk-evening-gown-dress-006$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Silk Evening Gown' })).toBeVisible()
  await expect(page).toHaveTitle('Silk Evening Gown | Luxe Kenya')

  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a size' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a colour' })).toBeVisible()
  await page.getByRole('radio', { name: 'Black' }).check()
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a colour' })).toBeHidden()
  await page.getByRole('radio', { name: 'M', exact: true }).check()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByRole('button', { name: 'Add to Cart' }).click()

  const cart = page.getByRole('dialog', { name: /Shopping Cart \(1\)/ })
  await expect(cart).toBeVisible()
  await expect(cart.getByText('Silk Evening Gown')).toBeVisible()
  await expect(cart.getByText('KSH 38,500').first()).toBeVisible()
})

test('filters and sort stay in the URL across a reload', async ({ page }) => {
  await page.goto('/women?category=dresses&sort=price-asc')
  const filters = page.getByRole('complementary', { name: 'Filters' })
  await expect(filters.getByRole('radio', { name: /Dresses/ })).toBeChecked()
  await filters.getByRole('checkbox', { name: /On sale/ }).check()
  await expect(page).toHaveURL(/sale=true/)
  const shown = await productCount(page)
  await page.reload()
  await expect(filters.getByRole('radio', { name: /Dresses/ })).toBeChecked()
  await expect(filters.getByRole('checkbox', { name: /On sale/ })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc')
  expect(await productCount(page)).toBe(shown)
  const prices = await page
    .getByRole('list', { name: 'Women products' })
    .getByRole('article')
    .evaluateAll((cards) =>
      // The first price on a card is the one paid (a struck old price comes after it).
      cards.map((card) =>
        Number(/KSH ([\d,]+)/.exec(card.textContent ?? '')?.[1]?.replace(/,/g, '')),
      ),
    )
  expect(prices).toEqual([...prices].sort((a, b) => a - b))
})

test('an address with nonsense in it still shows the listing', async ({ page }) => {
  await page.goto('/women?sort=cheapest&page=-3&min=abc&brand=%3Cscript%3E')
  await expect(page.getByRole('heading', { level: 1, name: 'Women' })).toBeVisible()
  expect(await productCount(page)).toBeGreaterThan(10)
})

test('a subcategory listing, and a collection that does not exist', async ({ page }) => {
  await page.goto('/products/matching-sets')
  await expect(page.getByRole('heading', { level: 1, name: 'Matching Sets' })).toBeVisible()
  expect(await productCount(page)).toBeGreaterThan(0)
  await page.goto('/products/space-suits')
  await expect(
    page.getByRole('heading', { name: 'We could not find that collection' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'All products' })).toBeVisible()
})

test('the product page opens by product code, and says when a product does not exist', async ({
  page,
}) => {
  await page.goto('/product/dress-006')
  await expect(page.getByRole('heading', { level: 1, name: 'Silk Evening Gown' })).toBeVisible()
  await page.goto('/product/no-such-product')
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible()
})

test('the luxury watch store lists its houses by heritage, each with a brand page', async ({
  page,
}) => {
  await page.goto('/luxury-watches-store')
  const houses = page.getByRole('region', { name: 'Luxury Watch Houses' })
  await expect(houses.getByRole('link')).toHaveCount(6)
  await houses.getByRole('link', { name: /^Rolex, Since 1905$/ }).click()
  await expect(page).toHaveURL(/\/brands\/rolex$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Rolex' })).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Rolex products' }).getByRole('article').first(),
  ).toBeVisible()
  await expect(page).toHaveTitle('Rolex | Luxe Kenya')
})

test('on a phone, filters open in a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/women')
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden()
  await page.getByRole('button', { name: /^Filters/ }).click()
  const drawer = page.getByRole('dialog', { name: 'Filters' })
  await drawer.getByRole('checkbox', { name: /New arrivals/ }).check()
  await expect(page).toHaveURL(/new=true/)
  await drawer.getByRole('button', { name: /^Show \d+ products?$/ }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()
})

test('recently viewed products are remembered on the device', async ({ page }) => {
  await page.goto('/product/dress-006')
  await expect(page.getByRole('heading', { level: 1, name: 'Silk Evening Gown' })).toBeVisible()
  // On to another product inside the app (the saved data is read and written in the background after
  // the first page renders); the reload below shows what the device kept.
  await navigateInApp(page, '/product/shoes-001')
  const recent = page.getByRole('list', { name: 'Recently viewed' })
  await expect(recent.getByRole('article', { name: 'Silk Evening Gown' })).toBeVisible()
  // The device's copy is written a moment later (IndexedDB is asynchronous): reload once it is there.
  await expect
    .poll(async () => JSON.stringify(await device(page, 'get', 'recently_viewed')))
    .toContain('dress-006')
  await page.reload()
  await expect(recent.getByRole('article', { name: 'Silk Evening Gown' })).toBeVisible()
})

test.describe('without the network', () => {
  // page.route cannot see requests a service worker makes; these tests are about the app's own copy.
  test.use({ serviceWorkers: 'block' })
  // Two full loads of the catalogue plus a reload: slow when the machine is busy.
  test.describe.configure({ timeout: 120_000 })

  test('the catalogue saved on the device is shown when the server cannot be reached', async ({
    page,
  }) => {
    await page.goto('/women')
    expect(await productCount(page)).toBeGreaterThan(10)
    // Saved in IndexedDB after the first load; now the catalogue request fails. The saved copy itself is
    // waited for: the store exists from the app's first read of it, before anything is written there.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('luxe-kenya-catalogue')
              open.onsuccess = () => {
                const db = open.result
                if (!db.objectStoreNames.contains('catalogue')) {
                  db.close()
                  resolve(false)
                  return
                }
                const read = db.transaction('catalogue').objectStore('catalogue').get('catalogue')
                read.onsuccess = () => {
                  db.close()
                  resolve(read.result !== undefined)
                }
                read.onerror = () => {
                  db.close()
                  resolve(false)
                }
              }
              open.onerror = () => resolve(false)
            }),
        ),
      )
      .toBe(true)
    await page.route('**/rest/v1/rpc/catalogue*', (route) => route.abort('internetdisconnected'))
    await page.reload()
    expect(await productCount(page)).toBeGreaterThan(10)
    await expect(page.getByText(/Showing products saved on this device/)).toBeVisible()
  })

  test('with no saved catalogue and no connection, the page says so and offers to try again', async ({
    page,
  }) => {
    await page.route('**/rest/v1/rpc/catalogue*', (route) => route.abort('internetdisconnected'))
    await page.goto('/women')
    await expect(page.getByRole('alert').filter({ hasText: 'You are offline' })).toBeVisible()
    await page.unroute('**/rest/v1/rpc/catalogue*')
    await page.getByRole('button', { name: 'Try again' }).click()
    expect(await productCount(page)).toBeGreaterThan(10)
  })
})
