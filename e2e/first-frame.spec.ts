import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { firstScreenFaces } from '../src/config/fonts'
import { seenPopup, skipSplash } from './support/first-visit'

/**
 * What a prebuilt page draws in its first frame (src/lib/first-frame.ts): what is on screen as it opens,
 * with the parts below following in the next frame, so that neither frame is a long task on a cheap
 * phone; and nothing moves when they follow.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript(skipSplash)
  await context.addInitScript(seenPopup)
})

/**
 * Records, in the first frame drawn once the HTML has been read, the `content-visibility` of the first
 * `count` elements matching `selector`; and every layout shift from the start.
 */
async function watchFirstFrame(context: BrowserContext, selector: string, count: number) {
  await context.addInitScript(
    ({ selector, count }) => {
      // Each shift's score, at which moment, and what moved (so that a failure names it).
      const shifts: string[] = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as PerformanceEntry & {
            value: number
            sources?: Array<{ node?: Node | null }>
          }
          const moved = (shift.sources ?? []).map(
            (source) => (source.node as Element | null)?.className || source.node?.nodeName,
          )
          shifts.push(
            `${shift.value.toFixed(4)} at ${Math.round(shift.startTime)} ms: ${moved.join(', ')}`,
          )
        }
      }).observe({ type: 'layout-shift', buffered: true })
      Object.assign(window, { shifts })
      document.addEventListener(
        'DOMContentLoaded',
        () => {
          requestAnimationFrame(() => {
            const parts = [...document.querySelectorAll(selector)].slice(0, count)
            Object.assign(window, {
              inFirstFrame: parts.map((part) => getComputedStyle(part).contentVisibility),
            })
          })
        },
        { once: true },
      )
    },
    { selector, count },
  )
}

/** What watchFirstFrame recorded. */
const firstFrame = (page: Page) =>
  page.evaluate(() => {
    const seen = window as unknown as { inFirstFrame: string[]; shifts: string[] }
    return { inFirstFrame: seen.inFirstFrame, shifts: seen.shifts }
  })

test("the home page's first frame draws what is on screen; the sections below follow in the next", async ({
  context,
  page,
}) => {
  await watchFirstFrame(context, 'section[aria-labelledby="shop-by-brand"]', 1)
  await page.goto('/')
  const brands = page.getByRole('region', { name: 'Shop by Brand' })
  await brands.scrollIntoViewIfNeeded()
  await expect(brands.getByRole('link', { name: /Little Luxe/ })).toBeVisible()
  expect((await firstFrame(page)).inFirstFrame).toEqual(['hidden'])
  expect(await brands.evaluate((section) => getComputedStyle(section).contentVisibility)).toBe(
    'auto',
  )
})

for (const { device, viewport, firstRow } of [
  { device: 'phone', viewport: { width: 412, height: 823 }, firstRow: 2 },
  { device: 'wide screen', viewport: { width: 1280, height: 900 }, firstRow: 3 },
]) {
  test(`a listing's first frame on a ${device} draws its first row of cards; the rest follow, nothing moves`, async ({
    context,
    page,
  }) => {
    await page.setViewportSize(viewport)
    await watchFirstFrame(context, 'ul[aria-label] > li', 5)
    await page.goto('/women')
    await expect(page.getByRole('article').first()).toBeVisible()
    const next = page.getByRole('article').nth(firstRow)
    await next.scrollIntoViewIfNeeded()
    await expect(next.getByRole('heading')).toBeVisible()
    const { inFirstFrame, shifts } = await firstFrame(page)
    expect(inFirstFrame).toEqual([
      ...Array<string>(firstRow).fill('visible'),
      ...Array<string>(5 - firstRow).fill('hidden'),
    ])
    expect(shifts).toEqual([])
  })
}

test("a product page's first frame on a phone leaves its purchase block and all below for the next; nothing moves", async ({
  context,
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 })
  const below = ['.product-info__purchase', '.product-info__more', '.product-page > .product-row']
  await watchFirstFrame(context, below.join(', '), below.length)
  await page.goto('/product/wrap-midi-dress-dress-001')
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible()
  // The parts held back have come: nothing moved meanwhile. (Scrolling down afterwards raises the chat
  // button above the quick-add bar, a move of its own.)
  await expect(page.locator('html')).not.toHaveClass(/lk-first-frame/)
  const { inFirstFrame, shifts } = await firstFrame(page)
  expect(inFirstFrame).toEqual(['hidden', 'hidden', 'hidden'])
  expect(shifts).toEqual([])
  const related = page.getByRole('region', { name: 'You may also like' })
  await related.scrollIntoViewIfNeeded()
  await expect(related.getByRole('article').first()).toBeVisible()
  await expect(page.getByText(/^\d+-day returns$/)).toBeVisible()
})

/**
 * Every face (family, weight, size) that text on a prebuilt page's first screen is drawn in, splash
 * included, as the page is read: the faces the page looks up before its first layout (fonts.ts) must
 * cover them, or that layout sets the missing ones up itself.
 */
test('the faces looked up early cover every face the first screens draw text in', async ({
  browser,
  baseURL,
}) => {
  const plain = (family: string) => family.replace(/["']/g, '').replace(/\s*,\s*/g, ',')
  const early = new Set(
    firstScreenFaces().map((face) => {
      const [weight, size, ...family] = face.split(' ')
      return `${weight} ${size} ${plain(family.join(' '))}`
    }),
  )
  const missing: string[] = []
  for (const width of [360, 412]) {
    // A first visit: the splash is on screen.
    const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } })
    const page = await context.newPage()
    for (const path of ['/', '/women', '/product/wrap-midi-dress-dress-001', '/blog', '/brands']) {
      await page.goto(path, { waitUntil: 'domcontentloaded' })
      const drawn = await page.evaluate(() => {
        const faces = new Map<string, string>()
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
        while (walker.nextNode()) {
          const text = walker.currentNode
          const element = text.parentElement
          if (!element || !text.textContent?.trim()) continue
          const box = element.getBoundingClientRect()
          if (box.width === 0 || box.bottom <= 0 || box.top >= innerHeight) continue
          const style = getComputedStyle(element)
          if (style.visibility === 'hidden') continue
          faces.set(
            `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`,
            element.className || element.tagName,
          )
        }
        return [...faces]
      })
      for (const [face, where] of drawn) {
        const [weight, size, ...family] = face.split(' ')
        if (!early.has(`${weight} ${size} ${plain(family.join(' '))}`))
          missing.push(`${path} at ${width} px: ${face} (${where})`)
      }
    }
    await context.close()
  }
  expect(missing).toEqual([])
})
