import { expect, test, type Page } from '@playwright/test'

/**
 * The cart, the wishlist and the currency on a real device store (Chromium's IndexedDB). Items come in
 * through the spec's old localStorage format, which also proves the one-time import.
 */

const gown = {
  id: 'dress-001',
  productId: 'dress-001',
  name: 'Silk Evening Gown',
  price: 6300,
  quantity: 1,
  image: '',
}
const belt = {
  id: 'acc-002',
  productId: 'acc-002',
  name: 'Leather Belt',
  price: 3800,
  quantity: 2,
  image: '',
}
const watch = { productId: 'watch-001', name: 'Gold Chronograph', price: 35_000, image: '' }

test.beforeEach(async ({ context }) => {
  // Skip the five-second splash and the first-visit offer, which would cover the page.
  await context.addInitScript(() => {
    window.sessionStorage.setItem('luxe.skip-splash', '1')
    window.localStorage.setItem('email_popup_seen', '2026-01-01T00:00:00.000Z')
  })
})

async function seedOldFormat(page: Page, values: Record<string, unknown>) {
  await page.goto('/')
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      window.localStorage.setItem(key, JSON.stringify(value))
    }
  }, values)
  await page.reload()
}

/**
 * Runs in the page: one request on the app's IndexedDB store. It never creates the database (that would
 * block the app's own upgrade) and always closes its connection.
 */
function device(page: Page, action: 'get' | 'put', key: string, value?: unknown): Promise<unknown> {
  return page.evaluate(
    ([verb, wanted, data]) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('luxe-kenya')
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => (verb === 'get' ? resolve(null) : reject(open.error))
        open.onsuccess = () => {
          const db = open.result
          try {
            if (!db.objectStoreNames.contains('keyvaluepairs')) {
              db.close()
              if (verb === 'get') resolve(null)
              else reject(new Error('the app has not created its store yet'))
              return
            }
            const transaction = db.transaction(
              'keyvaluepairs',
              verb === 'get' ? 'readonly' : 'readwrite',
            )
            const store = transaction.objectStore('keyvaluepairs')
            const request = verb === 'get' ? store.get(wanted) : store.put(data, wanted)
            transaction.oncomplete = () => {
              db.close()
              resolve(verb === 'get' ? (request.result ?? null) : null)
            }
            transaction.onerror = () => {
              db.close()
              reject(transaction.error)
            }
          } catch (error) {
            db.close()
            reject(error)
          }
        }
      }),
    [action, key, value] as const,
  )
}

const readDevice = (page: Page, key: string) => device(page, 'get', key)

test('an old-format cart is imported; the drawer changes quantities and totals; all survives a reload', async ({
  page,
}) => {
  await seedOldFormat(page, { cart: [gown, belt], wishlist: [watch] })

  const cartButton = page.getByRole('button', { name: 'Open cart, 3 items' })
  await expect(cartButton).toBeVisible()
  await cartButton.click()
  const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ })
  await expect(page.getByRole('dialog', { name: 'Shopping Cart (3)' })).toBeVisible()
  await expect(drawer.getByText('KSH 13,900')).toBeVisible()
  await expect(drawer.getByText('Your order qualifies for free delivery')).toBeVisible()

  await drawer.getByRole('button', { name: 'Increase quantity of Silk Evening Gown' }).click()
  await expect(page.getByRole('dialog', { name: 'Shopping Cart (4)' })).toBeVisible()
  await expect(drawer.getByText('KSH 20,200')).toBeVisible()
  await drawer.getByRole('button', { name: 'Decrease quantity of Leather Belt' }).click()
  await expect(drawer.getByText('KSH 16,400')).toBeVisible()

  // Imported once: the old copies are gone now that IndexedDB holds the data.
  await expect
    .poll(() =>
      page.evaluate(() => [localStorage.getItem('cart'), localStorage.getItem('wishlist')]),
    )
    .toEqual([null, null])

  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await page.getByRole('button', { name: 'Switch currency to USD' }).click()
  await expect(page.getByRole('button', { name: 'Switch currency to KSH' })).toBeVisible()
  await page.getByRole('button', { name: 'Open cart, 3 items' }).click()
  await expect(drawer.getByText('$117.14')).toBeVisible()
  await expect(drawer.getByText('$45.00')).toBeVisible()
  await page.keyboard.press('Escape')

  await page.goto('/wishlist')
  const saved = page.getByRole('listitem', { name: 'Gold Chronograph' })
  await expect(saved.getByText('$250.00')).toBeVisible()
  await saved.getByRole('button', { name: 'Move to Cart' }).click()
  await expect(page.getByRole('button', { name: 'Open cart, 4 items' })).toBeVisible()
  await expect(page.getByText('Your wishlist is empty')).toBeVisible()

  await expect
    .poll(
      async () => ((await readDevice(page, 'cart')) as { items: unknown[] } | null)?.items.length,
    )
    .toBe(3)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Open cart, 4 items' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Switch currency to KSH' })).toBeVisible()
  await expect(page.getByText('Your wishlist is empty')).toBeVisible()
  await page.getByRole('button', { name: 'Open cart, 4 items' }).click()
  const after = page.getByRole('dialog', { name: 'Shopping Cart (4)' })
  await expect(after).toBeVisible()
  await expect(after.getByRole('listitem')).toHaveCount(3)
  await expect(after.getByText('$367.14')).toBeVisible()
})

test('Clear Cart empties the cart for good, and Checkout goes to /checkout', async ({ page }) => {
  await seedOldFormat(page, { cart: [gown] })
  await page.getByRole('button', { name: 'Open cart, 1 item' }).click()
  const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ })
  await expect(drawer.getByText('Your order qualifies for free delivery')).toBeVisible()
  await drawer.getByRole('button', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(drawer).toBeHidden()

  await page.getByRole('button', { name: 'Open cart, 1 item' }).click()
  await page.getByRole('button', { name: 'Clear Cart' }).click()
  const empty = page.getByRole('dialog', { name: 'Shopping Cart (0)' })
  await expect(empty.getByText('Your cart is empty')).toBeVisible()
  await expect(empty.getByText('Add some items to get started')).toBeVisible()
  await empty.getByRole('button', { name: 'Continue Shopping' }).click()
  await expect(empty).toBeHidden()

  await expect
    .poll(async () => ((await readDevice(page, 'cart')) as { items: unknown[] } | null)?.items)
    .toEqual([])
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeVisible()
})

test('a guest keeps a wishlist on the device', async ({ page }) => {
  await seedOldFormat(page, {
    wishlist: [watch, { ...watch, productId: 'bags-001', name: 'Tote' }],
  })
  await page.goto('/wishlist')
  await expect(page.getByText('2 items saved')).toBeVisible()
  await page.getByRole('button', { name: 'Remove Tote from wishlist' }).click()
  await expect(page.getByText('1 item saved')).toBeVisible()
  await expect
    .poll(async () => ((await readDevice(page, 'wishlist')) as { items: unknown[] } | null)?.items)
    .toEqual([watch])
  await page.reload()
  await expect(page.getByRole('listitem', { name: 'Gold Chronograph' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear All' }).click()
  await expect(page.getByText('Your wishlist is empty')).toBeVisible()
})
