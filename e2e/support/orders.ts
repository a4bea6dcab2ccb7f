import { randomUUID } from 'node:crypto'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO_ANON_KEY } from '../../supabase/local/keys'

/**
 * An order placed through the REST API as the checkout places it (a fresh client order id), as a guest
 * or, with `accessToken`, as a signed-in shopper.
 */
export async function placeOrder<T = { orderNumber: string; total: number }>(
  request: APIRequestContext,
  payload: Record<string, unknown>,
  accessToken = DEMO_ANON_KEY,
): Promise<T> {
  const response = await request.post('/rest/v1/rpc/place_order', {
    headers: { apikey: DEMO_ANON_KEY, Authorization: `Bearer ${accessToken}` },
    data: { payload: { clientOrderId: randomUUID(), ...payload } },
  })
  expect(response.status()).toBe(200)
  return (await response.json()) as T
}

/**
 * Staff dispatch the order open in the admin: "Mark as dispatched" asks for the courier and the
 * tracking number or rider's phone.
 */
export async function markDispatched(page: Page, courier = 'G4S Courier', tracking = 'G4S-778812') {
  await page.getByRole('button', { name: 'Mark as dispatched' }).click()
  const dialog = page.getByRole('dialog', { name: /^Dispatch order / })
  await dialog.getByLabel('Courier or rider').fill(courier)
  await dialog.getByLabel("Tracking number or rider's phone").fill(tracking)
  await dialog.getByRole('button', { name: 'Mark as dispatched' }).click()
  await expect(dialog).toBeHidden()
}
