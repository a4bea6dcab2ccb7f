import type { Page } from '@playwright/test'

/**
 * The app's data on the device (IndexedDB, and the store's old localStorage format it imports once), read
 * and written from the page the way the app itself does.
 */

/** Cart lines in the store's old localStorage format. */
export const gown = {
  id: 'dress-001',
  productId: 'dress-001',
  name: 'Silk Evening Gown',
  price: 6300,
  quantity: 1,
  image: '',
}
export const belt = {
  id: 'acc-002',
  productId: 'acc-002',
  name: 'Leather Belt',
  price: 3800,
  quantity: 2,
  image: '',
}

/**
 * Stores values under the store's old localStorage keys (`cart`, `wishlist`…), as a shopper of the old
 * store has them before this app ever runs, then opens the app. They are written from a file of the
 * same site that runs no app (robots.txt): on a page of the store, the app (which starts after the page
 * has loaded) could read them half-written and be cut short by the next navigation.
 */
export async function seedOldFormat(page: Page, values: Record<string, unknown>) {
  await page.goto('/robots.txt')
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      window.localStorage.setItem(key, JSON.stringify(value))
    }
  }, values)
  await page.goto('/')
}

/**
 * Runs in the page: one request on the app's IndexedDB store. It never creates the database (that would
 * block the app's own upgrade) and always closes its connection. `putJson` stores a JSON text parsed in
 * the page, so keys like __proto__ arrive as they would from a real file.
 */
export function device(
  page: Page,
  action: 'get' | 'put' | 'putJson',
  key: string,
  value?: unknown,
): Promise<unknown> {
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
            const stored = verb === 'putJson' ? (JSON.parse(data as string) as unknown) : data
            const request = verb === 'get' ? store.get(wanted) : store.put(stored, wanted)
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

export const readDevice = (page: Page, key: string) => device(page, 'get', key)

/** The referral code the app keeps (`affiliate_code`), as the checkout would send it. */
export async function savedReferral(page: Page) {
  const saved = (await readDevice(page, 'affiliate_code')) as {
    record: { code: string; expiry: string } | null
  } | null
  return saved?.record ?? null
}
