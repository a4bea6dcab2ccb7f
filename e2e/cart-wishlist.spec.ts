import { expect, test } from '@playwright/test'
import { belt, gown, readDevice, seedOldFormat } from './support/device'
import { skipIntro } from './support/pwa'

/**
 * The cart, the wishlist and the currency on a real device store (Chromium's IndexedDB). Items come in
 * through the store's old localStorage format, which also proves the one-time import.
 */

const watch = { productId: 'watch-001', name: 'Gold Chronograph', price: 35_000, image: '' }

test.beforeEach(({ context }) => skipIntro(context))

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

test('the cart drawer is modal: focus stays out of the page behind, Escape and the backdrop close it, focus comes back', async ({
  page,
}) => {
  await page.goto('/')
  const cartButton = page.getByRole('button', { name: 'Open cart, 0 items' })
  await cartButton.click()
  const drawer = page.getByRole('dialog', { name: 'Shopping Cart (0)' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Close cart' })).toBeFocused()
  // Tab goes round the drawer and the browser's own controls (then nothing in the page has focus),
  // never to the page behind, which the browser makes inert.
  const reached: string[] = []
  for (let step = 0; step < 5; step++) {
    await page.keyboard.press('Tab')
    reached.push(
      await drawer.evaluate((element) => {
        const active = document.activeElement
        if (!active || active === document.body) return '(outside the page)'
        return element.contains(active) ? (active.textContent ?? '') : 'the page behind'
      }),
    )
  }
  expect(reached).not.toContain('the page behind')
  expect(reached).toContain('Continue Shopping')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(cartButton).toBeFocused()

  // A click on the backdrop (the drawer is 448 px wide at the right) closes it and reaches nothing
  // behind: here the WOMEN link lies under it.
  const women = await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'WOMEN', exact: true })
    .boundingBox()
  await cartButton.click()
  await expect(drawer).toBeVisible()
  await page.mouse.click(women!.x + women!.width / 2, women!.y + women!.height / 2)
  await expect(drawer).toBeHidden()
  await expect(cartButton).toBeFocused()
  expect(new URL(page.url()).pathname).toBe('/')
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
