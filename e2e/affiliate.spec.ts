import { expect, test, type Page } from '@playwright/test'

/** Referral codes from `?ref=` / `?affiliate=`, kept 30 days on the device (spec §4, reliability 13). */

const DAY = 24 * 60 * 60 * 1000

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.sessionStorage.setItem('luxe.skip-splash', '1')
    window.localStorage.setItem('email_popup_seen', '2026-01-01T00:00:00.000Z')
  })
})

/**
 * Runs in the page: one request on the app's IndexedDB store. It never creates the database (that would
 * block the app's own upgrade) and always closes its connection.
 */
function device(page: Page, action: 'get' | 'put', key: string, value?: unknown): Promise<unknown> {
  return page.evaluate(
    ([verb, wanted, data]) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('luxe-kenya')
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => (verb === 'get' ? resolve(null) : reject(open.error))
        open.onsuccess = () => {
          const db = open.result
          try {
            if (!db.objectStoreNames.contains('keyvaluepairs')) {
              db.close()
              if (verb === 'get') resolve(null)
              else reject(new Error('the app has not created its store yet'))
              return
            }
            const transaction = db.transaction(
              'keyvaluepairs',
              verb === 'get' ? 'readonly' : 'readwrite',
            )
            const store = transaction.objectStore('keyvaluepairs')
            const request = verb === 'get' ? store.get(wanted) : store.put(data, wanted)
            transaction.oncomplete = () => {
              db.close()
              resolve(verb === 'get' ? (request.result ?? null) : null)
            }
            transaction.onerror = () => {
              db.close()
              reject(transaction.error)
            }
          } catch (error) {
            db.close()
            reject(error)
          }
        }
      }),
    [action, key, value] as const,
  )
}

async function savedRecord(page: Page) {
  const saved = (await device(page, 'get', 'affiliate_code')) as {
    record: { code: string; expiry: string } | null
  } | null
  return saved?.record ?? null
}

test('?ref= is captured for 30 days, taken out of the address, and survives a reload', async ({
  page,
}) => {
  const before = Date.now()
  await page.goto('/?ref=AMINA10')
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => savedRecord(page).then((record) => record?.code)).toBe('AMINA10')
  const record = await savedRecord(page)
  const expiry = Date.parse(record?.expiry ?? '')
  expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY - 60_000)
  expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY + 60_000)

  await page.goto('/wishlist')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible()
  expect(await savedRecord(page)).toEqual(record)
})

test('?affiliate= works too, on any page, and a newer link wins', async ({ page }) => {
  await page.goto('/?ref=AMINA10')
  await expect.poll(() => savedRecord(page).then((record) => record?.code)).toBe('AMINA10')
  await page.goto('/wishlist?affiliate=wanjiku_5')
  await expect(page).toHaveURL(/\/wishlist$/)
  await expect.poll(() => savedRecord(page).then((record) => record?.code)).toBe('WANJIKU_5')
})

test('an expired code is removed when the app reads it', async ({ page }) => {
  await page.goto('/?ref=AMINA10')
  await expect.poll(() => savedRecord(page).then((record) => record?.code)).toBe('AMINA10')
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
  await expect.poll(() => savedRecord(page)).toEqual({ code: 'JOMO22', expiry })
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
    expect(await savedRecord(page)).toBeNull()
    expect(dialogs).toEqual([])
  })
}
