import { expect, type Page } from '@playwright/test'

/**
 * Waits for a toast to show and for the toast stack to stop moving. A new toast slides the others up for
 * 400 ms: a press that starts on a button near the stack and ends on a toast that has slid over it in
 * that time is no click on the button, for a person as for a test.
 */
export async function toastShown(page: Page, title: string) {
  await expect(page.getByRole('status').filter({ hasText: title })).toBeVisible()
  // At least one toast: with none found (the toaster's markup changed) the wait would pass at once.
  await page.waitForFunction(() => {
    const toasts = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')]
    return toasts.length > 0 && toasts.every((toast) => toast.getAnimations().length === 0)
  })
}
