import { expect, test } from '@playwright/test'

/**
 * The browser the tests run in: desktop Chromium's own interface pages stay unloaded (playwrightSwitches
 * in tests/support/chromium-args.ts), which would cost each test's new context about 2 s of CPU.
 */
test("a test's browser context loads none of the desktop browser's own pages", async ({
  browser,
  page,
}) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const session = await browser.newBrowserCDPSession()
  const { targetInfos } = await session.send('Target.getTargets')
  const own = targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://'))
  expect(own).toEqual([])
  await session.detach()
})
