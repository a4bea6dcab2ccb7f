import { mkdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO_ANON_KEY } from '../../supabase/local/keys'

/** The local staff accounts the embedded backend creates (`npm start` prints them). */
export const STAFF_PASSWORD = 'local-dev-password'
export const ADMIN_EMAIL = 'admin@luxekenya.test'
export const MANAGER_EMAIL = 'manager@luxekenya.test'

let counter = 0
/** A name no other test uses: the server's database is shared by every spec of a run. */
export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}`

export const uniqueEmail = (prefix: string) => `${unique(prefix)}@example.com`

/**
 * A confirmed account made through the auth API (sign-up confirms at once locally), with the access
 * token of its first session.
 */
export async function createAccount(
  request: APIRequestContext,
  email: string,
  password: string,
  fullName: string,
): Promise<{ accessToken: string }> {
  const response = await request.post('/auth/v1/signup', {
    headers: { apikey: DEMO_ANON_KEY },
    data: { email, password, data: { full_name: fullName } },
  })
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { access_token: string }
  return { accessToken: body.access_token }
}

export const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' })

const LOCAL_STAFF = new Set([ADMIN_EMAIL, MANAGER_EMAIL])

/**
 * Signs in through the sign-in form the app shows on /auth (the page must already be open). The local
 * staff accounts have an authenticator: with their password the kit also enters the current code.
 */
export async function fillSignIn(page: Page, email: string, password: string) {
  const form = signInForm(page)
  await form.getByLabel('Email address').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(password)
  if (!(LOCAL_STAFF.has(email) && password === STAFF_PASSWORD)) {
    await form.getByRole('button', { name: 'Sign in' }).click()
    return
  }
  // As on hosted Supabase, the first sign-in of an account to pass the code step ends the account's
  // other sign-ins still waiting at theirs. Tests in parallel share the local staff accounts, so their
  // sign-ins take turns from the password to the code.
  await oneAtATime(`staff-sign-in-${email}`, async () => {
    await form.getByRole('button', { name: 'Sign in' }).click()
    await enterStaffCode(page, email)
  })
}

/** A staff sign-in takes a few seconds; a lock older than this was left by a test that failed in it. */
const STALE_LOCK_MS = 45_000

/**
 * Runs `work` while no other Playwright worker of this run runs work of the same name: a directory
 * made atomically in the run's data directory (fresh per run) is the lock.
 */
async function oneAtATime(name: string, work: () => Promise<void>) {
  const lock = join(process.env.E2E_DATA_DIR ?? tmpdir(), `${name.replace(/[^\w.-]/g, '_')}.lock`)
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const held = statSync(lock, { throwIfNoEntry: false })
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true })
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  try {
    await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Types a local staff account's current sign-in code into the code step the app shows. */
export async function enterStaffCode(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Authentication code' })
  await expect(form).toBeVisible({ timeout: 30_000 })
  await form.getByLabel('Authentication code').fill(await staffCode(page.request, email))
  await form.getByRole('button', { name: 'Verify' }).click()
  await expect(form).toHaveCount(0, { timeout: 30_000 })
}

/**
 * The code the local server accepts now for a local staff account (the development inbox shows the
 * same). As on hosted Supabase, a code may open any number of challenges while it is current, so
 * parallel tests signing in as one account share it.
 */
export async function staffCode(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get('/__dev/staff-codes.json')
  expect(response.ok()).toBe(true)
  const codes = (await response.json()) as { email: string; code: string; seconds: number }[]
  const mine = codes.find((c) => c.email === email)
  if (!mine) throw new Error(`no local sign-in code for ${email}`)
  return mine.code
}

/** Opens /auth on its way to `next`, signs in (staff by default) and waits to leave /auth. */
export async function signInAt(page: Page, next: string, email: string, password = STAFF_PASSWORD) {
  await page.goto(`/auth?redirect=${encodeURIComponent(next)}`)
  await fillSignIn(page, email, password)
  await expect(page).not.toHaveURL(/\/auth/, { timeout: 30_000 })
}
