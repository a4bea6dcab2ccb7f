import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { readChunkSources } from '../build/chunk-sources'
import { staffOnlyModule } from '../build/shopper-modules'
import { aProductPath } from './support/prebuilt'

/**
 * A shopper's pages fetch none of the admin area's code: not with the page, not with what the page loads
 * when idle (the footer, the chat button, the prompts, the drawers, the search dialog, the toasts). The
 * build groups what the shop's lazily loaded parts share into fewer files, and a group that took in a
 * module the admin area also uses once sent a product page the admin's tables. Checked against the build
 * `npm start` made: the scripts a real browser fetched, and the modules the build wrote into each
 * (build/chunk-sources.ts).
 */
// Read when a test runs: the server builds dist/ after the tests are listed.
const builtSources = () => readChunkSources(join(process.cwd(), 'dist'))

/**
 * The admin area's part in every page: the router's tree holds each route's definition (its path and the
 * validators of its address, src/features/admin/admin-search.ts), not its page, which the build splits
 * off (`?tsr-split=`).
 */
const inTheRouterTree = (module: string) =>
  /^src\/routes\/admin[^/?]*\.tsx$/.test(module) || module === 'src/features/admin/admin-search.ts'

const isStaffCode = (module: string) =>
  staffOnlyModule.test(`/${module}`) && !inTheRouterTree(module)

/** No script request for this long: what the page loads when idle has all come. */
const QUIET_MS = 3000
const LONGEST_WAIT_MS = 20_000

/** Every script `page` fetches from the moment this is called, as paths under dist/. */
function scriptsFetched(page: Page) {
  const files = new Set<string>()
  let last = Date.now()
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (!pathname.endsWith('.js')) return
    files.add(decodeURIComponent(pathname.slice(1)))
    last = Date.now()
  })
  return {
    files,
    async settled() {
      const deadline = Date.now() + LONGEST_WAIT_MS
      while (Date.now() - last < QUIET_MS && Date.now() < deadline) await page.waitForTimeout(250)
    },
  }
}

test('the report names the admin area where the build put it', () => {
  const sources = builtSources()
  const staffFiles = Object.entries(sources).filter(([, modules]) => modules.some(isStaffCode))
  // The admin area is in the build, in files of its own: the check below has something to find.
  expect(staffFiles.length).toBeGreaterThan(0)
})

for (const [name, path] of [
  ['home', '/'],
  ['a category', '/women'],
  ['a product', 'product'],
  ['the brands', '/brands'],
  ['the blog', '/blog'],
] as const) {
  test(`${name} fetches no admin code`, async ({ page, request }) => {
    const url = path === 'product' ? await aProductPath(request) : path
    const fetched = scriptsFetched(page)
    await page.goto(url)
    await expect(page.getByRole('main')).toBeVisible()
    await fetched.settled()

    const sources = builtSources()
    expect(fetched.files.size).toBeGreaterThan(10)
    const unknown = [...fetched.files].filter((file) => !(file in sources))
    expect(unknown, 'every script fetched is one the build wrote').toEqual([])
    const staffCode = [...fetched.files].flatMap((file) =>
      sources[file]!.filter(isStaffCode).map((module) => `${file}: ${module}`),
    )
    expect(staffCode).toEqual([])
  })
}
