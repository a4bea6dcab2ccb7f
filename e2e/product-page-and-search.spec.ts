import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { seenPopup, skipSplash } from './support/first-visit'

/**
 * The product page on a phone (quick-add bar, one colour chosen, specifications of a watch), search
 * that opens a results page on Enter, and the home page's rails and sale, against the seeded catalogue.
 */

// This machine is shared and often busy: give the embedded server room before calling a step failed.
const expect = baseExpect.configure({ timeout: 20_000 })

test.beforeEach(async ({ context }) => {
  // Skip the five-second splash and the first-visit offer, which would cover the page.
  await context.addInitScript(skipSplash)
  await context.addInitScript(seenPopup)
})

const phone = { width: 360, height: 740 }
// A fresh server's first catalogue read, on a busy 2-core machine, can take a while to reach the page.
const firstRead = { timeout: 45_000 }

async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
}

/** The words of the page (each line of each text) that lie under `cover` on screen. */
async function wordsUnder(page: Page, cover: Locator): Promise<string[]> {
  const box = (await cover.boundingBox())!
  return page.evaluate(({ x, y, width, height }) => {
    const under: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      if (!text || node.parentElement?.closest('button[aria-label="Open AI Shopping Assistant"]')) {
        continue
      }
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const line of range.getClientRects()) {
        const hit =
          line.width > 0 &&
          line.left < x + width &&
          x < line.right &&
          line.top < y + height &&
          y < line.bottom
        if (hit) under.push(text)
      }
    }
    return under
  }, box)
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: phone, hasTouch: true, isMobile: true })

  test('a one-colour product has its colour chosen; the quick-add bar adds it to the cart and covers nothing', async ({
    page,
  }) => {
    await page.goto('/product/jewelry-001')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Maasai Beaded Collar Necklace' }),
    ).toBeVisible(firstRead)
    // Its only colour is chosen for the shopper.
    await expect(page.getByRole('radio', { name: 'Beaded Multi' })).toBeChecked()

    const bar = page.getByRole('region', { name: 'Quick add to cart' })
    // Not while 'Add to Cart' itself is on screen.
    await expect(bar).toHaveCount(0)
    await scrollToEnd(page)
    await expect(bar).toBeVisible()
    await expect(bar).toContainText('Maasai Beaded Collar Necklace')

    // At the page's end, the last of the page shows above the bar, and so does the assistant's button.
    await scrollToEnd(page)
    const footer = page.getByRole('contentinfo')
    await expect(footer).toBeVisible()
    await scrollToEnd(page)
    const barTop = (await bar.boundingBox())!.y
    const contentBottom = await footer.evaluate((element) =>
      Math.max(
        ...[element, ...element.querySelectorAll('*')].map(
          (el) => el.getBoundingClientRect().bottom,
        ),
      ),
    )
    expect(contentBottom).toBeLessThanOrEqual(barTop + 1)
    // The button slides up above the bar as the bar comes (a 0.2 s transition): where it comes to rest.
    const assistant = page.getByRole('button', { name: 'Open AI Shopping Assistant' })
    await expect
      .poll(async () => {
        const box = (await assistant.boundingBox())!
        return box.y + box.height
      })
      .toBeLessThanOrEqual(barTop)

    await bar.getByRole('button', { name: 'Add to Cart' }).click()
    const cart = page.getByRole('dialog', { name: 'Shopping Cart (1)' })
    await expect(cart).toBeVisible()
    await expect(cart.getByText('Maasai Beaded Collar Necklace')).toBeVisible()
  })

  test('without the quick-add bar, the assistant button covers no words at the page end', async ({
    page,
  }) => {
    await page.goto('/about')
    const assistant = page.getByRole('button', { name: 'Open AI Shopping Assistant' })
    await expect(assistant).toBeVisible(firstRead)
    await expect(page.getByText(/All rights reserved\.$/)).toBeAttached()
    await expect(page.getByRole('region', { name: 'Quick add to cart' })).toHaveCount(0)
    for (const width of [phone.width, 1280]) {
      await page.setViewportSize({ width, height: phone.height })
      await scrollToEnd(page)
      await expect
        .poll(() => wordsUnder(page, assistant), { message: `at ${width} px` })
        .toEqual([])
    }
  })

  test('the quick-add bar takes the shopper back to a choice still to make', async ({ page }) => {
    await page.goto('/product/dress-006')
    await expect(page.getByRole('heading', { level: 1, name: 'Silk Evening Gown' })).toBeVisible(
      firstRead,
    )
    await scrollToEnd(page)
    const bar = page.getByRole('region', { name: 'Quick add to cart' })
    await bar.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please choose a colour' }),
    ).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Emerald' })).toBeFocused()
    await expect(page.getByRole('dialog', { name: /Shopping Cart/ })).toHaveCount(0)
  })
})

test('a luxury watch shows its specifications, no discount badge, and zooms on a desktop', async ({
  page,
}) => {
  await page.goto('/product/luxe-omega-002')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Omega Seamaster Diver 300M' }),
  ).toBeVisible(firstRead)
  const specs = page.getByRole('region', { name: 'Specifications' })
  await expect(specs.getByRole('row', { name: /Reference/ })).toContainText('210.30.42.20.01.001')
  await expect(specs.getByRole('rowheader')).toHaveText([
    'Reference',
    'Case',
    'Movement',
    'Box and papers',
    'Warranty',
    'Authenticity',
  ])
  await expect(page.getByText(/^-\d+%$/)).toHaveCount(0)

  // Zoom on a desktop: twice as large inside its frame, following the pointer, and back.
  const gallery = page.getByRole('group', { name: /^Pictures of / })
  const picture = gallery.getByRole('img').first()
  await picture.scrollIntoViewIfNeeded()
  const frame = (await picture.boundingBox())!
  const zoom = gallery.getByRole('button', { name: 'Zoom in' })
  await zoom.focus()
  await page.keyboard.press('Enter')
  const zoomOut = gallery.getByRole('button', { name: 'Zoom out' })
  await expect(zoomOut).toHaveAttribute('aria-pressed', 'true')
  await expect
    .poll(async () => Math.round((await picture.boundingBox())!.width))
    .toBe(Math.round(frame.width * 2))
  await page.mouse.move(frame.x + frame.width * 0.25, frame.y + frame.height * 0.4, { steps: 2 })
  // The zoom is centred where the pointer is (as a share of the frame, in percent).
  await expect
    .poll(() =>
      picture.evaluate((img: HTMLImageElement) => {
        const [x, y] = getComputedStyle(img).transformOrigin.split(' ').map(parseFloat)
        return [Math.round((x! / img.offsetWidth) * 100), Math.round((y! / img.offsetHeight) * 100)]
      }),
    )
    // (within 5 points: the frame the pointer moves over is the slide around the picture)
    .toEqual([expect.closeTo(25, -1), expect.closeTo(40, -1)])
  await zoomOut.click()
  await expect(gallery.getByRole('button', { name: 'Zoom in' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await expect
    .poll(async () => Math.round((await picture.boundingBox())!.width))
    .toBe(Math.round(frame.width))
})

test('Enter in the search dialog opens every match on a results page, with sort and filters', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Search Fashion' })
  const box = dialog.getByPlaceholder('Search for fashion items...')
  await box.fill('leather')
  // The dialog keeps to its limit of 8 products.
  await expect(dialog.getByRole('heading', { name: /^Search Results \(\d+\)$/ })).toBeVisible(
    firstRead,
  )
  await expect(dialog.locator('a[data-result="product"]')).toHaveCount(8)
  await box.press('Enter')

  await expect(page).toHaveURL(/\/search\?q=leather$/)
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “leather”' })).toBeVisible()
  const count = page.getByRole('status').filter({ hasText: /^\d+ products?$/ })
  await expect(count).toBeVisible()
  const all = Number((await count.textContent())!.split(' ')[0])
  expect(all).toBeGreaterThan(8)

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc')
  await expect(page).toHaveURL(/q=leather/)
  await expect(page).toHaveURL(/sort=price-asc/)
  await page
    .getByRole('complementary', { name: 'Filters' })
    .getByRole('checkbox', { name: /On sale/ })
    .check()
  await expect(page).toHaveURL(/q=leather.*sale=true|sale=true.*q=leather/)
  await expect
    .poll(async () => Number((await count.textContent())!.split(' ')[0]))
    .toBeLessThan(all)
})

test('the home page shows New in and Best sellers, and its sale leads to pieces 60-80% off', async ({
  page,
}) => {
  await page.goto('/')
  const newIn = page.getByRole('list', { name: 'New in' })
  const best = page.getByRole('list', { name: 'Best sellers' })
  await newIn.scrollIntoViewIfNeeded()
  await expect(newIn.getByRole('article')).toHaveCount(4, firstRead)
  await expect(best.getByRole('article')).toHaveCount(4)

  await page.getByRole('link', { name: 'Shop the Sale' }).click()
  await expect(page).toHaveURL(/\/sale\?sort=discount$/)
  const first = page.getByRole('article').first()
  await expect(first.getByText(/^-(6\d|7\d|80)%$/)).toBeVisible()
})
