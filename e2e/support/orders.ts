import { randomUUID } from 'node:crypto'
import { expect, type APIRequestContext } from '@playwright/test'
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
