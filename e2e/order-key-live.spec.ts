import { expect, test, type Page } from '@playwright/test'
import { DEMO_ANON_KEY } from '../supabase/local/keys'
import { MANAGER_EMAIL, signInAt } from './support/accounts'
import { placeOrder } from './support/orders'
import { skipIntro } from './support/pwa'

/**
 * A guest (never signed in) with their order's private link open hears each change of the order over
 * the order's key topic and shows it without waiting for the page's next re-read.
 */

test.beforeEach(({ context }) => skipIntro(context))

const orderStatus = (page: Page) =>
  page.getByRole('term').filter({ hasText: 'Order status' }).locator('xpath=following-sibling::dd')

test("a guest's open order page follows staff changes over its key topic", async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, one of them signing staff in.
  test.slow()
  const products = await request.get(
    '/rest/v1/products?select=id&stock=gt.5&category=eq.bags&price=lte.50000&limit=1',
    { headers: { apikey: DEMO_ANON_KEY } },
  )
  const [product] = (await products.json()) as { id: string }[]
  const order = await placeOrder<{ id: string; orderNumber: string; accessToken: string }>(
    request,
    {
      items: [{ productId: product!.id, quantity: 1 }],
      contact: {
        name: 'Njeri Mwangi',
        email: `guest-${Date.now()}@example.com`,
        phone: '0712345678',
      },
      delivery: { method: 'pickup', pickupPoint: 'hub-karen' },
      paymentMethod: 'cod',
    },
  )

  // What reaches the guest's socket on the order's key topic.
  const heard: string[] = []
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8')
      if (text.includes(`order-key:${order.id}.`) && text.includes('changed')) heard.push(text)
    }),
  )
  await page.goto(`/order/${order.orderNumber}?token=${encodeURIComponent(order.accessToken)}`)
  await expect(orderStatus(page)).toHaveText('Received')

  const context = await browser.newContext()
  await skipIntro(context)
  const staff = await context.newPage()
  await signInAt(staff, `/admin/transactions?order=${order.orderNumber}`, MANAGER_EMAIL)
  await staff.getByRole('button', { name: 'Confirm order' }).click()
  await expect(staff.getByText(`Order ${order.orderNumber} is confirmed`).first()).toBeVisible()

  await expect(orderStatus(page)).toHaveText('Confirmed', { timeout: 5000 })
  expect(heard.length).toBeGreaterThan(0)
  await context.close()
})
