import { DEMO_SERVICE_ROLE_KEY } from '../../supabase/local/keys'

/**
 * Every spec orders as a guest from the same few test phones and streets on one shared server, so the
 * store's daily guest limits (per phone, device and address, and the guest value ceiling) are raised for
 * the run. The limits themselves are proven against the database in Vitest.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 4181)
  const response = await fetch(`http://127.0.0.1:${port}/rest/v1/store_settings?id=eq.true`, {
    method: 'PATCH',
    headers: {
      apikey: DEMO_SERVICE_ROLE_KEY,
      authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify({
      guest_orders_per_phone_per_day: 1000,
      guest_orders_per_device_per_day: 1000,
      guest_orders_per_address_per_day: 1000,
      guest_order_max_amount: 1_000_000_000,
    }),
  })
  if (!response.ok) {
    throw new Error(`raising the guest limits failed: ${response.status} ${await response.text()}`)
  }
}
