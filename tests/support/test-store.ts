/**
 * The store as every test run sets it up. Tests place many guest orders from a few phones, streets,
 * devices and one loopback address, so the daily guest limits (per phone, device, address and network)
 * and the guest value ceiling are raised far above what a run places; the limits are proven by their
 * own tests, which keep them. Vitest's databases (test-db.ts) and the end-to-end server
 * (e2e/support/global-setup.ts) both use this one list, so a new limit is raised in one place.
 */
export const TEST_STORE_SETTINGS = {
  guest_orders_per_phone_per_day: 1000,
  guest_orders_per_device_per_day: 1000,
  guest_orders_per_address_per_day: 1000,
  guest_orders_per_network_per_day: 10000,
  guest_order_max_amount: 1_000_000_000,
} as const

/** The same settings as one UPDATE of the store's single settings row (for a database opened directly). */
export function testStoreSettingsSql(): string {
  const assignments = Object.entries(TEST_STORE_SETTINGS)
    .map(([column, value]) => `${column} = ${Number(value)}`)
    .join(', ')
  return `update public.store_settings set ${assignments} where id`
}
