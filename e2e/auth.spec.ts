import { expect, test, type Page } from '@playwright/test'
import {
  ADMIN_EMAIL,
  createAccount,
  fillSignIn,
  signInForm,
  STAFF_PASSWORD,
  uniqueEmail,
} from './support/accounts'
import { DEMO_ANON_KEY } from '../supabase/local/keys'
import { skipIntro } from './support/pwa'

/**
 * Accounts end to end against `npm start`: sign-up, sign-out and sign-in again, a wrong password, a
 * password reset through the local inbox, the staff-only admin shortcut, safe redirects, offline.
 */

test.beforeEach(({ context }) => skipIntro(context))

const FULL_NAME = 'Zawadi Njoroge'

const header = (page: Page) => page.getByRole('banner')

test('sign up, see the name on the account page, sign out and sign in again', async ({ page }) => {
  const email = uniqueEmail('amina')
  await page.goto('/')
  await header(page).getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await page.getByRole('tab', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/mode=signup/)

  const form = page.getByRole('form', { name: 'Create account' })
  await form.getByLabel('Full name').fill('Amina Otieno')
  await form.getByLabel('Email address').fill(email)
  await form.getByLabel('Password', { exact: true }).fill('kenya-secret-1')
  await form.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Amina' })).toBeVisible()
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Amina Otieno')
  await expect(header(page).getByRole('link', { name: 'My account' })).toBeVisible()

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Signed out' }).first()).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()
  // The session is gone from the device, not only from the screen.
  const keys = await page.evaluate(() => Object.keys(localStorage))
  expect(keys.filter((key) => /^sb-.*-auth-token$/.test(key))).toEqual([])

  await page.goto('/account')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to see your account' }),
  ).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/auth\?redirect=%2Faccount$/)
  await fillSignIn(page, email, 'kenya-secret-1')
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Amina' })).toBeVisible()

  // The session survives a reload (supabase-js keeps it in localStorage).
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Amina' })).toBeVisible()
})

test('a wrong password shows the Login failed toast with the server message', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('wrong')
  await createAccount(request, email, 'right-password-1', FULL_NAME)
  await page.goto('/auth')
  await fillSignIn(page, email, 'not-the-password')
  const toast = page.getByRole('status').filter({ hasText: 'Login failed' })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('Invalid login credentials')
  await expect(page).toHaveURL(/\/auth$/)
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()
})

test('missing credentials are named before anything is sent', async ({ page }) => {
  await page.goto('/auth')
  let sent = false
  page.on('request', (req) => {
    if (req.url().includes('/auth/v1/token')) sent = true
  })
  await signInForm(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(
    page.getByRole('alert').filter({
      hasText: 'You must provide either an email or phone number and a password',
    }),
  ).toBeVisible()
  const email = signInForm(page).getByLabel('Email address')
  await expect(email).toBeFocused()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toHaveAccessibleDescription('Enter your email address')
  await expect(
    signInForm(page).getByLabel('Password', { exact: true }),
  ).toHaveAccessibleDescription('Enter your password')
  await email.fill('not-an-email')
  await expect(email).toHaveAccessibleDescription(
    'Enter a valid email address, like name@example.com',
  )
  expect(sent).toBe(false)
})

test('reset a forgotten password through the emailed link, then sign in with it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reset')
  await createAccount(request, email, 'old-password-1', FULL_NAME)

  await page.goto('/auth?redirect=/account')
  await signInForm(page).getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
  const resetForm = page.getByRole('form', { name: 'Reset your password' })
  await expect(resetForm.getByLabel('Email address')).toHaveValue(email)
  await resetForm.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('Check your email for a reset link')).toBeVisible()

  const inbox = await request.get(`/__dev/inbox.json?to=${encodeURIComponent(email)}`)
  const mails = (await inbox.json()) as { kind: string; link: string }[]
  const mail = mails.find((m) => m.kind === 'recovery')
  expect(mail?.link).toContain('type=recovery')
  // A PKCE link: it lands with a one-time code for this browser, never with tokens in the address.
  expect(new URL(mail!.link).searchParams.get('token')).toMatch(/^pkce_/)

  const verified = page.waitForResponse((r) => r.url().includes('/auth/v1/verify'))
  await page.goto(mail!.link)
  const landing = new URL((await verified).headers().location!)
  expect(landing.pathname).toBe('/auth')
  expect(landing.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/)
  expect(landing.hash).toBe('')
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible()
  // Traded for a session and taken out of the address (the landing address already reads
  // /auth?mode=reset…&code=…: wait for the code to go, which follows the trade's round trip).
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/auth' &&
      url.searchParams.get('mode') === 'reset' &&
      !url.searchParams.has('code'),
  )
  const newForm = page.getByRole('form', { name: 'Set a new password' })
  await newForm.getByLabel('New password', { exact: true }).fill('new-password-2')
  await newForm.getByLabel('Confirm new password').fill('new-password-3')
  await newForm.getByRole('button', { name: 'Save new password' }).click()
  await expect(newForm.getByLabel('Confirm new password')).toHaveAccessibleDescription(
    'The passwords do not match',
  )
  await newForm.getByLabel('Confirm new password').fill('new-password-2')
  await newForm.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Zawadi' })).toBeVisible()

  // The new password signs in and the old one no longer does (the sign-in form has its own tests).
  const signIn = (password: string) =>
    request.post('/auth/v1/token?grant_type=password', {
      headers: { apikey: DEMO_ANON_KEY },
      data: { email, password },
    })
  expect((await signIn('new-password-2')).ok()).toBe(true)
  expect((await signIn('old-password-1')).status()).toBe(400)
})

test('a used reset link says so, offers a new one and leaves nothing in the address', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('reused')
  await createAccount(request, email, 'old-password-1', FULL_NAME)
  const landing = new URL('/auth?mode=reset', baseURL).href
  const asked = await request.post(`/auth/v1/recover?redirect_to=${encodeURIComponent(landing)}`, {
    headers: { apikey: DEMO_ANON_KEY },
    data: { email, code_challenge: 'c'.repeat(43), code_challenge_method: 'plain' },
  })
  expect(asked.ok()).toBe(true)
  const inbox = await request.get(`/__dev/inbox.json?to=${encodeURIComponent(email)}`)
  const link = ((await inbox.json()) as { kind: string; link: string }[]).find(
    (m) => m.kind === 'recovery',
  )!.link
  // Someone (or something) opened it first.
  const first = await request.get(link, { maxRedirects: 0 })
  expect(first.headers().location).toContain('code=')

  await page.goto(link)
  await expect(page.getByRole('alert')).toContainText('Email link is invalid or has expired')
  await expect(page.getByRole('form', { name: 'Reset your password' })).toBeVisible()
  expect(page.url()).not.toMatch(/code=|error/)
})

test('an expired or used reset link says so and offers a new one', async ({ page }) => {
  await page.goto(
    '/auth?mode=reset#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  )
  await expect(page.getByRole('alert')).toContainText('Email link is invalid or has expired')
  await expect(page.getByRole('form', { name: 'Reset your password' })).toBeVisible()
})

test('staff see the admin shortcut; shoppers do not', async ({ page, request }) => {
  const email = uniqueEmail('shopper')
  await createAccount(request, email, 'shopper-pass-1', FULL_NAME)
  await page.goto('/auth')
  const lookup = page.waitForResponse((res) => res.url().includes('/rest/v1/user_roles'))
  await fillSignIn(page, email, 'shopper-pass-1')
  await expect(page).toHaveURL(/\/account$/)
  expect((await lookup).ok()).toBe(true)
  await expect(header(page).getByRole('link', { name: 'My account' })).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Admin dashboard' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()

  await page.goto('/auth')
  await fillSignIn(page, ADMIN_EMAIL, STAFF_PASSWORD)
  const shortcut = header(page).getByRole('link', { name: 'Admin dashboard' })
  await expect(shortcut).toBeVisible()
  await expect(shortcut).toHaveAttribute('href', '/admin')
  // Still there after a reload: the saved session starts the lookup at once.
  await page.goto('/')
  await expect(shortcut).toBeVisible()
  await shortcut.click()
  await expect(page).toHaveURL(/\/admin$/)
})

test('sign-in returns to a same-site redirect and never to another site', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('redirect')
  await createAccount(request, email, 'redirect-pass-1', FULL_NAME)
  await page.goto('/auth?redirect=%2Fcheckout')
  await fillSignIn(page, email, 'redirect-pass-1')
  await expect(page).toHaveURL(/\/checkout$/)

  // Signed in already: going to /auth with a redirect goes straight on.
  await page.goto('/auth?redirect=/wishlist')
  await expect(page).toHaveURL(/\/wishlist$/)

  for (const target of ['https://evil.example', '//evil.example', 'javascript:alert(1)']) {
    await page.goto(`/auth?redirect=${encodeURIComponent(target)}`)
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  }
})

test('offline, the page says sign-in needs a connection and what still works', async ({
  page,
  context,
}) => {
  await page.goto('/auth')
  await expect(signInForm(page)).toBeVisible()
  await context.setOffline(true)
  const notice = page.getByRole('status').filter({ hasText: 'You are offline' })
  await expect(notice).toContainText('Signing in needs a connection')
  await expect(notice).toContainText('cart and wishlist')
  await fillSignIn(page, 'someone@example.com', 'whatever-1')
  const alert = page.getByRole('alert').filter({ hasText: 'You are offline' })
  await expect(alert).toContainText('Nothing was sent')
  await expect(alert).toContainText('please try again once you are back online')
  await expect(signInForm(page).getByLabel('Email address')).toHaveValue('someone@example.com')
  await context.setOffline(false)
  await expect(page.getByText('You are offline')).toHaveCount(0)
})

test('signing up with a taken email shows Registration failed with the server message', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('taken')
  await createAccount(request, email, 'first-pass-1', FULL_NAME)
  await page.goto('/auth?mode=signup')
  const form = page.getByRole('form', { name: 'Create account' })
  await form.getByLabel('Full name').fill('Second Person')
  await form.getByLabel('Email address').fill(email)
  await form.getByLabel('Password', { exact: true }).fill('second-pass-1')
  await form.getByRole('button', { name: 'Create account' }).click()
  const toast = page.getByRole('status').filter({ hasText: 'Registration failed' })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('User already registered')
  await expect(page).toHaveURL(/mode=signup/)
})

test('many failed sign-ins are refused for a while, with the message (429)', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('brute')
  await createAccount(request, email, 'real-password-1', FULL_NAME)
  await page.goto('/auth')
  let limited = false
  page.on('response', (res) => {
    if (res.url().includes('/auth/v1/token') && res.status() === 429) limited = true
  })
  for (let attempt = 0; attempt < 12 && !limited; attempt++) {
    const answered = page.waitForResponse((res) => res.url().includes('/auth/v1/token'))
    await fillSignIn(page, email, `guess-${attempt}`)
    await answered
  }
  expect(limited).toBe(true)
  const toast = page.getByRole('status').filter({ hasText: 'Too many failed sign-in attempts' })
  await expect(toast.first()).toBeVisible()
  await expect(toast.first()).toContainText('Login failed')
  // Even the right password waits until the window has passed.
  await fillSignIn(page, email, 'real-password-1')
  await expect(page).toHaveURL(/\/auth$/)
})

test('offline with an expired token, the shopper still shows as signed in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('offline')
  await createAccount(request, email, 'offline-pass-1', FULL_NAME)
  await page.goto('/auth')
  await fillSignIn(page, email, 'offline-pass-1')
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Zawadi' })).toBeVisible()

  // The token has expired and renewing it fails for want of a connection.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))!
    const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number }
    session.expires_at = Math.floor(Date.now() / 1000) - 60
    localStorage.setItem(key, JSON.stringify(session))
  })
  await page.route('**/auth/v1/token**', (route) => route.abort('internetdisconnected'))
  await page.route('**/rest/v1/**', (route) => route.abort('internetdisconnected'))
  await page.reload()
  await expect(header(page).getByRole('link', { name: 'My account' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Zawadi' })).toBeVisible()
  // The session is kept for when the connection returns.
  await page.unroute('**/auth/v1/token**')
  await page.unroute('**/rest/v1/**')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Zawadi' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Full name')).toHaveValue(
    'Zawadi Njoroge',
  )
})
