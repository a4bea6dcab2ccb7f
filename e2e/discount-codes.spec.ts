import { expect, test } from '@playwright/test'
import { MANAGER_EMAIL, signInAt, uniqueEmail } from './support/accounts'
import { skipSplash } from './support/first-visit'

/**
 * The welcome code end to end on `npm start`: the email offer issues a code, the development inbox has
 * the email, the code takes 40% off at checkout (capped by the store at KSh 7,000) and the
 * confirmation and the admin show it.
 */

test('the email offer code takes 40% off (capped) at checkout and staff see it', async ({
  page,
  context,
}) => {
  // The offer opens 5 s after the first visit, then the shop, the inbox, checkout and the admin.
  test.setTimeout(150_000)
  // The splash is skipped; the first-visit offer is not.
  await context.addInitScript(skipSplash)
  const email = uniqueEmail('welcome')

  await page.goto('/')
  const offer = page.getByRole('dialog', { name: 'Unlock 40% OFF your first order' })
  await expect(offer).toBeVisible({ timeout: 15_000 })
  await offer.getByRole('textbox', { name: 'Email address' }).fill(email)
  await offer.getByRole('button', { name: 'Get 40% Off' }).click()
  await expect(page.getByText('Check your email for your 40% OFF discount code!')).toBeVisible()
  // Accepting closes the dialog; the new code stays on the page until the shopper closes it.
  await expect(offer).toBeHidden()
  const notice = page.getByRole('complementary', { name: 'Your welcome code' })
  const shown = (await notice.getByTestId('welcome-code').textContent())?.trim() ?? ''
  expect(shown).toMatch(/^WELCOME-[A-Z2-9]{10}$/)
  await notice.getByRole('button', { name: 'Start shopping' }).click()
  await expect(notice).toBeHidden()

  // The development inbox has the email with the same code.
  const inbox = await context.newPage()
  await inbox.goto(`/__dev/inbox?to=${encodeURIComponent(email)}`)
  const mail = inbox.getByRole('article').filter({ hasText: 'Your 40% OFF welcome code' })
  await expect(mail).toHaveCount(1)
  const code = /WELCOME-[A-Z2-9]{10}/.exec((await mail.textContent()) ?? '')?.[0]
  expect(code).toBe(shown)
  await inbox.close()

  // KSh 30,800 bag: 40% would be 12,320; the store's cap takes 7,000 off.
  await page.goto('/product/bags-003')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  const cart = page.getByRole('dialog', { name: /Shopping Cart/ })
  await expect(cart).toBeVisible()
  await cart.getByRole('textbox', { name: 'Discount code' }).fill(code!.toLowerCase())
  await cart.getByRole('button', { name: 'Apply' }).click()
  await expect(cart.getByText('Code saves KSH 7,000')).toBeVisible()
  await expect(cart.getByText('KSH 23,800')).toBeVisible()
  await cart.getByRole('button', { name: 'Checkout' }).click()

  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary.getByText(`Code ${code}`)).toBeVisible()
  await expect(summary.getByText('−KSH 7,000').first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Full name' }).fill('Njeri Mwangi')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('0722 410 998')
  await page.getByRole('combobox', { name: 'County' }).selectOption('Nairobi')
  await page.getByRole('textbox', { name: 'Town or area' }).fill('Karen')
  await page.getByRole('textbox', { name: 'Street, building or landmark' }).fill('Dagoretti Road')
  await page.getByRole('radio', { name: /Cash on delivery/ }).check()
  await page.getByRole('button', { name: 'Place order' }).click()

  await expect(page).toHaveURL(/\/order\/LK-\d+\?token=/)
  const orderNumber = /\/order\/(LK-\d+)/.exec(page.url())![1]!
  await expect(page.getByText(`Code ${code}`)).toBeVisible()
  await expect(page.getByText('−KSH 7,000')).toBeVisible()
  await expect(page.getByText('KSH 23,800').first()).toBeVisible()

  // Staff see the code and what it took off on the order, and the use on the codes page.
  await signInAt(page, `/admin/transactions?order=${orderNumber}`, MANAGER_EMAIL)
  const detail = page.getByRole('dialog', { name: `Order ${orderNumber}` })
  await expect(detail.getByText(`Code ${code}`)).toBeVisible()
  await expect(detail.getByText('−KSH 7,000', { exact: true })).toBeVisible()
  await page.goto('/admin/discounts')
  await page.getByRole('combobox', { name: 'Show' }).selectOption('welcome')
  const row = page.getByRole('row').filter({ hasText: code! })
  await expect(row).toContainText('40% off (at most KSH 7,000)')
  await expect(row).toContainText(orderNumber)
  await expect(row).toContainText('KSH 7,000')
})
