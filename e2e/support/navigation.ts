import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Moves the loaded app to `path` the way the browser's history does (a new entry, then popstate), so a
 * test can visit many pages without a full page load for each.
 * `stays: false` for pages that may send a visitor elsewhere (the admin area sends them to sign in).
 */
export async function navigateInApp(page: Page, path: string, { stays = true } = {}) {
  await page.evaluate((to) => {
    const state = (window.history.state ?? {}) as { __TSR_index?: number }
    window.history.pushState({ ...state, __TSR_index: (state.__TSR_index ?? 0) + 1 }, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, path)
  if (stays) await expect(page).toHaveURL((url) => url.pathname === path)
}

/**
 * Waits until the app has taken a prebuilt page's element over (React has hydrated it and its handlers
 * run). A prebuilt page shows its controls before the app's code has run: a key pressed on one before
 * then does nothing, as it would for a shopper. React marks each element it has taken over with a
 * `__reactFiber$…` property.
 */
export async function takenOver(control: Locator) {
  await expect
    .poll(() =>
      control.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
      ),
    )
    .toBe(true)
}

/** Holds the app's scripts until the returned function is called. */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held
    await route.continue().catch(() => {})
  })
  return () => release()
}
