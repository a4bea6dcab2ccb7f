import { expect, test, type APIRequestContext } from '@playwright/test'
import { DEMO_SERVICE_ROLE_KEY } from '../supabase/local/keys'
import { MANAGER_EMAIL, signInAt } from './support/accounts'
import { skipIntro } from './support/pwa'

/**
 * Stock per size on `npm start` with the seeded catalogue: the product page will not sell a sold-out
 * size and says when a size is running low, checkout refuses a size that sold out while it sat in the
 * cart, and staff count stock size by size in the product editor.
 */

test.beforeEach(({ context }) => skipIntro(context))

/** Sets one size's stock with the service key, as another sale or a stock count would. */
async function setSizeStock(
  request: APIRequestContext,
  productId: string,
  size: string,
  stock: number,
) {
  const answer = await request.patch(
    `/rest/v1/product_sizes?product_id=eq.${productId}&size=eq.${encodeURIComponent(size)}`,
    {
      headers: {
        apikey: DEMO_SERVICE_ROLE_KEY,
        Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
        'Content-Type': 'application/json',
      },
      data: { stock },
    },
  )
  expect(answer.ok()).toBe(true)
}

test('a sold-out size cannot be chosen, and a size running low says how many are left', async ({
  page,
}) => {
  // Seeded: Essential Cotton Crew Tee is sold out in M and has 4 left in S.
  await page.goto('/product/mens-tee-001')
  await expect(page.getByRole('radio', { name: 'M, Sold out' })).toBeDisabled()
  // It stays in view, struck through.
  const soldOutSize = page.getByTitle('Sold out')
  await expect(soldOutSize).toHaveText('M')
  await expect(soldOutSize).toHaveCSS('text-decoration-line', 'line-through')
  await expect(page.getByRole('radio', { name: 'L', exact: true })).toBeEnabled()
  await page.getByRole('radio', { name: 'White' }).check()
  await page.getByRole('radio', { name: 'S', exact: true }).check()
  await expect(page.getByText('Only 4 left')).toBeVisible()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  const cart = page.getByRole('dialog', { name: /Shopping Cart \(1\)/ })
  await expect(cart.getByText('Essential Cotton Crew Tee')).toBeVisible()
})

test('a size that sold out while in the cart is refused at checkout, on its line', async ({
  page,
  request,
}) => {
  await page.goto('/product/dress-002')
  await page.getByRole('radio', { name: 'XXL', exact: true }).check()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await setSizeStock(request, 'dress-002', 'XXL', 0)
  try {
    await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click()
    await expect(page).toHaveURL(/\/checkout$/)
    const line = page
      .getByRole('list', { name: 'Items in your order' })
      .getByRole('listitem', { name: 'Pleated Satin Slip Dress' })
    await expect(line.getByText('Sold out. Please remove it to continue.')).toBeVisible()
  } finally {
    await setSizeStock(request, 'dress-002', 'XXL', 4)
  }
})

test('staff count stock per size, and the shop follows', async ({ page, browser }) => {
  const name = 'Oxford Button-Down Shirt'
  await signInAt(page, '/admin/products', MANAGER_EMAIL)
  await page.getByLabel('Search products').fill(name)
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  const form = page.getByRole('dialog', { name: `Edit ${name}` })
  await expect(form.getByRole('checkbox', { name: /Count stock per size/ })).toBeChecked()
  const sizes = form.getByRole('table', { name: 'Stock per size' })
  // Seeded: S 6, M 0, L 24, XL 15, XXL 6.
  await expect(sizes.getByLabel('Stock of size M')).toHaveValue('0')
  await sizes.getByLabel('Stock of size M').fill('3')
  await expect(sizes.getByRole('row', { name: /Total/ })).toContainText('54')
  await expect(form.getByLabel('In stock')).toHaveValue('54')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Product saved')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('54')

  const shopper = await browser.newContext()
  await skipIntro(shopper)
  const shop = await shopper.newPage()
  await shop.goto('/product/mens-shirt-001')
  await shop.getByRole('radio', { name: 'M', exact: true }).check()
  await expect(shop.getByText('Only 3 left')).toBeVisible()
  await shopper.close()
})
