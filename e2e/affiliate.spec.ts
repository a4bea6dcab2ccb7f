import { expect, test } from '@playwright/test'
import { device, savedReferral } from './support/device'
import { skipIntro } from './support/pwa'

/** Referral codes from `?ref=` / `?affiliate=`, kept 30 days on the device. */

const DAY = 24 * 60 * 60 * 1000

test.beforeEach(({ context }) => skipIntro(context))

test('?ref= is captured for 30 days, taken out of the address, and survives a reload', async ({
  page,
}) => {
  const before = Date.now()
  await page.goto('/?ref=AMINA10')
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => savedReferral(page).then((record) => record?.code)).toBe('AMINA10')
  const record = await savedReferral(page)
  const expiry = Date.parse(record?.expiry ?? '')
  expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY - 60_000)
  expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY + 60_000)

  await page.goto('/wishlist')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible()
  expect(await savedReferral(page)).toEqual(record)
})

test('?affiliate= works too, on any page, and a newer link wins', async ({ page }) => {
  await page.goto('/?ref=AMINA10')
  await expect.poll(() => savedReferral(page).then((record) => record?.code)).toBe('AMINA10')
  await page.goto('/wishlist?affiliate=wanjiku_5')
  await expect(page).toHaveURL(/\/wishlist$/)
  await expect.poll(() => savedReferral(page).then((record) => record?.code)).toBe('WANJIKU_5')
})

test('an expired code is removed when the app reads it', async ({ page }) => {
  await page.goto('/?ref=AMINA10')
  await expect.poll(() => savedReferral(page).then((record) => record?.code)).toBe('AMINA10')
  await device(page, 'put', 'affiliate_code', {
    record: { code: 'OLD10', expiry: new Date(Date.now() - DAY).toISOString() },
    _persist: { version: 1, rehydrated: true },
  })
  await page.reload()
  await expect
    .poll(() => device(page, 'get', 'affiliate_code'))
    .toEqual({
      record: null,
      _persist: { version: 1, rehydrated: true },
    })
})

test('an old-format code in localStorage is imported once', async ({ page }) => {
  await page.goto('/')
  const expiry = new Date(Date.now() + 10 * DAY).toISOString()
  await page.evaluate((value) => localStorage.setItem('affiliate_code', JSON.stringify(value)), {
    code: 'JOMO22',
    expiry,
  })
  await page.reload()
  await expect.poll(() => savedReferral(page)).toEqual({ code: 'JOMO22', expiry })
  expect(await page.evaluate(() => localStorage.getItem('affiliate_code'))).toBeNull()
})

for (const [kind, junk] of [
  ['markup', '<script>alert(1)</script>'],
  ['an image with onerror', '"><img src=x onerror=alert(1)>'],
  ['SQL', "x' OR '1'='1'; DROP TABLE affiliates;--"],
  ['10 KB of junk', 'A'.repeat(10 * 1024)],
] as const) {
  test(`junk in ?ref= (${kind}) is not stored and runs nothing`, async ({ page }) => {
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto(`/?ref=${encodeURIComponent(junk)}`)
    await expect(page).toHaveURL(/\/$/)
    // A change saved after start-up shows the device store is in use: a captured code would be saved by now.
    await page.getByRole('button', { name: 'Switch currency to USD' }).click()
    await expect
      .poll(() => device(page, 'get', 'currency'))
      .toEqual({ currency: 'USD', _persist: { version: 1, rehydrated: true } })
    expect(await savedReferral(page)).toBeNull()
    expect(dialogs).toEqual([])
  })
}
