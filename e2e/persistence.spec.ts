import { expect, test, type Page } from '@playwright/test'
import { belt, device, gown, seedOldFormat } from './support/device'
import { skipIntro } from './support/pwa'

/**
 * Storage faults in a real browser: corrupt or foreign data in IndexedDB, a newer
 * version's data, no IndexedDB at all, and two tabs of the store open at once.
 */

const meta = { _persist: { version: 1, rehydrated: true } }

test.beforeEach(({ context }) => skipIntro(context))

async function startWithCart(page: Page) {
  await seedOldFormat(page, { cart: [gown, belt] })
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
  await seedOldFormat(page, { cart: [gown] })
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
