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
 * The store while it is open: a shopper's order page follows what staff do in another browser, an open
 * admin orders list shows a new order without a reload, and the order page reaches the right state with
 * the realtime socket blocked (it re-reads instead).
 */

test.beforeEach(({ context }) => skipIntro(context))

interface PlacedOrder {
  id: string
  orderNumber: string
  accessToken: string
}

async function shopperOrder(request: APIRequestContext) {
  const email = uniqueEmail('live')
  const password = 'live-pass-1'
  const { accessToken } = await createAccount(request, email, password, 'Achieng Otieno')
  const products = await request.get(
    '/rest/v1/products?select=id&stock=gt.5&category=eq.bags&price=lte.50000&limit=1',
    { headers: { apikey: DEMO_ANON_KEY } },
  )
  const [product] = (await products.json()) as { id: string }[]
  const order = await placeOrder<PlacedOrder>(
    request,
    {
      items: [{ productId: product!.id, quantity: 1 }],
      contact: { name: 'Achieng Otieno', email, phone: '0712345678' },
      delivery: { method: 'pickup', pickupPoint: 'hub-karen' },
      paymentMethod: 'cod',
    },
    accessToken,
  )
  return { email, password, order }
}

/** Staff in a browser of their own, on the order's detail in the transactions page. */
async function staffOnOrder(browser: Browser, orderNumber: string): Promise<Page> {
  const context = await browser.newContext()
  await skipIntro(context)
  const page = await context.newPage()
  await signInAt(page, `/admin/transactions?order=${orderNumber}`, MANAGER_EMAIL)
  await expect(page.getByRole('button', { name: 'Confirm order' })).toBeVisible()
  return page
}

async function advance(staff: Page, action: string, done: string) {
  if (action === 'Mark as dispatched') await markDispatched(staff)
  else await staff.getByRole('button', { name: action }).click()
  await expect(staff.getByText(done).first()).toBeVisible()
}

const orderStatus = (page: Page) =>
  page.getByRole('term').filter({ hasText: 'Order status' }).locator('xpath=following-sibling::dd')

test('the order page follows staff changes while it is open', async ({
  page,
  request,
  browser,
}) => {
  const { email, password, order } = await shopperOrder(request)
  await signInAt(page, `/order/${order.orderNumber}`, email, password)
  await expect(orderStatus(page)).toHaveText('Received')

  const staff = await staffOnOrder(browser, order.orderNumber)
  await advance(staff, 'Confirm order', `Order ${order.orderNumber} is confirmed`)
  // Well inside the 10 s fallback read: this is the socket's doing.
  await expect(orderStatus(page)).toHaveText('Confirmed', { timeout: 5000 })
  await advance(staff, 'Mark as dispatched', `Order ${order.orderNumber} is on its way`)
  await expect(orderStatus(page)).toHaveText('On its way', { timeout: 5000 })
  await staff.context().close()
})

test('with the socket blocked, the order page still reaches the right state', async ({
  page,
  request,
  browser,
}) => {
  let blocked = 0
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    blocked++
    void ws.close()
  })
  const { email, password, order } = await shopperOrder(request)
  await signInAt(page, `/order/${order.orderNumber}`, email, password)
  await expect(orderStatus(page)).toHaveText('Received')

  const staff = await staffOnOrder(browser, order.orderNumber)
  await advance(staff, 'Confirm order', `Order ${order.orderNumber} is confirmed`)
  await expect(orderStatus(page)).toHaveText('Confirmed', { timeout: 15_000 })
  expect(blocked).toBeGreaterThan(0)
  await staff.context().close()
})

test('a new order appears in an open admin orders list without a reload', async ({
  page,
  request,
}) => {
  await signInAt(page, '/admin/transactions', MANAGER_EMAIL)
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible()
  const { order } = await shopperOrder(request)
  // Well inside the 30 s fallback read: the socket's doing, whether it joined before the order or after.
  await expect(page.getByText(order.orderNumber).first()).toBeVisible({ timeout: 10_000 })
})

test("an order placed before the list's channel joins is on the list once it joins", async ({
  page,
  request,
}) => {
  // The page's socket reaches the server only once the order is placed (until then it is connecting).
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, async (ws) => {
    await released
    ws.connectToServer()
  })
  await signInAt(page, '/admin/transactions', MANAGER_EMAIL)
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible()
  // The list has been read (with or without orders) before the order is placed.
  await expect(
    page
      .getByRole('region', { name: 'Orders' })
      .or(page.getByText('No orders match these filters.')),
  ).toBeVisible()
  const { order } = await shopperOrder(request)
  release()
  // Well inside the 30 s fallback read, which runs only while the channel is not joined.
  await expect(page.getByText(order.orderNumber).first()).toBeVisible({ timeout: 10_000 })
})

test('two staff edit one product: the second save is refused and the newer values shown', async ({
  page,
  request,
  browser,
}) => {
  // Two staff members sign in, each in a browser of their own.
  test.slow()
  const products = await request.get(
    '/rest/v1/products?select=id&category=eq.bags&order=id.desc&limit=1',
    { headers: { apikey: DEMO_ANON_KEY } },
  )
  const [product] = (await products.json()) as { id: string }[]
  const editor = `/admin/products?edit=${product!.id}`
  await signInAt(page, editor, MANAGER_EMAIL)
  const otherContext = await browser.newContext()
  await skipIntro(otherContext)
  const other = await otherContext.newPage()
  await signInAt(other, editor, ADMIN_EMAIL)

  const price = (p: Page) => p.getByLabel('Price (KSH)')
  await expect(price(page)).not.toHaveValue('')
  const was = Number(await price(page).inputValue())
  // The second browser loads the admin code and the editor after its sign-in: slow on a busy machine.
  await expect(price(other)).toHaveValue(String(was), { timeout: 30_000 })
  // Each sees the other on the page.
  await expect(page.getByText(/Also here:/)).toBeVisible()

  // The manager starts an edit; the admin saves a different price first.
  await price(page).fill(String(was + 100))
  const newer = String(was + 250)
  await price(other).fill(newer)
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other.getByText('Product saved').first()).toBeVisible()
  await expect(page.getByText(/This product changed while you were editing/)).toBeVisible()

  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'changed by someone else' })).toBeVisible()
  await expect(price(page)).toHaveValue(newer)
  await otherContext.close()
})
