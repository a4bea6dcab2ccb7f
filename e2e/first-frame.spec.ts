import { once } from 'node:events'
import { createServer, request as forward } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { firstScreenFaces } from '../src/config/fonts'
import { firstFrameAtMost, firstFrameClass } from '../src/lib/first-frame'
import { seenPopup, skipSplash } from './support/first-visit'
import { traceBetweenStamps } from './support/trace'

/**
 * What a prebuilt page draws in its first frames (src/lib/first-frame.ts): what is on screen as it opens,
 * with the parts below following one per frame, so that no frame is a long task on a cheap phone; and
 * nothing moves when they follow.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript(skipSplash)
  await context.addInitScript(seenPopup)
})

/** Records every layout shift from the start: its score, at which moment, and what moved. */
async function watchShifts(context: BrowserContext) {
  await context.addInitScript(() => {
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
  })
}

/**
 * Records, in the first frame drawn once the HTML has been read, the `content-visibility` of the first
 * `count` elements matching `selector`; and every layout shift from the start.
 */
async function watchFirstFrame(context: BrowserContext, selector: string, count: number) {
  await watchShifts(context)
  await context.addInitScript(
    ({ selector, count }) => {
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

/** What watchFirstFrame (or watchShifts) recorded. */
const firstFrame = (page: Page) =>
  page.evaluate(() => {
    const seen = window as unknown as { inFirstFrame: string[]; shifts: string[] }
    return { inFirstFrame: seen.inFirstFrame, shifts: seen.shifts }
  })

/**
 * Records, in each frame drawn once the HTML has been read, how many of the elements matching `selector`
 * are drawn, and when; until the page's first frames are over (its mark gone), a frame more, at most 120.
 */
async function watchLaterParts(context: BrowserContext, selector: string) {
  await context.addInitScript(
    ({ selector, firstFrameClass }) => {
      const seen = { read: 0, frames: [] as Array<{ at: number; drawn: number }>, done: false }
      Object.assign(window, { laterPartsSeen: seen })
      const look = (at: number) => {
        const parts = [...document.querySelectorAll(selector)]
        const drawn = parts.filter(
          (part) => getComputedStyle(part).contentVisibility !== 'hidden',
        ).length
        const over = !document.documentElement.classList.contains(firstFrameClass)
        const last = seen.frames.at(-1)
        seen.frames.push({ at, drawn })
        seen.done =
          (over && last !== undefined && last.drawn === drawn) || seen.frames.length >= 120
        if (!seen.done) requestAnimationFrame(look)
      }
      document.addEventListener(
        'DOMContentLoaded',
        () => {
          seen.read = performance.now()
          requestAnimationFrame(look)
        },
        { once: true },
      )
    },
    { selector, firstFrameClass },
  )
}

/**
 * What watchLaterParts saw: how many parts were drawn, frame by frame, leaving out frames that drew
 * none more (a busy machine's frame before the page's next step), up to the first frame that came
 * `firstFrameAtMost` or more after the one before it (the page had by then stopped waiting for frames
 * and drawn all the rest at once); and how many the last frame drew.
 */
async function laterPartsSeen(page: Page) {
  const laterPartsSeen = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            laterPartsSeen: {
              read: number
              frames: Array<{ at: number; drawn: number }>
              done: boolean
            }
          }
        ).laterPartsSeen,
    )
  await expect.poll(async () => (await laterPartsSeen()).done).toBe(true)
  const { read, frames } = await laterPartsSeen()
  const stall = frames.findIndex(
    (frame, index) => frame.at - (index ? frames[index - 1]!.at : read) >= firstFrameAtMost,
  )
  const steps: number[] = []
  for (const { drawn } of stall === -1 ? frames : frames.slice(0, stall))
    if (steps.at(-1) !== drawn) steps.push(drawn)
  if (stall !== -1)
    test.info().annotations.push({
      type: 'stalled frame',
      description: `frame ${stall} came ${firstFrameAtMost} ms or more after the one before it: all came then`,
    })
  return { steps, stalled: stall !== -1, last: frames.at(-1)!.drawn }
}

/**
 * The page's parts came in turn: as `expected` says (its start, where a stalled frame cut the turns
 * short), and all of them in the end.
 */
function expectInTurn(
  seen: Awaited<ReturnType<typeof laterPartsSeen>>,
  expected: number[],
  all: number,
) {
  expect(seen.steps.slice(0, expected.length)).toEqual(
    seen.stalled ? expected.slice(0, seen.steps.length) : expected,
  )
  expect(seen.last).toBe(all)
}

test("the home page's first frame draws what is on screen; the sections below follow one per frame", async ({
  context,
  page,
}) => {
  await watchFirstFrame(context, 'section[aria-labelledby="shop-by-brand"]', 1)
  await watchLaterParts(context, '.home-below > section')
  await page.goto('/')
  // None in the first frame, then the first section alone in the next; the sections beyond the screen
  // and a half the browser draws ahead come together (first-frame.test.ts has the whole sequence).
  const sections = await page.locator('.home-below > section').count()
  expectInTurn(await laterPartsSeen(page), [0, 1, sections], sections)
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
  test(`a listing's first frame on a ${device} draws its header and filters; the cards follow one per frame, nothing moves`, async ({
    context,
    page,
  }) => {
    await page.setViewportSize(viewport)
    await watchFirstFrame(context, 'ul[aria-label] > li', 5)
    await watchLaterParts(context, 'ul[aria-label] > li')
    await page.goto('/women')
    await expect(page.getByRole('article').first()).toBeVisible()
    const next = page.getByRole('article').nth(firstRow)
    await next.scrollIntoViewIfNeeded()
    await expect(next.getByRole('heading')).toBeVisible()
    const { inFirstFrame, shifts } = await firstFrame(page)
    expect(inFirstFrame).toEqual(Array<string>(5).fill('hidden'))
    const cards = await page.locator('ul[aria-label] > li').count()
    expectInTurn(await laterPartsSeen(page), [0, 1, 2, 3], cards)
    expect(shifts).toEqual([])
    // Once all have come, the first row is drawn whether or not it is near the view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const firstCards = await page
      .locator('ul[aria-label] > li')
      .evaluateAll(
        (cards, firstRow) =>
          cards.slice(0, firstRow).map((card) => getComputedStyle(card).contentVisibility),
        firstRow,
      )
    expect(firstCards).toEqual(Array<string>(firstRow).fill('visible'))
  })
}

test("as the first frames' mark goes, the browser restyles the parts still waiting, not the whole page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await page.goto('/women')
  await expect(page.getByRole('article').first()).toBeVisible()
  const root = page.locator('html')
  await expect(root).not.toHaveClass(/lk-first-frame/)
  // The mark back on, as while the page's first frames are drawn, and its styles worked out.
  const { named, elements } = await page.evaluate(() => {
    document.documentElement.classList.add('lk-first-frame')
    void document.body.offsetHeight
    return {
      // What the rules under the mark name: the later parts (waiting or come), the header and the
      // promotion banner's text.
      named: document.querySelectorAll('.lk-later, .site-header, .promo-banner__inner').length,
      elements: document.getElementsByTagName('*').length,
    }
  })
  // Whatever else the page changed meanwhile is worked out first; the trace's stamps bound what the
  // mark's going alone costs.
  const { events } = await traceBetweenStamps(page, () => {
    void document.body.offsetHeight
    console.timeStamp('from')
    document.documentElement.classList.remove('lk-first-frame')
    void document.body.offsetHeight
    console.timeStamp('to')
  })
  const restyled = events
    .filter((event) => event.name === 'UpdateLayoutTree')
    .reduce((sum, event) => sum + (event.args?.elementCount ?? 0), 0)
  // With a rule ending in `.list > *` it was 280 of the page's 700.
  expect(restyled, `${named} elements named, of ${elements}`).toBeLessThanOrEqual(named)
})

/**
 * A server in front of the store's that passes everything through, except that it sends `path` in two
 * parts a second apart, split just before `splitBefore`: a page arriving slowly over a phone's network,
 * or read in stops by a slow phone's parser.
 */
async function slowPageServer(upstream: string, path: string, splitBefore: string) {
  const server = createServer((incoming, outgoing) => {
    const onward = forward(
      new URL(incoming.url ?? '/', upstream),
      { method: incoming.method, headers: { ...incoming.headers, 'accept-encoding': 'identity' } },
      async (answer) => {
        if (incoming.url !== path) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
          return
        }
        const chunks: Buffer[] = []
        for await (const chunk of answer) chunks.push(chunk as Buffer)
        const html = Buffer.concat(chunks).toString()
        // Where the page lacks the mark (checked by the test beforehand), all of it comes late.
        const split = Math.max(0, html.indexOf(splitBefore))
        const { 'content-length': _length, ...headers } = answer.headers
        outgoing.writeHead(answer.statusCode ?? 502, headers)
        outgoing.write(html.slice(0, split))
        setTimeout(() => outgoing.end(html.slice(split)), 1000)
      },
    )
    incoming.pipe(onward)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

test('a page that arrives in parts is drawn as it comes, never with half its header; nothing moves', async ({
  context,
  page,
  baseURL,
}) => {
  await watchShifts(context)
  // Whether a frame drawn while the page was being read showed the header with only some of its parts.
  await context.addInitScript(() => {
    const seen = { halfBuiltHeader: '' }
    Object.assign(window, { headerSeen: seen })
    const look = () => {
      const header = document.querySelector('.site-header')
      if (header && getComputedStyle(header).visibility === 'visible') {
        const links = header.querySelectorAll('.site-header__links > li').length
        const cart = header.querySelector('[aria-label^="Open cart"]') !== null
        if (links < 9 || !cart) seen.halfBuiltHeader ||= `${links} links, cart button: ${cart}`
      }
      if (document.readyState === 'loading') requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  })
  for (const { width, path, splitBefore } of [
    // The wide header's links are centred: each link that comes moves those before it.
    { width: 1280, path: '/women', splitBefore: '<li><a href="/kids">' },
    // The header's icons sit at its end: each icon that comes moves those before it.
    { width: 412, path: '/women', splitBefore: '<button type="button" aria-label="Open cart' },
    // Without its dismiss button, the promotion's text takes the room and wraps once it comes.
    {
      width: 412,
      path: '/women',
      splitBefore: '<button type="button" aria-label="Dismiss promotion"',
    },
    // A select as wide as its longest option would widen as they came.
    { width: 1280, path: '/men', splitBefore: '<option value="price-asc"' },
  ]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await (await fetch(new URL(path, baseURL))).text()).toContain(splitBefore)
    const slow = await slowPageServer(baseURL!, path, splitBefore)
    try {
      await page.goto(slow.url + path)
      await expect(page.getByRole('article').first()).toBeVisible()
      const seen = await page.evaluate(
        () => (window as unknown as { headerSeen: unknown }).headerSeen,
      )
      expect(seen, `${path} at ${width} px`).toEqual({ halfBuiltHeader: '' })
      expect((await firstFrame(page)).shifts, `${path} at ${width} px`).toEqual([])
    } finally {
      await slow.close()
    }
  }
})

test("a product page's first frame on a phone leaves its purchase block and all below for the next; nothing moves", async ({
  context,
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 })
  const below = ['.product-info__purchase', '.product-info__more', '.product-page > .product-row']
  await watchFirstFrame(context, below.join(', '), below.length)
  await page.goto('/product/wrap-midi-dress-dress-001')
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible()
  // The parts held back have come: nothing moved meanwhile.
  await expect(page.locator('html')).not.toHaveClass(/lk-first-frame/)
  const { inFirstFrame, shifts } = await firstFrame(page)
  expect(inFirstFrame).toEqual(['hidden', 'hidden', 'hidden'])
  expect(shifts).toEqual([])
  // The related products fill no first screen: none of their cards is drawn before it comes near.
  const relatedCards = await page
    .getByRole('region', { name: 'You may also like' })
    .locator('li')
    .evaluateAll((cards) => cards.map((card) => getComputedStyle(card).contentVisibility))
  expect(relatedCards.length).toBeGreaterThan(0)
  expect(new Set(relatedCards)).toEqual(new Set(['auto']))
  // Further down, the quick-add bar comes, and the assistant's button rises above it: a move that
  // shifts nothing (a scroll is no input that excuses a shift).
  const assistant = page.getByRole('button', { name: 'Open AI Shopping Assistant' })
  await expect(assistant).toBeVisible()
  const related = page.getByRole('region', { name: 'You may also like' })
  await related.scrollIntoViewIfNeeded()
  await expect(related.getByRole('article').first()).toBeVisible()
  const bar = page.getByRole('region', { name: 'Quick add to cart' })
  await expect(bar).toBeVisible()
  await expect
    .poll(async () => {
      const box = (await assistant.boundingBox())!
      return box.y + box.height <= (await bar.boundingBox())!.y
    })
    .toBe(true)
  expect((await firstFrame(page)).shifts).toEqual([])
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
          // The lookup measures on a canvas, with the browser's default text rendering: text drawn
          // with another would need its faces set up again.
          if (style.textRendering !== 'auto')
            faces.set(
              `text-rendering: ${style.textRendering}`,
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
