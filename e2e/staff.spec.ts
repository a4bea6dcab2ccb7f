import { expect, test } from '@playwright/test'
import { ADMIN_EMAIL, signInAt, uniqueEmail } from './support/accounts'
import { skipIntro } from './support/pwa'
import { totpCode, totpStep } from '../supabase/local/auth/totp'

/**
 * The staff page against `npm start`: an admin invites a manager, who opens the link from the local
 * inbox, chooses a password, sets up an authenticator (a wrong code is refused) and only then reaches
 * the admin area; the admin then removes them, and the
 * manager's open admin page loses access on its next action. The admin then makes two-step sign-in
 * optional for staff and required again, and finds both changes in the audit trail.
 */

test.beforeEach(({ context }) => skipIntro(context))

test('an admin invites a manager, who sets a password through the link; removed, they lose access at once', async ({
  page,
  browser,
}) => {
  // Two people's whole journeys in two browser contexts, each loading the app cold, one of them
  // setting up an authenticator.
  test.setTimeout(210_000)
  const email = uniqueEmail('invited-manager')

  await signInAt(page, '/admin/staff', ADMIN_EMAIL)
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Invite staff' })
  await form.getByLabel('Email address').fill('not an address')
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(form.getByText('Enter a valid email address.')).toBeVisible()
  await form.getByLabel('Email address').fill(email)
  await form.getByLabel('Role').selectOption('manager')
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Invitation sent')).toBeVisible()
  const invitations = page.getByRole('region', { name: 'Open invitations' })
  await expect(invitations.getByRole('cell', { name: email, exact: true })).toBeVisible()

  // The invitee, on their own device: the local inbox, the link, a password, the admin area.
  const invitee = await browser.newContext()
  await skipIntro(invitee)
  const theirs = await invitee.newPage()
  await theirs.goto(`/__dev/inbox?to=${encodeURIComponent(email)}`)
  await expect(theirs.getByRole('heading', { name: 'You have been invited' })).toBeVisible()
  await theirs
    .getByRole('link', { name: /\/auth\/v1\/verify/ })
    .first()
    .click()
  const passwordForm = theirs.getByRole('form', { name: 'Set a new password' })
  await passwordForm.getByLabel('New password', { exact: true }).fill('manager-pass-1')
  await passwordForm.getByLabel('Confirm new password', { exact: true }).fill('manager-pass-1')
  await passwordForm.getByRole('button', { name: 'Save new password' }).click()
  await expect(theirs).toHaveURL(/\/admin$/)

  // Staff need two-step sign-in: the admin area opens only after an authenticator is set up.
  await expect(
    theirs.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
  ).toBeVisible()
  await expect(
    theirs.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible()
  await expect(theirs.getByRole('heading', { level: 1, name: 'Overview' })).toHaveCount(0)
  const secret = (await theirs.getByTestId('totp-secret').textContent())!.trim()
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  const codeForm = theirs.getByRole('form', { name: 'Authentication code' })
  const valid = new Set([-1, 0, 1].map((o) => totpCode(secret, totpStep(Date.now()) + o)))
  const wrong = ['111111', '222222', '333333', '444444'].find((c) => !valid.has(c))!
  await codeForm.getByLabel('Authentication code').fill(wrong)
  await codeForm.getByRole('button', { name: 'Turn on' }).click()
  await expect(codeForm.getByText('That code is not right.', { exact: false })).toBeVisible()
  await expect(theirs.getByRole('heading', { level: 1, name: 'Overview' })).toHaveCount(0)
  await codeForm.getByLabel('Authentication code').fill(totpCode(secret, totpStep(Date.now())))
  await codeForm.getByRole('button', { name: 'Turn on' }).click()
  await expect(theirs.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await expect(theirs.getByText('Manager', { exact: true })).toBeVisible()

  // Back on the admin's page: the invitation became a staff member; remove them.
  const members = page.getByRole('region', { name: 'Staff members' })
  await members.getByRole('button', { name: 'Refresh' }).click()
  await expect(members.getByText(email)).toBeVisible()
  await members.getByRole('button', { name: `Remove staff access of ${email}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Remove staff access?' })
  await dialog.getByRole('button', { name: 'Remove access' }).click()
  await expect(page.getByText(`${email} no longer has staff access`)).toBeVisible()
  await expect(members.getByText(email)).toHaveCount(0)

  // The manager's page is still open with a valid token: their next action shows them out.
  await theirs
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Transactions' })
    .click()
  await expect(
    theirs.getByRole('heading', { level: 1, name: "You don't have access to the admin area" }),
  ).toBeVisible()
  await invitee.close()

  // The audit trail names the admin who invited and removed them, with the role before the removal.
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Audit trail' })
    .click()
  await page.getByLabel('Kind').selectOption('staff')
  const entries = page.getByRole('list', { name: 'Audit entries' })
  await expect(
    entries.getByRole('listitem').filter({ hasText: 'deleted user roles' }).first(),
  ).toContainText(`${ADMIN_EMAIL} (admin)`)
  await expect(entries.getByRole('listitem').filter({ hasText: email }).first()).toBeVisible()

  // The store's two-step rule for staff: made optional only after a warning, and back; both audited.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click()
  const rule = page.getByRole('region', { name: 'Two-step sign-in for staff' })
  await expect(rule.getByText('Required:', { exact: false })).toBeVisible()
  await rule.getByRole('button', { name: 'Make it optional' }).click()
  const warning = page.getByRole('alertdialog', {
    name: 'Let staff sign in with a password alone?',
  })
  await warning.getByRole('button', { name: 'Make it optional' }).click()
  await expect(rule.getByText('Optional:', { exact: false })).toBeVisible()
  await rule.getByRole('button', { name: 'Require two-step sign-in' }).click()
  await expect(rule.getByText('Required:', { exact: false })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Audit trail' })
    .click()
  await page.getByLabel('Kind').selectOption('settings')
  const ruleEntries = entries
    .getByRole('listitem')
    .filter({ hasText: 'staff_require_second_factor' })
  await expect(ruleEntries.filter({ hasText: 'false → true' }).first()).toContainText(
    `${ADMIN_EMAIL} (admin)`,
  )
  await expect(ruleEntries.filter({ hasText: 'true → false' }).first()).toContainText(
    `${ADMIN_EMAIL} (admin)`,
  )
})
