import { expect, test, type Browser, type Page } from '@playwright/test'
import { ADMIN_EMAIL, createAccount, fillSignIn, signInAt, uniqueEmail } from './support/accounts'
import { savedReferral } from './support/device'
import { markDispatched, placeOrder } from './support/orders'
import { skipIntro } from './support/pwa'

/**
 * The affiliate programme end to end against `npm start`: a visitor is asked to sign in; a shopper
 * applies; an admin approves; the affiliate shares their link; a friend arrives through it and orders
 * (the code the app captured goes with the order); the order is delivered, the commission shows as
 * approved, the admin records the payout, and the affiliate sees it paid.
 */

test.beforeEach(({ context }) => skipIntro(context))

/** The admin, signed in in a browser of their own, on `next`. */
async function staffPage(browser: Browser, next: string) {
  const context = await browser.newContext()
  await skipIntro(context)
  const page = await context.newPage()
  await signInAt(page, next, ADMIN_EMAIL)
  return page
}

const panel = (page: Page) => page.locator('#affiliate-account')

test('a visitor is asked to sign in, and comes back to apply', async ({ page, request }) => {
  const email = uniqueEmail('visitor')
  await createAccount(request, email, 'kenya-secret-1', 'Nyambura Wairimu')
  await page.goto('/affiliate-program')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const signIn = panel(page).getByRole('link', { name: 'Sign in to apply' })
  await expect(signIn).toHaveAttribute('href', '/auth?redirect=%2Faffiliate-program')
  await signIn.click()
  await fillSignIn(page, email, 'kenya-secret-1')
  await expect(page).toHaveURL(/\/affiliate-program$/)
  await expect(
    panel(page).getByRole('heading', { name: 'Apply to become an affiliate' }),
  ).toBeVisible()

  // The form checks the code and the M-Pesa number before sending anything.
  await panel(page).getByLabel('Preferred code (optional)').fill('no spaces please')
  await panel(page).getByLabel('M-Pesa number for payouts').fill('12345')
  await panel(page).getByRole('button', { name: 'Apply now' }).click()
  await expect(
    panel(page).getByText(
      'Use 3 to 32 letters, numbers or dashes (no spaces), starting with a letter or number.',
    ),
  ).toBeVisible()
  await expect(
    panel(page).getByText('Enter a Kenyan mobile number, e.g. 0712 345 678'),
  ).toBeVisible()
  await expect(panel(page).getByLabel('Preferred code (optional)')).toBeFocused()
})

test('apply, get approved, share, earn on a friend’s order, and get paid', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('nyambura')
  const code = `NYA${Date.now().toString(36).toUpperCase()}`
  await createAccount(request, email, 'kenya-secret-1', 'Nyambura Wairimu')

  // 1. The affiliate applies.
  await page.goto('/auth?redirect=%2Faffiliate-program')
  await fillSignIn(page, email, 'kenya-secret-1')
  await expect(page).toHaveURL(/\/affiliate-program$/)
  await panel(page).getByLabel('Preferred code (optional)').fill(code)
  await panel(page).getByLabel('M-Pesa number for payouts').fill('0711 000 222')
  await panel(page).getByRole('button', { name: 'Apply now' }).click()
  await expect(panel(page).getByRole('heading', { name: 'Application received' })).toBeVisible()
  await expect(panel(page)).toContainText(code)

  // 2. The admin approves the application.
  const admin = await staffPage(browser, '/admin/affiliates?status=pending')
  await admin.getByRole('button', { name: `Review affiliate ${code}` }).click()
  const review = admin.getByRole('dialog', { name: `Affiliate ${code}` })
  await expect(review).toContainText(email)
  await expect(review).toContainText('0711 000 222')
  await review.getByRole('button', { name: 'Approve application' }).click()
  await expect(admin.getByText(`${code} is approved`)).toBeVisible()
  await expect(review.getByText('Approved', { exact: true }).first()).toBeVisible()

  // 3. The affiliate sees their link and shares it.
  await page.reload()
  await expect(panel(page).getByRole('heading', { name: 'Your affiliate dashboard' })).toBeVisible()
  const linkField = panel(page).getByLabel('Your share link')
  const origin = new URL(page.url()).origin
  await expect(linkField).toHaveValue(`${origin}/?ref=${code}`)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  await panel(page).getByRole('button', { name: 'Copy link' }).click()
  await expect(panel(page).getByText('Link copied.')).toBeVisible()
  const shared = await page.evaluate(() => navigator.clipboard.readText())
  expect(shared).toBe(`${origin}/?ref=${code}`)
  const whatsapp = panel(page).getByRole('link', { name: 'Share on WhatsApp' })
  const href = (await whatsapp.getAttribute('href')) ?? ''
  expect(href.startsWith('https://wa.me/?text=')).toBe(true)
  expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toContain(shared)
  await expect(whatsapp).toHaveAttribute('target', '_blank')

  // 4. A friend opens the link in their own browser; the app keeps the code and the order carries it.
  const friendContext = await browser.newContext()
  await skipIntro(friendContext)
  const friend = await friendContext.newPage()
  await friend.goto(shared)
  await expect(friend).toHaveURL(`${origin}/`)
  await expect.poll(() => savedReferral(friend).then((r) => r?.code)).toBe(code)
  const referral = (await savedReferral(friend))!
  const captured = new Date(Date.parse(referral.expiry) - 30 * 24 * 60 * 60 * 1000).toISOString()
  const order = await placeOrder<{ orderNumber: string; subtotal: number; discountTotal: number }>(
    friend.request,
    {
      items: [{ productId: 'jewelry-003', quantity: 1 }],
      contact: {
        name: 'Wanjiku Friend',
        phone: '0722 555 666',
        email: uniqueEmail('friend'),
      },
      delivery: { method: 'pickup', pickupPoint: 'hub-karen' },
      paymentMethod: 'cod',
      affiliateCode: referral.code,
      affiliateCapturedAt: captured,
    },
  )
  await friendContext.close()
  const commission = Math.floor(((order.subtotal - order.discountTotal) * 10) / 100)
  const ksh = (n: number) => `KSH ${n.toLocaleString('en-KE')}`

  // The affiliate sees the order at once, without the buyer's details; no commission before payment.
  await page.reload()
  const orders = panel(page).getByRole('table').first()
  await expect(orders.getByRole('row', { name: new RegExp(order.orderNumber) })).toContainText(
    'When paid',
  )
  await expect(panel(page)).not.toContainText('Wanjiku Friend')

  // 5. The admin delivers the order (cash collected): the commission is approved.
  await admin.goto(`/admin/transactions?q=${order.orderNumber}`)
  await admin.getByRole('button', { name: `Open order ${order.orderNumber}` }).click()
  const detail = admin.getByRole('dialog', { name: `Order ${order.orderNumber}` })
  await expect(detail).toContainText(`Referred by ${code}`)
  for (const [action, status] of [
    ['Confirm order', 'Confirmed'],
    ['Mark as dispatched', 'Dispatched'],
    ['Mark as delivered', 'Delivered'],
  ] as const) {
    if (action === 'Mark as dispatched') await markDispatched(admin)
    else await detail.getByRole('button', { name: action }).click()
    await expect(detail.getByText(status, { exact: true }).first()).toBeVisible()
  }
  await expect(detail).toContainText(`Commission ${ksh(commission)} (10%)`)

  await page.reload()
  await expect(orders.getByRole('row', { name: new RegExp(order.orderNumber) })).toContainText(
    'Approved',
  )
  const totals = (label: string) =>
    panel(page)
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('..')
  await expect(totals('Approved')).toContainText(ksh(commission))
  await expect(panel(page).getByText('No payouts yet.', { exact: false })).toBeVisible()

  // 6. The admin records the M-Pesa payout.
  await admin.goto('/admin/payouts')
  await admin.getByRole('button', { name: `Record payout to ${code}` }).click()
  const reference = `QK${Date.now().toString(36).toUpperCase().slice(-8)}`
  const payForm = admin.getByRole('form', { name: `Pay ${code} ${ksh(commission)}` })
  await payForm.getByLabel('M-Pesa transaction code').fill(reference.toLowerCase())
  await payForm.getByRole('button', { name: 'Record payout', exact: true }).click()
  const ask = admin.getByRole('alertdialog', { name: `Record ${ksh(commission)} paid to ${code}?` })
  await expect(ask).toContainText(reference)
  await ask.getByRole('button', { name: 'Record payout' }).click()
  await expect(admin.getByText(`Payout recorded: ${ksh(commission)} to ${code}`)).toBeVisible()
  await expect(admin.getByRole('row', { name: new RegExp(reference) })).toContainText(code)
  await admin.context().close()

  // 7. The affiliate sees it paid.
  await page.reload()
  await expect(totals('Paid')).toContainText(ksh(commission))
  await expect(totals('Approved')).toContainText('KSH 0')
  await expect(orders.getByRole('row', { name: new RegExp(order.orderNumber) })).toContainText(
    'Paid',
  )
  const payouts = panel(page).getByRole('table').nth(1)
  await expect(payouts.getByRole('row', { name: new RegExp(reference) })).toContainText(
    ksh(commission),
  )
})
