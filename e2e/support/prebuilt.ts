import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** Helpers for the prebuilt pages' specs (prebuilt-pages.spec.ts, prebuilt-takeover.spec.ts). */

/** A product the seed lists, read from the served sitemap. */
export async function aProductPath(request: APIRequestContext) {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const url = /<loc>([^<]*\/product\/[^<]+)<\/loc>/.exec(sitemap)?.[1]
  expect(url, 'the sitemap lists products').toBeTruthy()
  return new URL(url!).pathname
}

/** Every console error and uncaught error of `page` from now on, as it happens. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}
