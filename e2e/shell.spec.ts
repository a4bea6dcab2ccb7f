import { expect, test, type Page } from '@playwright/test'
import { seenPopup, skipSplash } from './support/first-visit'
import { holdAppCode, takenOver } from './support/navigation'

/**
 * The app shell: the header's links and menus with a mouse and with the keyboard, the phone's side menu
 * at 360 × 740, and a part of the shell whose code cannot be fetched. The start-up splash has its own
 * file (splash.spec.ts).
 */

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('header on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test.beforeEach(async ({ context, page }) => {
    await context.addInitScript(seenPopup)
    await context.addInitScript(skipSplash)
    await page.goto('/')
  })

  test('the main links lead to their pages', async ({ page }) => {
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
    for (const [name, path] of [
      ['WOMEN', '/women'],
      ['MEN', '/men'],
      ['KIDS', '/kids'],
      ['BEAUTY', '/beauty'],
      ['ABOUT', '/about'],
      ['HOME', '/'],
    ]) {
      await mainNav(page).getByRole('link', { name, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '' : path}/?$`))
      await expect(mainNav(page).getByRole('link', { name, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      )
    }
  })

  test('each menu lists the spec’s links', async ({ page }) => {
    const expected: Record<string, [string, string][]> = {
      MORE: [
        ['Blog', '/blog'],
        ['Press', '/press'],
        ['Careers', '/careers'],
        ['Our Story', '/our-story'],
        ['Become an Affiliate', '/affiliate-program'],
        ['Privacy Policy', '/privacy-policy'],
        ['Terms of Service', '/terms-of-service'],
        ['Shipping Info', '/shipping-info'],
        ['Returns', '/returns'],
        ['Size Guide', '/size-guide'],
        ['FAQ', '/faq'],
        ['Contact', '/contact'],
        ['About', '/about'],
      ],
      ACCESSORIES: [
        ['Luxury Watches', '/luxury-watches'],
        ['Smart Watches', '/smart-watches'],
        ['Fashion Accessories', '/accessories'],
      ],
      COLLECTIONS: [
        ['New Arrivals', '/new-arrivals'],
        ['Trending Now', '/sale'],
        ['Designer Brands', '/brands'],
      ],
    }
    for (const [menuName, items] of Object.entries(expected)) {
      const button = mainNav(page).getByRole('button', { name: menuName })
      await button.click()
      const menu = page.getByRole('menu', { name: menuName })
      await expect(menu).toBeVisible()
      const links = menu.getByRole('menuitem')
      await expect(links).toHaveCount(items.length)
      for (const [index, [label, href]] of items.entries()) {
        await expect(links.nth(index)).toHaveAccessibleName(label)
        await expect(links.nth(index)).toHaveAttribute('href', href)
      }
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
    }
  })

  test('menus open on hover after a short delay, close when the pointer leaves, and navigate', async ({
    page,
  }) => {
    const more = mainNav(page).getByRole('button', { name: 'MORE' })
    // Hovering opens a menu once the app runs (a tap before then is kept and replayed; a hover is not).
    await takenOver(more)
    await more.hover()
    await expect(page.getByRole('menu', { name: 'MORE' })).toBeVisible()
    await expect(more).toHaveAttribute('aria-expanded', 'true')
    await page.mouse.move(640, 600)
    await expect(page.getByRole('menu', { name: 'MORE' })).toBeHidden()

    await mainNav(page).getByRole('button', { name: 'ACCESSORIES' }).hover()
    await page.getByRole('menuitem', { name: 'Smart Watches' }).click()
    await expect(page).toHaveURL(/\/smart-watches$/)
    await expect(page.getByRole('menu', { name: 'ACCESSORIES' })).toBeHidden()

    await mainNav(page).getByRole('button', { name: 'COLLECTIONS' }).click()
    await expect(page.getByRole('menu', { name: 'COLLECTIONS' })).toBeVisible()
    await page.getByRole('heading', { level: 1 }).first().click()
    await expect(page.getByRole('menu', { name: 'COLLECTIONS' })).toBeHidden()
  })

  test('a menu tapped before the app has run opens once it has', async ({ page }) => {
    // The page is prebuilt: its buttons are on screen before the app's code. Load it again with that code
    // held back, tap MORE, then let the code come.
    const release = await holdAppCode(page)
    await page.goto('/', { waitUntil: 'commit' })
    const more = mainNav(page).getByRole('button', { name: 'MORE' })
    await more.click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('menu', { name: 'MORE' })).toBeHidden()
    release()
    await expect(page.getByRole('menu', { name: 'MORE' })).toBeVisible()
    await expect(more).toHaveAttribute('aria-expanded', 'true')
  })

  test('menus work from the keyboard alone', async ({ page }) => {
    const more = mainNav(page).getByRole('button', { name: 'MORE' })
    await takenOver(more)
    await more.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu', { name: 'MORE' })
    await expect(menu.getByRole('menuitem', { name: 'Blog' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await expect(menu.getByRole('menuitem', { name: 'Our Story' })).toBeFocused()
    await page.keyboard.press('End')
    await expect(menu.getByRole('menuitem', { name: 'About' })).toBeFocused()
    await page.keyboard.press('f')
    await expect(menu.getByRole('menuitem', { name: 'FAQ' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(more).toBeFocused()

    const accessories = mainNav(page).getByRole('button', { name: 'ACCESSORIES' })
    await accessories.focus()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Luxury Watches' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/luxury-watches$/)
    await expect(page.getByRole('menu', { name: 'ACCESSORIES' })).toBeHidden()

    const collections = mainNav(page).getByRole('button', { name: 'COLLECTIONS' })
    await collections.focus()
    await page.keyboard.press('ArrowUp')
    await expect(page.getByRole('menuitem', { name: 'Designer Brands' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('menu', { name: 'COLLECTIONS' })).toBeHidden()
  })

  test('the skip link takes keyboard users past the header', async ({ page }) => {
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    // A Tab pressed before the app has rendered goes nowhere, as it would for a person.
    await expect(page.getByRole('main')).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main')).toBeFocused()
  })
})

test.describe('header on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

  test.beforeEach(async ({ context, page }) => {
    await context.addInitScript(seenPopup)
    await context.addInitScript(skipSplash)
    await page.goto('/')
  })

  test('fits the screen: no sideways scrolling, the desktop bar gives way to a menu button', async ({
    page,
  }) => {
    await expect(mainNav(page)).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
    for (const path of ['/', '/women', '/faq', '/nowhere']) {
      await page.goto(path)
      await expect(page.getByRole('banner')).toBeVisible()
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width, path).toBeLessThanOrEqual(360)
    }
  })

  test('the side menu holds the search box and the same items, and closes when a link is followed', async ({
    page,
  }) => {
    const openMenu = page.getByRole('button', { name: 'Open menu' })
    await openMenu.click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('searchbox', { name: 'Search the store' })).toBeVisible()
    const nav = menu.getByRole('navigation', { name: 'Mobile' })
    for (const name of ['HOME', 'WOMEN', 'MEN', 'KIDS', 'BEAUTY', 'ABOUT']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
    }
    for (const name of ['MORE', 'ACCESSORIES', 'COLLECTIONS']) {
      await expect(nav.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'false')
    }
    await nav.getByRole('link', { name: 'KIDS', exact: true }).click()
    await expect(page).toHaveURL(/\/kids$/)
    await expect(menu).toBeHidden()

    await openMenu.click()
    await expect(menu).toBeVisible()
    await nav.getByRole('button', { name: 'COLLECTIONS' }).click()
    await expect(nav.getByRole('button', { name: 'COLLECTIONS' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await nav.getByRole('link', { name: 'Trending Now' }).click()
    await expect(page).toHaveURL(/\/sale$/)
    await expect(menu).toBeHidden()
  })

  test('keeps focus out of the page behind while open, closes on Escape and gives focus back', async ({
    page,
  }) => {
    const openMenu = page.getByRole('button', { name: 'Open menu' })
    await openMenu.click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused()
    // The menu is the browser's modal dialog: the page behind is inert, so focus never reaches it.
    // Backwards past the close button it goes to the browser's own controls (nothing in the page has
    // focus), then wraps to the last item. (Forwards, the next stop is the search box, which opens the
    // search dialog on focus.)
    const focusIsInMenuOrOutOfPage = () =>
      menu.evaluate(
        (element) =>
          element.contains(document.activeElement) || document.activeElement === document.body,
      )
    await page.keyboard.press('Shift+Tab')
    expect(await focusIsInMenuOrOutOfPage()).toBe(true)
    await page.keyboard.press('Shift+Tab')
    await expect(menu.getByRole('button', { name: 'COLLECTIONS' })).toBeFocused()
    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Shift+Tab')
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await expect(menu.getByRole('link', { name: 'HOME', exact: true })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(openMenu).toBeFocused()
  })

  test('the search box opens the search dialog above the menu; Escape there leaves the menu open', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    const searchBox = menu.getByRole('searchbox', { name: 'Search the store' })
    await searchBox.click()
    const search = page.getByRole('dialog', { name: 'Search Fashion' })
    await search.getByPlaceholder('Search for fashion items...').fill('kitenge')
    await expect(search.getByRole('heading', { name: /Search Results/ })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(search).toBeHidden()
    await expect(menu).toBeVisible()
    await expect(searchBox).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  })

  test('a tap beside the menu closes it; the page behind does not scroll while it is open', async ({
    page,
  }) => {
    // Once the app has the page: the footer it adds makes the page long enough to scroll 400 px.
    await takenOver(page.getByRole('button', { name: 'Open menu' }))
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => window.scrollTo(0, 400))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400)
    await page.getByRole('button', { name: 'Open menu' }).evaluate((button) => {
      // A real tap: Playwright's own click would first scroll the sticky header's button into view.
      ;(button as HTMLButtonElement).click()
    })
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await page.mouse.move(340, 500)
    await page.mouse.wheel(0, 600)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => window.scrollY)).toBe(400)
    // The menu is 320 px wide: at x 345 is the backdrop.
    await page.mouse.click(345, 500)
    await expect(menu).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
    expect(await page.evaluate(() => window.scrollY)).toBe(400)
    await page.mouse.wheel(0, 300)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400)
  })
})

test('a part of the shell whose code cannot be fetched leaves the page standing, and comes once back online', async ({
  context,
  page,
}) => {
  await context.addInitScript(seenPopup)
  await context.addInitScript(skipSplash)
  // The connection drops just as the footer's code is requested.
  const footerCode = /\/assets\/site-footer-[^/]+\.js$/
  await page.route(footerCode, (route) => route.abort('internetdisconnected'))
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Send us a message' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)

  await page.unroute(footerCode)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(
    page.getByRole('contentinfo').getByRole('navigation', { name: 'Quick Links' }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0)
})
