import { expect, type BrowserContext, type Page } from '@playwright/test'
import { seenPopup, skipSplash } from './first-visit'

/** Skips the five-second splash and the first-visit email offer, which would cover the page. */
export async function skipIntro(context: BrowserContext): Promise<void> {
  await context.addInitScript(skipSplash)
  await context.addInitScript(seenPopup)
}

/** Waits until the service worker controls the page (it claims the first visit's page on activate). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 60_000,
  })
}

/** Every cache of the origin with the paths it holds. */
export function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {}
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys()
      out[name] = requests.map((request) => new URL(request.url).pathname)
    }
    return out
  })
}

/** Waits until the worker holds a copy of the catalogue: the list and its details. */
export async function waitForCachedCatalogue(page: Page): Promise<void> {
  await expect
    .poll(
      async () =>
        Object.entries(await cacheContents(page)).some(
          ([name, paths]) =>
            name.startsWith('luxe-catalogue-') &&
            paths.includes('/rest/v1/rpc/catalogue') &&
            paths.includes('/rest/v1/rpc/catalogue_details'),
        ),
      { timeout: 30_000 },
    )
    .toBe(true)
}
