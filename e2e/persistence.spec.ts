import { expect, test, type Page } from '@playwright/test'

/**
 * Storage faults in a real browser (reliability 28–31): corrupt or foreign data in IndexedDB, a newer
 * version's data, no IndexedDB at all, and two tabs of the store open at once.
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
const meta = { _persist: { version: 1, rehydrated: true } }

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.sessionStorage.setItem('luxe.skip-splash', '1')
    window.localStorage.setItem('email_popup_seen', '2026-01-01T00:00:00.000Z')
  })
})

/**
 * Runs in the page: one request on the app's IndexedDB store. It never creates the database (that would
 * block the app's own upgrade) and always closes its connection.
 */
function device(
  page: Page,
  action: 'get' | 'put' | 'putJson',
  key: string,
  value?: unknown,
): Promise<unknown> {
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
            // putJson parses in the page, so keys like __proto__ arrive as they would from a real file.
            const stored = verb === 'putJson' ? (JSON.parse(data as string) as unknown) : data
            const request = verb === 'get' ? store.get(wanted) : store.put(stored, wanted)
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

async function startWithCart(page: Page) {
  await page.goto('/')
  await page.evaluate((lines) => localStorage.setItem('cart', JSON.stringify(lines)), [gown, belt])
  await page.reload()
  await expect(page.getByRole('button', { name: 'Open cart, 3 items' })).toBeVisible()
  await expect.poll(() => device(page, 'get', 'cart')).toEqual({ items: [gown, belt], ...meta })
}

test('corrupt values in IndexedDB are dropped at start and the rest of the app keeps working', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await startWithCart(page)
  await page.getByRole('button', { name: 'Switch currency to USD' }).click()
  await expect.poll(() => device(page, 'get', 'currency')).toEqual({ currency: 'USD', ...meta })

  await device(page, 'put', 'cart', '{"items": [ {"productId": "dress-001", ')
  await device(
    page,
    'putJson',
    'wishlist',
    `{"items": [
      {"productId": "watch-001", "name": "Gold Chronograph", "price": 35000},
      {"productId": "bad-1", "price": "free"},
      {"productId": "bad-2", "name": "Proto", "__proto__": {"polluted": true}},
      {"productId": "bad-3", "name": "Builder", "constructor": {"prototype": {"polluted": true}}}
    ], "_persist": {"version": 1, "rehydrated": true}}`,
  )
  await page.reload()

  await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Switch currency to KSH' })).toBeVisible()
  await page.goto('/wishlist')
  await expect(page.getByText('1 item saved')).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'Gold Chronograph' })).toBeVisible()
  expect(await page.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted')
  await expect.poll(() => device(page, 'get', 'cart')).toEqual({ items: [], ...meta })
  expect(errors).toEqual([])
})

test('bad lines are dropped and good ones kept; a newer version is dropped; an older one migrated', async ({
  page,
}) => {
  await startWithCart(page)
  await device(page, 'put', 'cart', {
    items: [
      gown,
      { ...belt, quantity: 0 },
      { ...belt, productId: 'x', quantity: 2.5 },
      { ...belt, productId: 'y', price: Number.NaN },
    ],
    ...meta,
  })
  await device(page, 'put', 'wishlist', {
    entries: [{ productId: 'watch-001' }],
    _persist: { version: 9, rehydrated: true },
  })
  await device(page, 'put', 'currency', { legacy: 'USD', _persist: { version: 0 } })
  await page.reload()
  await expect(page.getByRole('button', { name: 'Open cart, 1 item' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Switch currency to KSH' })).toBeVisible()
  await expect.poll(() => device(page, 'get', 'currency')).toEqual({ currency: 'USD', ...meta })
  await page.goto('/wishlist')
  await expect(page.getByText('Your wishlist is empty')).toBeVisible()
})

test('without IndexedDB the cart works in memory and the shopper is told it will not be saved', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true })
  })
  await page.goto('/')
  await page.evaluate((lines) => localStorage.setItem('cart', JSON.stringify(lines)), [gown])
  await page.reload()
  await expect(page.getByText('Your cart will not be saved on this device')).toBeVisible()
  await page.getByRole('button', { name: 'Open cart, 1 item' }).click()
  const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ })
  await expect(page.getByRole('dialog', { name: 'Shopping Cart (1)' })).toBeVisible()
  await drawer.getByRole('button', { name: 'Increase quantity of Silk Evening Gown' }).click()
  await expect(page.getByRole('dialog', { name: 'Shopping Cart (2)' })).toBeVisible()
  await expect(drawer.getByRole('note')).toContainText('Your cart will not be saved on this device')
  // Nothing could be saved, so the old copy stays for a later visit.
  expect(await page.evaluate(() => localStorage.getItem('cart'))).not.toBeNull()
})

test('two tabs stay in step instead of overwriting each other', async ({ context }) => {
  const first = await context.newPage()
  await startWithCart(first)
  const second = await context.newPage()
  await second.goto('/wishlist')
  await expect(second.getByRole('button', { name: 'Open cart, 3 items' })).toBeVisible()

  await first.getByRole('button', { name: 'Open cart, 3 items' }).click()
  await first.getByRole('button', { name: 'Increase quantity of Silk Evening Gown' }).click()
  await expect(second.getByRole('button', { name: 'Open cart, 4 items' })).toBeVisible()

  await second.getByRole('button', { name: 'Switch currency to USD' }).click()
  await expect(first.getByText('$45.00')).toBeVisible()
  await expect
    .poll(() => device(second, 'get', 'cart'))
    .toMatchObject({
      items: [{ ...gown, quantity: 2 }, belt],
    })
})
