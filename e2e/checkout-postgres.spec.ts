import { expect, test } from '@playwright/test'
import {
  cloneDatabase,
  startTestCluster,
  url,
  type TestCluster,
} from '../tests/support/postgres/cluster'
import { skipIntro } from './support/pwa'
import { readRows, startTestServer, type TestServer } from './support/server'

/**
 * `DATABASE_URL=… npm start`: the same server on a real PostgreSQL set up as hosted Supabase is (its
 * safe-update rule included), which applies the migrations and the seed itself, then a guest checks out
 * and pays with the M-Pesa sandbox in the browser.
 */
let cluster: TestCluster
let server: TestServer

test.beforeAll(async () => {
  test.setTimeout(300_000)
  cluster = await startTestCluster()
  const database = await cloneDatabase(cluster.port, cluster.templates.bare)
  server = await startTestServer({
    ...(process.env.E2E_POSTGRES_PORT ? { port: Number(process.env.E2E_POSTGRES_PORT) } : {}),
    env: {
      DATABASE_URL: url(cluster.port, 'postgres', database),
      DATABASE_API_URL: url(cluster.port, 'authenticator', database),
    },
  })
})

test.afterAll(async () => {
  await server?.dispose()
  await cluster?.stop()
})

test.beforeEach(({ context }) => skipIntro(context))

const stock = async () =>
  (await readRows<{ stock: number }>(server, 'products', 'id=eq.dress-001&select=stock'))[0]!.stock

test('a guest checks out and pays with M-Pesa on the PostgreSQL-backed server', async ({
  page,
}) => {
  const before = await stock()
  await page.goto(`${server.url}/product/dress-001`)
  await page.getByText('Emerald', { exact: true }).click()
  await page.getByText('M', { exact: true }).click()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click()
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  await page.getByRole('textbox', { name: 'Full name' }).fill('Achieng Otieno')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('achieng@example.com')
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('0712 345 678')
  await page.getByRole('combobox', { name: 'County' }).selectOption('Kisumu')
  await page.getByRole('textbox', { name: 'Town or area' }).fill('Kisumu')
  await page.getByRole('textbox', { name: 'Street, building or landmark' }).fill('Oginga Odinga St')
  await page.getByRole('button', { name: 'Place order' }).click()

  await expect(page).toHaveURL(/\/order\/LK-\d+\?token=[\w-]+$/)
  await expect(page.getByText('Payment received').first()).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText(/M-Pesa receipt [A-Z0-9]{10}/)).toBeVisible()

  // The order and its payment are rows of the PostgreSQL database, and the size sold came off it.
  const orderNumber = /\/order\/(LK-\d+)/.exec(page.url())![1]!
  const orders = await readRows<{ payment_status: string }>(
    server,
    'orders',
    `order_number=eq.${orderNumber}&select=payment_status`,
  )
  expect(orders).toEqual([{ payment_status: 'paid' }])
  expect(await stock()).toBe(before - 1)
})
