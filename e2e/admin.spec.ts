import { readFileSync } from 'node:fs'
import { expect, test, type APIRequestContext } from '@playwright/test'
import {
  ADMIN_EMAIL,
  createAccount,
  fillSignIn,
  MANAGER_EMAIL,
  signInAt,
  STAFF_PASSWORD,
  unique,
  uniqueEmail,
} from './support/accounts'
import { markDispatched, placeOrder } from './support/orders'
import { skipIntro } from './support/pwa'

/**
 * The staff admin area against `npm start`: who gets in (visitors sign in and come back, shoppers are
 * kept out of every page, managers see no payouts), a product created and repriced in the admin that a
 * shopper then sees, an order moved from pending to delivered and another cancelled, the CSV export,
 * and the phone layout's menu.
 */

test.beforeEach(({ context }) => skipIntro(context))

/** A guest order with cash on delivery, placed through the REST API as the checkout does. */
const placeGuestOrder = (
  request: APIRequestContext,
  productId: string,
  contact: { name: string; phone: string; email: string },
) =>
  placeOrder(request, {
    items: [{ productId, quantity: 1 }],
    contact,
    delivery: {
      method: 'delivery',
      county: 'Kisumu',
      town: 'Kisumu',
      street: 'Oginga Odinga St',
    },
    paymentMethod: 'cod',
  })

const adminPages = [
  '/admin',
  '/admin/products',
  '/admin/transactions',
  '/admin/affiliates',
  '/admin/payouts',
]

test('a visitor is sent to sign in and brought back to the admin page they asked for', async ({
  page,
}) => {
  await page.goto('/admin/transactions?status=pending')
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%2Ftransactions%3Fstatus%3Dpending$/)
  await fillSignIn(page, MANAGER_EMAIL, STAFF_PASSWORD)
  await expect(page).toHaveURL(/\/admin\/transactions\?status=pending$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible()
  await expect(page.getByLabel('Order status')).toHaveValue('pending')

  // A manager: every section but payouts, and the payouts page says why.
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await expect(nav.getByRole('link', { name: 'Affiliates' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Payouts' })).toHaveCount(0)
  await expect(page.getByText('Manager', { exact: true })).toBeVisible()
  await page.goto('/admin/payouts')
  await expect(page.getByText('Payouts are for admins only.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Payout history' })).toHaveCount(0)
})

test('a signed-in shopper is kept out of every admin page', async ({ page, request }) => {
  const email = uniqueEmail('shopper')
  await createAccount(request, email, 'kenya-secret-1', 'Baraka Shopper')
  await signInAt(page, '/', email, 'kenya-secret-1')

  for (const path of [...adminPages, '/admin-dashboard']) {
    await page.goto(path)
    await expect(
      page.getByRole('heading', { level: 1, name: "You don't have access to the admin area" }),
    ).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0)
  }
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('an admin adds a product and reprices it; a shopper sees the new price', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  const name = `Maasai Shuka Scarf ${unique('e2e')}`
  await signInAt(page, '/admin/products', ADMIN_EMAIL)
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  await page.getByRole('button', { name: 'New product' }).click()

  const editor = page.getByRole('dialog', { name: 'New product' })
  // The rules are checked before anything is sent.
  await editor.getByRole('button', { name: 'Add product' }).click()
  await expect(editor.getByText('Enter the product name.')).toBeVisible()
  await expect(editor.getByLabel('Name', { exact: true })).toBeFocused()

  await editor.getByLabel('Name', { exact: true }).fill(name)
  const slug = await editor.getByLabel('Slug').inputValue()
  expect(slug).toMatch(/^maasai-shuka-scarf-e2e-/)
  await editor.getByLabel('Category', { exact: true }).selectOption({ label: 'Accessories' })
  await editor.getByLabel('Price (KSH)').fill('0')
  await editor.getByLabel('Discount (%)').fill('95')
  await editor.getByRole('button', { name: 'Add product' }).click()
  await expect(
    editor.getByText('Enter the price in whole shillings, more than 0 (e.g. 6300).'),
  ).toBeVisible()
  await expect(
    editor.getByText('Enter a discount from 0 to 90 percent, in whole numbers.'),
  ).toBeVisible()
  await editor.getByLabel('Price (KSH)').fill('4,200')
  await editor.getByLabel('Discount (%)').fill('0')
  await editor.getByLabel('In stock').fill('7')
  await editor.getByRole('button', { name: 'Choose an illustration' }).click()
  await editor.getByLabel('Filter illustrations').fill('scarf')
  await editor.getByRole('button', { name: /scarf/ }).first().click()
  await expect(editor.getByLabel('Image')).toHaveValue(/^\/images\/products\/.*scarf.*\.svg$/)
  await editor.getByLabel('Colours').fill('Red, Blue')
  await expect(editor.getByRole('button', { name: 'Remove colour Blue' })).toBeVisible()
  await editor.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByText('Product added')).toBeVisible()
  await expect(editor).toBeHidden()

  // A shopper opens it and sees today's price.
  const shopper = await browser.newContext()
  await skipIntro(shopper)
  const shop = await shopper.newPage()
  await shop.goto(`/product/${slug}`)
  const main = shop.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(main.getByText('KSH 4,200', { exact: true }).first()).toBeVisible()

  // The admin reprices it; a slug that is taken is refused beside the field.
  await page.getByLabel('Search products').fill(name)
  const edit = page.getByRole('button', { name: `Edit ${name}` })
  await edit.click()
  const form = page.getByRole('dialog', { name: `Edit ${name}` })
  await form.getByLabel('Slug').fill('essential-cotton-crew-tee-mens-tee-001')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    form.getByText(
      'Another product already uses the slug “essential-cotton-crew-tee-mens-tee-001”. Choose a different slug.',
    ),
  ).toBeVisible()
  await form.getByLabel('Slug').fill(slug)
  await form.getByLabel('Price (KSH)').fill('4650')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Product saved')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('KSH 4,650')

  // The catalogue may be served from the device first and refreshed behind it: at most a second
  // reload shows the new price.
  await expect(async () => {
    await shop.reload()
    await expect(main.getByText('KSH 4,650', { exact: true }).first()).toBeVisible({
      timeout: 4000,
    })
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] })
  await expect(main.getByText('KSH 4,200', { exact: true })).toHaveCount(0)
  await shopper.close()
})

test('an order moves from pending to delivered; another is cancelled after a confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const phone = `07${String(Date.now()).slice(-8)}`
  const order = await placeGuestOrder(request, 'jewelry-003', {
    name: 'Akinyi Odhiambo',
    phone,
    email: uniqueEmail('akinyi'),
  })
  const other = await placeGuestOrder(request, 'jewelry-003', {
    name: 'Akinyi Odhiambo',
    phone,
    email: uniqueEmail('akinyi'),
  })

  await signInAt(page, '/admin/transactions', ADMIN_EMAIL)
  await page.getByLabel('Search orders').fill(order.orderNumber)
  await expect(page.getByRole('row')).toHaveCount(2)
  await page.getByRole('button', { name: `Open order ${order.orderNumber}` }).click()
  const panel = page.getByRole('dialog', { name: `Order ${order.orderNumber}` })
  await expect(panel.getByText('Akinyi Odhiambo')).toBeVisible()
  await expect(panel.getByText('Oginga Odinga St')).toBeVisible()
  await expect(panel.getByText('Pending', { exact: true }).first()).toBeVisible()

  for (const [action, status] of [
    ['Confirm order', 'Confirmed'],
    ['Mark as dispatched', 'Dispatched'],
    ['Mark as delivered', 'Delivered'],
  ] as const) {
    if (action === 'Mark as dispatched') await markDispatched(page)
    else await panel.getByRole('button', { name: action }).click()
    // The badge comes first; the history below lists the same word with its time.
    await expect(panel.getByText(status, { exact: true }).first()).toBeVisible()
  }
  await expect(panel.getByText('Cash on delivery: Paid')).toBeVisible()
  await expect(panel.getByText('Cash collected on delivery')).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('row', { name: new RegExp(order.orderNumber) })).toContainText(
    'Delivered',
  )

  // Cancelling asks first; "Keep the order" changes nothing.
  await page.getByLabel('Search orders').fill(phone)
  await page.getByRole('button', { name: `Open order ${other.orderNumber}` }).click()
  const second = page.getByRole('dialog', { name: `Order ${other.orderNumber}` })
  await second.getByRole('button', { name: 'Cancel order' }).click()
  const ask = page.getByRole('alertdialog', { name: `Cancel order ${other.orderNumber}?` })
  await expect(ask).toContainText('The items go back into stock')
  await ask.getByRole('button', { name: 'Keep the order' }).click()
  await expect(ask).toBeHidden()
  await expect(second.getByText('Pending', { exact: true }).first()).toBeVisible()
  await second.getByRole('button', { name: 'Cancel order' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click()
  await expect(second.getByText('Cancelled', { exact: true }).first()).toBeVisible()
  await expect(second.getByRole('button', { name: 'Confirm order' })).toHaveCount(0)
})

test('the filtered orders export as CSV, with formulas defused', async ({ page, request }) => {
  const phone = `07${String(Date.now() + 7).slice(-8)}`
  const order = await placeGuestOrder(request, 'jewelry-003', {
    name: '=HYPERLINK("http://evil.example","Win")',
    phone,
    email: uniqueEmail('csv'),
  })
  await signInAt(page, `/admin/transactions?q=${phone}`, ADMIN_EMAIL)
  await expect(page.getByRole('row', { name: new RegExp(order.orderNumber) })).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^luxe-kenya-orders-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync((await download.path())!, 'utf8')
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(lines).toHaveLength(2)
  expect(lines[0]).toContain('"Order number","Placed at","Status"')
  expect(lines[1]).toContain(`"${order.orderNumber}"`)
  expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Win"")"`)
  expect(lines[1]).toContain(`,${order.total},`)
})

test('on a phone the admin sections are one menu away', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAt(page, '/admin', ADMIN_EMAIL)
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden()
  await page.getByRole('button', { name: 'Admin menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Admin menu' })
  await expect(menu.getByText('Local Admin')).toBeVisible()
  await expect(menu.getByText('Admin', { exact: true })).toBeVisible()
  await menu.getByRole('link', { name: 'Payouts' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible()
  await expect(menu).toBeHidden()
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
