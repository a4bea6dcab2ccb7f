import { expect, test, type Page } from '@playwright/test'
import { skipIntro } from './support/pwa'

/**
 * Card payment end to end on `npm start` with the local card sandbox: a guest buys the KSh 1,820,000
 * watch (over M-Pesa's limit and the cash ceiling) by card, passes 3-D Secure on the sandbox's hosted
 * page, and comes back to an order page that shows it paid; a declined card offers a second try.
 */

test.beforeEach(({ context }) => skipIntro(context))
// Each test walks five pages (product, checkout, the provider's card page, 3-D Secure, the order); the
// first page of a fresh server is the slow one on a busy machine (see the report's step timings).
test.describe.configure({ timeout: 120_000 })

async function checkoutTheWatch(page: Page) {
  await page.goto('/product/luxe-rolex-001')
  await page.getByText('Black', { exact: true }).click()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click()
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  await page.getByRole('textbox', { name: 'Full name' }).fill('Njeri Mwangi')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('njeri@example.com')
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('0722 123 456')
  await page.getByRole('combobox', { name: 'County' }).selectOption('Nairobi')
  await page.getByRole('textbox', { name: 'Town or area' }).fill('Karen')
  await page.getByRole('textbox', { name: 'Street, building or landmark' }).fill('Karen Road')
  // Over M-Pesa's limit: the option says why and where to go instead.
  await expect(page.getByRole('radio', { name: /M-Pesa/ })).toBeDisabled()
  await expect(
    page.getByText(
      /M-Pesa takes at most KSH 250,000 in one payment\. Pay by card or bank transfer\./,
    ),
  ).toBeVisible()
  await page.getByRole('radio', { name: /^Card/ }).check()
  await page.getByRole('button', { name: 'Place order' }).click()
  // The order page opens the card session by itself; the server's first call to a function loads it.
  await expect(page).toHaveURL(/\/functions\/v1\/card-sandbox\?session=/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Pay KSh 1,820,000' })).toBeVisible()
}

async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry date (MM/YY)').fill('12/39')
  await page.getByLabel('Security code (CVC)').fill('123')
  await page.getByLabel('Name on card').fill('Njeri Mwangi')
  await page.getByRole('button', { name: 'Pay KSh 1,820,000' }).click()
}

test('a guest buys the KSh 1.82 M watch by card through 3-D Secure and sees it paid', async ({
  page,
}) => {
  await checkoutTheWatch(page)
  await enterCard(page, '4000 0000 0000 3220')
  await expect(page.getByRole('heading', { name: 'Verify your payment' })).toBeVisible()
  await page.getByLabel('Verification code').fill('123456')
  await page.getByRole('button', { name: 'Verify and pay' }).click()

  await expect(page).toHaveURL(/\/order\/LK-\d+\?token=[\w-]+$/)
  await expect(page.getByText('Payment received')).toBeVisible()
  await expect(page.getByText('KSH 1,820,000 paid by card.')).toBeVisible()
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible()
})

test('a declined card is shown on the order page with a way to try again', async ({ page }) => {
  await checkoutTheWatch(page)
  await enterCard(page, '4000 0000 0000 0002')
  await expect(page).toHaveURL(/\/order\/LK-\d+\?token=/)
  await expect(page.getByText('Your card payment did not go through')).toBeVisible()
  await expect(page.getByText('Payment failed', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page).toHaveURL(/\/functions\/v1\/card-sandbox\?session=/)
  await enterCard(page, '4242 4242 4242 4242')
  await expect(page.getByText('KSH 1,820,000 paid by card.')).toBeVisible()
})
