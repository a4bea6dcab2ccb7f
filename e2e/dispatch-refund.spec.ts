import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { DEMO_ANON_KEY } from '../supabase/local/keys'
import {
  ADMIN_EMAIL,
  createAccount,
  MANAGER_EMAIL,
  signInAt,
  uniqueEmail,
} from './support/accounts'
import { markDispatched, placeOrder } from './support/orders'
import { skipIntro } from './support/pwa'

/**
 * After the sale, with the shopper's order page open in one browser and staff in another: staff
 * dispatch with a courier and tracking number that the open page shows without a reload, and an admin
 * refunds half the order, which the open page then shows. And an M-Pesa refund the server cannot send
 * (refund_by_hand) turns the refund dialog into recording the refund staff make by hand.
 */

test.beforeEach(({ context }) => skipIntro(context))

interface PlacedOrder {
  id: string
  orderNumber: string
  total: number
}

/** A signed-in shopper's cash order for two of one bag, collected at a pickup point. */
async function shopperOrder(request: APIRequestContext) {
  const email = uniqueEmail('after-sale')
  const password = 'after-sale-1'
  const { accessToken } = await createAccount(request, email, password, 'Njeri Mwangi')
  const products = await request.get(
    '/rest/v1/products?select=id&stock=gt.5&category=eq.bags&price=lte.25000&limit=1',
    { headers: { apikey: DEMO_ANON_KEY } },
  )
  const [product] = (await products.json()) as { id: string }[]
  const order = await placeOrder<PlacedOrder>(
    request,
    {
      items: [{ productId: product!.id, quantity: 2 }],
      contact: { name: 'Njeri Mwangi', email, phone: '0712345678' },
      delivery: { method: 'pickup', pickupPoint: 'hub-karen' },
      paymentMethod: 'cod',
    },
    accessToken,
  )
  return { email, password, order }
}

/** Staff in a browser of their own, on the order's detail in the transactions page. */
async function staffOnOrder(browser: Browser, orderNumber: string, email: string): Promise<Page> {
  const context = await browser.newContext()
  await skipIntro(context)
  const page = await context.newPage()
  await signInAt(page, `/admin/transactions?order=${orderNumber}`, email)
  return page
}

const tile = (page: Page, label: string) =>
  page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd')

const ksh = (amount: number) => `KSH ${amount.toLocaleString('en-KE')}`

// Each test drives two signed-in browsers (the shopper's and staff's): triple the usual time.
test('staff dispatch with a tracking number that the open order page shows', async ({
  page,
  request,
  browser,
}) => {
  test.slow()
  const { email, password, order } = await shopperOrder(request)
  await signInAt(page, `/order/${order.orderNumber}`, email, password)
  await expect(tile(page, 'Order status')).toHaveText('Received')

  const staff = await staffOnOrder(browser, order.orderNumber, MANAGER_EMAIL)
  await staff.getByRole('button', { name: 'Confirm order' }).click()
  await expect(staff.getByRole('button', { name: 'Mark as dispatched' })).toBeVisible()

  // Dispatching without the details is refused in words, and nothing typed is lost.
  await staff.getByRole('button', { name: 'Mark as dispatched' }).click()
  const dialog = staff.getByRole('dialog', { name: `Dispatch order ${order.orderNumber}` })
  await dialog.getByLabel('Courier or rider').fill('Sendy Rider Otieno')
  await dialog.getByRole('button', { name: 'Mark as dispatched' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    "Enter the tracking number or the rider's phone (4 to 40 letters, digits, spaces or - / + . #).",
  )
  await expect(dialog.getByLabel('Courier or rider')).toHaveValue('Sendy Rider Otieno')
  await dialog.getByLabel("Tracking number or rider's phone").fill('SND-4471-KE')
  await dialog.getByRole('button', { name: 'Mark as dispatched' }).click()
  await expect(dialog).toBeHidden()

  // The shopper's page was never reloaded: the change arrives on its own, well inside its fallback read.
  await expect(tile(page, 'Order status')).toHaveText('On its way', { timeout: 5000 })
  const details = page.getByRole('definition').filter({ hasText: 'SND-4471-KE' })
  await expect(details).toBeVisible()
  await expect(page.getByText('Sendy Rider Otieno')).toBeVisible()

  await staff.context().close()
})

test('an admin refunds half a delivered order, which the open order page then shows', async ({
  page,
  request,
  browser,
}) => {
  test.slow()
  const { email, password, order } = await shopperOrder(request)
  await signInAt(page, `/order/${order.orderNumber}`, email, password)
  await expect(tile(page, 'Order status')).toHaveText('Received')

  const admin = await staffOnOrder(browser, order.orderNumber, ADMIN_EMAIL)
  await admin.getByRole('button', { name: 'Confirm order' }).click()
  await expect(admin.getByRole('button', { name: 'Mark as dispatched' })).toBeVisible()
  await markDispatched(admin)
  await admin.getByRole('button', { name: 'Mark as delivered' }).click()
  await expect(tile(page, 'Order status')).toHaveText('Delivered', { timeout: 5000 })
  await expect(tile(page, 'Payment')).toHaveText('Paid')

  // One of the two bags (half the order): cash goes back by hand, recorded with its code.
  await admin.getByRole('button', { name: 'Refund', exact: true }).click()
  const refund = admin.getByRole('dialog', { name: `Refund order ${order.orderNumber}` })
  await refund.getByLabel(/how many to refund/).fill('1')
  await expect(refund.getByText(`To refund: ${ksh(order.total / 2)}`)).toBeVisible()
  await refund.getByLabel('Reason').fill('One bag returned unused')
  await refund.getByLabel('Refund reference').fill('SKR7HALF01')
  await refund.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(admin.getByText('Reference SKR7HALF01')).toBeVisible()

  const refunds = page.getByRole('status').filter({ hasText: 'Refunded' })
  await expect(refunds).toContainText(`Refunded ${ksh(order.total / 2)} of ${ksh(order.total)}`, {
    timeout: 5000,
  })
  await expect(refunds).toContainText('One bag returned unused')
  await admin.context().close()
})

/** A guest's M-Pesa order for two of one bag, paid through the M-Pesa sandbox. */
async function paidMpesaOrder(request: APIRequestContext) {
  const products = await request.get(
    '/rest/v1/products?select=id&stock=gt.5&category=eq.bags&price=lte.25000&limit=1',
    { headers: { apikey: DEMO_ANON_KEY } },
  )
  const [product] = (await products.json()) as { id: string }[]
  const order = await placeOrder<PlacedOrder & { accessToken: string }>(request, {
    items: [{ productId: product!.id, quantity: 2 }],
    contact: { name: 'Achieng Odhiambo', email: uniqueEmail('mpesa-refund'), phone: '0712345678' },
    delivery: { method: 'pickup', pickupPoint: 'hub-karen' },
    paymentMethod: 'mpesa',
  })
  const call = (name: string) =>
    request.post(`/functions/v1/${name}`, {
      headers: { apikey: DEMO_ANON_KEY, Authorization: `Bearer ${DEMO_ANON_KEY}` },
      data: { orderNumber: order.orderNumber, token: order.accessToken },
    })
  expect((await call('mpesa-stk-push')).status()).toBe(200)
  // The sandbox's shopper enters their PIN about two seconds after the prompt.
  await expect
    .poll(
      async () =>
        ((await (await call('mpesa-status')).json()) as { paymentStatus: string }).paymentStatus,
      {
        timeout: 15_000,
      },
    )
    .toBe('paid')
  return order
}

test('a refund M-Pesa cannot send turns into recording the refund staff make by hand', async ({
  page,
  request,
}) => {
  const order = await paidMpesaOrder(request)
  await signInAt(page, `/admin/transactions?order=${order.orderNumber}`, ADMIN_EMAIL)

  // Half the order: M-Pesa reverses only whole payments, and this store has no B2C account.
  await page.getByRole('button', { name: 'Refund', exact: true }).click()
  const refund = page.getByRole('dialog', { name: `Refund order ${order.orderNumber}` })
  await refund.getByLabel(/how many to refund/).fill('1')
  await refund.getByLabel('Reason').fill('One bag arrived scratched')
  const byHand = refund.getByLabel('I already sent the money by hand (from the M-Pesa portal)')
  await expect(byHand).not.toBeChecked()
  await expect(refund.getByLabel('Refund reference')).toHaveCount(0)
  await refund.getByRole('button', { name: 'Refund', exact: true }).click()

  // The server answers refund_by_hand: the dialog says where to send how much and switches over,
  // keeping what was typed.
  await expect(refund.getByRole('alert')).toContainText(
    `M-Pesa cannot send this refund automatically. Send KSh ${(order.total / 2).toLocaleString('en-KE')} to 254712345678, the number that paid,`,
  )
  await expect(byHand).toBeChecked()
  await expect(refund.getByLabel('Reason')).toHaveValue('One bag arrived scratched')
  await refund.getByLabel('Refund reference').fill('SKM4HAND01')
  await refund.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(refund).toBeHidden()

  const panel = page.getByRole('region', { name: 'Refunds' })
  const made = panel.getByRole('listitem').filter({ hasText: 'Reference SKM4HAND01' })
  await expect(made).toContainText('Refunded')
  await expect(made).toContainText(`${ksh(order.total / 2)}`)
  await expect(made).toContainText('by hand')
})
