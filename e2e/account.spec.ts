import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO_ANON_KEY } from '../supabase/local/keys'
import { createAccount, fillSignIn, signInAt, uniqueEmail } from './support/accounts'
import { placeOrder } from './support/orders'
import { skipIntro } from './support/pwa'
import { newToastShown, toastShown } from './support/toasts'
import { totpCode, totpStep } from '../supabase/local/auth/totp'

/**
 * The account page end to end: the signed-out prompt, the profile phone saved in its normalised form,
 * saved addresses (add, default, edit, delete), the order history, and the page at 360 px.
 */

test.beforeEach(({ context }) => skipIntro(context))

interface Account {
  email: string
  password: string
  accessToken: string
}

async function newAccount(request: APIRequestContext, fullName: string): Promise<Account> {
  const email = uniqueEmail('account')
  const password = 'account-pass-1'
  const { accessToken } = await createAccount(request, email, password, fullName)
  return { email, password, accessToken }
}

async function signInTo(page: Page, account: Account) {
  await signInAt(page, '/account', account.email, account.password)
  await expect(page).toHaveURL(/\/account$/)
}

const rest = (request: APIRequestContext, account: Account, path: string) =>
  request.get(`/rest/v1/${path}`, {
    headers: { apikey: DEMO_ANON_KEY, authorization: `Bearer ${account.accessToken}` },
  })

test('signed out, the account page asks the shopper to sign in and comes back', async ({
  page,
  request,
}) => {
  const account = await newAccount(request, 'Kevin Ouma')
  await page.goto('/account')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to see your account' }),
  ).toBeVisible()
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Create account' }),
  ).toHaveAttribute('href', '/auth?mode=signup&redirect=%2Faccount')
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
  await fillSignIn(page, account.email, account.password)
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Kevin' })).toBeVisible()
})

test('the profile phone is checked, then saved in 2547… form', async ({ page, request }) => {
  const account = await newAccount(request, 'Mercy Chebet')
  await signInTo(page, account)
  const profile = page.getByRole('form', { name: 'Profile' })
  const phone = profile.getByLabel('Phone number (optional)')

  await phone.fill('0812 345 678')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(phone).toBeFocused()
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await expect(phone).toHaveAccessibleDescription(
    /Enter a Kenyan mobile number, e\.g\. 0712 345 678/,
  )

  await phone.fill('+254 712-345-678')
  await profile.getByLabel('Full name').fill('Mercy J. Chebet')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Mercy' })).toBeVisible()

  const stored = await rest(request, account, 'profiles?select=full_name,phone')
  expect(await stored.json()).toEqual([{ full_name: 'Mercy J. Chebet', phone: '254712345678' }])

  await page.reload()
  await expect(
    page.getByRole('form', { name: 'Profile' }).getByLabel('Phone number (optional)'),
  ).toHaveValue('0712 345 678')
})

test('add an address, make another the default, edit and delete', async ({ page, request }) => {
  const account = await newAccount(request, 'Otieno Juma')
  await signInTo(page, account)
  const section = page.getByRole('region', { name: 'Saved addresses' })
  await expect(section.getByText('No saved addresses yet')).toBeVisible()

  await section.getByRole('button', { name: 'Add address' }).click()
  let form = section.getByRole('form', { name: 'New address' })
  await form.getByRole('button', { name: 'Save address' }).click()
  await expect(form.getByLabel('County')).toBeFocused()
  await expect(form.getByLabel('County')).toHaveAccessibleDescription('Choose a county')
  await expect(form.getByLabel('Town or area')).toHaveAccessibleDescription(
    'Enter the town or area',
  )
  // All 47 counties, plus the prompt.
  await expect(form.getByLabel('County').locator('option')).toHaveCount(48)

  await form.getByLabel('County').selectOption('Kisumu')
  await form.getByLabel('Town or area').fill('Milimani')
  await form.getByLabel('Street, building or landmark').fill('Aga Khan Road, opposite the hospital')
  await form.getByLabel('Delivery note for the rider (optional)').fill('Call at the gate')
  await form.getByLabel('Label (optional)').fill('Home')
  await expect(form.getByLabel('Use as my default delivery address')).toBeChecked()
  await form.getByRole('button', { name: 'Save address' }).click()
  await toastShown(page, 'Address saved')

  const homeCard = section.getByRole('listitem', { name: 'Home' })
  await expect(homeCard).toContainText('Aga Khan Road, opposite the hospital')
  await expect(homeCard).toContainText('Milimani, Kisumu County')
  await expect(homeCard).toContainText('Note for the rider: Call at the gate')
  await expect(homeCard).toContainText('Default')

  await section.getByRole('button', { name: 'Add address' }).click()
  form = section.getByRole('form', { name: 'New address' })
  await form.getByLabel('County').selectOption('Nairobi')
  await form.getByLabel('Town or area').fill('Upper Hill')
  await form.getByLabel('Street, building or landmark').fill('Hospital Road')
  await form.getByLabel('Label (optional)').fill('Office')
  await form.getByLabel('Recipient phone (optional)').fill('0722 000 111')
  // The first address's toast may still show.
  await newToastShown(page, 'Address saved', () =>
    form.getByRole('button', { name: 'Save address' }).click(),
  )
  const officeCard = section.getByRole('listitem', { name: 'Office' })
  await expect(officeCard).toContainText('0722 000 111')
  await expect(officeCard).not.toContainText('Default')

  await section.getByRole('button', { name: 'Make Office my default address' }).click()
  await toastShown(page, 'Default address changed')
  await expect(officeCard).toContainText('Default')
  await expect(homeCard).not.toContainText('Default')

  await section.getByRole('button', { name: 'Edit Home' }).click()
  form = section.getByRole('form', { name: 'Edit address' })
  await expect(form.getByLabel('County')).toHaveValue('Kisumu')
  await form.getByLabel('Town or area').fill('Kondele')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await toastShown(page, 'Address updated')
  await expect(homeCard).toContainText('Kondele, Kisumu County')

  const stored = await rest(
    request,
    account,
    'addresses?select=label,town,phone,is_default&order=label',
  )
  expect(await stored.json()).toEqual([
    { label: 'Home', town: 'Kondele', phone: null, is_default: false },
    { label: 'Office', town: 'Upper Hill', phone: '254722000111', is_default: true },
  ])

  await section.getByRole('button', { name: 'Delete Home' }).click()
  await section.getByRole('button', { name: 'Yes, delete Home' }).click()
  await expect(homeCard).toHaveCount(0)
  await page.reload()
  await expect(
    page.getByRole('region', { name: 'Saved addresses' }).getByRole('listitem'),
  ).toHaveCount(1)
})

test('the order history lists the shopper’s orders and opens one', async ({ page, request }) => {
  const account = await newAccount(request, 'Faith Akinyi')
  // A bag: clothing and shoes sell by size, and this order names none. Two of it stay within the
  // cash-on-delivery ceiling (KSh 50,000).
  const products = await request.get(
    '/rest/v1/products?select=id,name,price&stock=gt.5&category=eq.bags&price=lte.25000&limit=1',
    {
      headers: { apikey: DEMO_ANON_KEY },
    },
  )
  const [product] = (await products.json()) as { id: string; name: string; price: number }[]
  expect(product).toBeTruthy()
  const order = await placeOrder(
    request,
    {
      items: [{ productId: product!.id, quantity: 2 }],
      contact: { name: 'Faith Akinyi', email: account.email, phone: '0712345678' },
      delivery: { method: 'pickup', pickupPoint: 'hub-karen' },
      paymentMethod: 'cod',
    },
    account.accessToken,
  )

  await signInTo(page, account)
  const section = page.getByRole('region', { name: 'Orders' })
  const row = section.getByRole('button', { name: new RegExp(`Order ${order.orderNumber}`) })
  await expect(row).toBeVisible()
  await expect(row).toContainText('2 items')
  await expect(row).toContainText('Received')
  await expect(row).toHaveAttribute('aria-expanded', 'false')
  await row.click()
  await expect(row).toHaveAttribute('aria-expanded', 'true')
  await expect(section.getByText(product!.name)).toBeVisible()
  await expect(section.getByText('Pickup:')).toBeVisible()
  await expect(section.getByText('Cash on delivery · Awaiting payment')).toBeVisible()
  await expect(row).toContainText('KSH')

  // Totals follow the currency toggle.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /currency/i })
    .first()
    .click()
  await expect(row).toContainText('$')
})

test('change the password with a code emailed to the shopper', async ({ page, request }) => {
  const account = await newAccount(request, 'Wanjiru Kamau')
  await signInTo(page, account)
  const section = page.getByRole('region', { name: 'Password' })
  await section.getByRole('button', { name: 'Email me a code' }).click()
  const form = section.getByRole('form', { name: 'Change password' })
  await expect(form.getByText(`We sent a 6-digit code to ${account.email}`)).toBeVisible()

  const inbox = await request.get(`/__dev/inbox.json?to=${encodeURIComponent(account.email)}`)
  const mails = (await inbox.json()) as { kind: string; subject: string; otp: string }[]
  const mail = mails.find((m) => m.kind === 'reauthentication')
  expect(mail?.subject).toBe('Confirm reauthentication')

  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(form.getByLabel('Code from the email')).toBeFocused()
  await expect(form.getByLabel('Code from the email')).toHaveAccessibleDescription(
    'Type the 6-digit code from the email',
  )
  await form.getByLabel('Code from the email').fill(mail!.otp)
  await form.getByLabel('New password', { exact: true }).fill('changed-pass-2')
  await form.getByLabel('Confirm new password').fill('changed-pass-2')
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Password changed')).toBeVisible()
  await expect(section.getByRole('button', { name: 'Email me a code' })).toBeVisible()

  const signIn = (password: string) =>
    request.post('/auth/v1/token?grant_type=password', {
      headers: { apikey: DEMO_ANON_KEY },
      data: { email: account.email, password },
    })
  expect((await signIn('changed-pass-2')).ok()).toBe(true)
  expect((await signIn(account.password)).status()).toBe(400)
})

test('two-step sign-in: turned on from the account page, asked for at sign-in, turned off', async ({
  page,
  request,
}) => {
  const account = await newAccount(request, 'Njeri Mwangi')
  await signInTo(page, account)
  const section = page.getByRole('region', { name: 'Two-step sign-in' })
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible()
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim()
  const setup = section.getByRole('form', { name: 'Authentication code' })
  await setup.getByLabel('Authentication code').fill(totpCode(secret, totpStep(Date.now())))
  await setup.getByRole('button', { name: 'Turn on' }).click()
  await expect(section.getByText('Two-step sign-in is on', { exact: false })).toBeVisible()

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  await page.goto('/auth?redirect=%2Faccount')
  await fillSignIn(page, account.email, account.password)
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible()
  // The password alone signs nobody in: the app shows no account, and the database opens nothing.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  const password = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: DEMO_ANON_KEY },
    data: { email: account.email, password: account.password },
  })
  const oneStep = (await password.json()) as { access_token: string; user: { id: string } }
  const claims = JSON.parse(
    Buffer.from(oneStep.access_token.split('.')[1]!, 'base64url').toString(),
  ) as { aal: string }
  expect(claims.aal).toBe('aal1')
  const mine = await request.get(`/rest/v1/profiles?select=full_name&id=eq.${oneStep.user.id}`, {
    headers: { apikey: DEMO_ANON_KEY, authorization: `Bearer ${oneStep.access_token}` },
  })
  expect(await mine.json()).toEqual([])

  const code = page.getByRole('form', { name: 'Authentication code' })
  await code.getByLabel('Authentication code').fill('12345')
  await code.getByRole('button', { name: 'Verify' }).click()
  await expect(code.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible()
  await code.getByLabel('Authentication code').fill(totpCode(secret, totpStep(Date.now())))
  await code.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Njeri' })).toBeVisible()

  // Signed in with both steps, turning it off needs no further code.
  await section.getByRole('button', { name: 'Turn off two-step sign-in' }).click()
  await expect(section.getByText('Two-step sign-in is off', { exact: false })).toBeVisible()
  const again = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: DEMO_ANON_KEY },
    data: { email: account.email, password: account.password },
  })
  expect(((await again.json()) as { user: { factors?: unknown[] } }).user.factors).toBeUndefined()
})

/** Turns on an authenticator for the account through the auth API; returns its secret. */
async function withAuthenticator(request: APIRequestContext, account: Account) {
  const headers = { apikey: DEMO_ANON_KEY, authorization: `Bearer ${account.accessToken}` }
  const enrolled = await request.post('/auth/v1/factors', {
    headers,
    data: { factor_type: 'totp', friendly_name: 'Authenticator app' },
  })
  const factor = (await enrolled.json()) as { id: string; totp: { secret: string } }
  const challenge = await request.post(`/auth/v1/factors/${factor.id}/challenge`, { headers })
  const { id } = (await challenge.json()) as { id: string }
  const verified = await request.post(`/auth/v1/factors/${factor.id}/verify`, {
    headers,
    data: { challenge_id: id, code: totpCode(factor.totp.secret, totpStep(Date.now())) },
  })
  expect(verified.ok()).toBe(true)
  return factor.totp.secret
}

test('two-step sign-in on two devices at once: the first to finish signs in, the other is asked to sign in again', async ({
  page,
  browser,
  request,
}) => {
  const account = await newAccount(request, 'Achieng Otieno')
  const secret = await withAuthenticator(request, account)
  const laptopContext = await browser.newContext()
  await skipIntro(laptopContext)
  const laptop = await laptopContext.newPage()
  for (const device of [page, laptop]) {
    await device.goto('/auth?redirect=%2Faccount')
    await fillSignIn(device, account.email, account.password)
    await expect(device.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible()
  }
  const enterCode = async (device: Page) => {
    const form = device.getByRole('form', { name: 'Authentication code' })
    await form.getByLabel('Authentication code').fill(totpCode(secret, totpStep(Date.now())))
    await form.getByRole('button', { name: 'Verify' }).click()
  }
  await enterCode(page)
  await expect(page).toHaveURL(/\/account$/)

  // The laptop's half-done sign-in has ended on the server: it says so and asks for the password again.
  await enterCode(laptop)
  const notice = laptop.getByRole('alert').filter({ hasText: 'Sign in again' })
  await expect(notice).toContainText('this account finished signing in somewhere else')
  await expect(laptop.getByRole('form', { name: 'Authentication code' })).toHaveCount(0)
  await fillSignIn(laptop, account.email, account.password)
  await enterCode(laptop)
  await expect(laptop).toHaveURL(/\/account$/)
  await expect(laptop.getByRole('heading', { level: 1, name: 'Hello, Achieng' })).toBeVisible()
  await laptopContext.close()
})

test('the account page fits a 360 px phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const account = await newAccount(request, 'Wairimu Ndegwa')
  await signInTo(page, account)
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Wairimu' })).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await page
    .getByRole('region', { name: 'Saved addresses' })
    .getByRole('button', { name: 'Add address' })
    .click()
  const stillFits = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(stillFits).toBeLessThanOrEqual(0)
})
