import { DEMO_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import { playwrightSwitches } from '../../tests/support/chromium-args'
import { TEST_STORE_SETTINGS } from '../../tests/support/test-store'

/** Where the switches for the tests' browsers are left for the workers' config (playwright.config.ts). */
export const switchesVariable = 'E2E_CHROMIUM_SWITCHES'

/**
 * The tests' browsers get Playwright's own `--disable-features` list with ours (playwrightSwitches says
 * why), read once here; workers start after the global setup, with its environment.
 *
 * Every spec orders as a guest from the same few test phones and streets, and from one address, on one
 * shared server, so the store is set up as for every test run (tests/support/test-store.ts): the daily
 * guest limits and the guest value ceiling raised. The limits themselves are proven in Vitest.
 */
export default async function globalSetup() {
  process.env[switchesVariable] = JSON.stringify(await playwrightSwitches())
  const port = Number(process.env.E2E_PORT ?? 4181)
  const response = await fetch(`http://127.0.0.1:${port}/rest/v1/store_settings?id=eq.true`, {
    method: 'PATCH',
    headers: {
      apikey: DEMO_SERVICE_ROLE_KEY,
      authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify(TEST_STORE_SETTINGS),
  })
  if (!response.ok) {
    throw new Error(`raising the guest limits failed: ${response.status} ${await response.text()}`)
  }
}
