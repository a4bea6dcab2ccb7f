import { expect, type Page } from '@playwright/test'

/** A toast's outer element, as Chakra's toaster marks it. */
const TOAST = '[data-scope="toast"][data-part="root"]'

/**
 * Waits for a toast to show and for the toast stack to stop moving. A new toast slides the others up for
 * 400 ms: a press that starts on a button near the stack and ends on a toast that has slid over it in
 * that time is no click on the button, for a person as for a test.
 */
export async function toastShown(page: Page, title: string) {
  await expect(page.getByRole('status').filter({ hasText: title })).toBeVisible()
  await toastsSettled(page)
}

/**
 * `toastShown` for a toast whose title may already show in an earlier toast: runs `action` and waits
 * for a new toast with that title.
 */
export async function newToastShown(page: Page, title: string, action: () => Promise<void>) {
  const earlier = await page.locator(TOAST).evaluateAll((toasts) => toasts.map((toast) => toast.id))
  await action()
  const others = earlier.map((id) => `:not([id="${id}"])`).join('')
  await expect(
    page.locator(`${TOAST}[role="status"]${others}`).filter({ hasText: title }),
  ).toBeVisible()
  await toastsSettled(page)
}

async function toastsSettled(page: Page) {
  // At least one toast: with none found (the toaster's markup changed) the wait would pass at once.
  await page.waitForFunction((selector) => {
    const toasts = [...document.querySelectorAll(selector)]
    return toasts.length > 0 && toasts.every((toast) => toast.getAnimations().length === 0)
  }, TOAST)
}
