import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { DEMO_SERVICE_ROLE_KEY } from '../supabase/local/keys'
import { seenPopup, skipSplash } from './support/first-visit'

/**
 * The home page and its links, the first-visit email offer and the newsletter
 * signup against the real backend.
 */

const offer = (page: Page) => page.getByRole('dialog', { name: 'Unlock 40% OFF your first order' })
const region = (page: Page, name: string) => page.getByRole('region', { name })

/** The links of a section, once it is on the page (the sections below the hero follow the first paint). */
async function hrefs(page: Page, regionName: string) {
  const links = region(page, regionName).getByRole('link')
  await expect(links.first()).toBeVisible()
  return links.evaluateAll((links) => links.map((link) => link.getAttribute('href')))
}

test.describe('home page', () => {
  test.beforeEach(async ({ context, page }) => {
    await context.addInitScript(skipSplash)
    await context.addInitScript(seenPopup)
    await page.goto('/')
  })

  test('holds every section of the spec, in order', async ({ page }) => {
    await expect(page).toHaveTitle('Premium Fashion & Style')
    await expect(page.getByRole('complementary', { name: 'Promotion' })).toContainText(
      'Free delivery across Kenya on orders over KSh 5,000',
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kenyan Fashion Redefined')
    // The sections below the hero follow the first paint: the assertion waits for them.
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Shop by Category',
      'Shop by Brand',
      '60-80% OFF',
      'Fashion Collections',
      'Step Out in Style',
      'Join 10,000+ enthusiasts',
      // The store's product rails follow the page's fixed sections (their chunk loads after first paint).
      'New in',
      'Best sellers',
    ])
    const benefits = region(page, 'Why shop with us')
    for (const text of [
      'Free Delivery',
      'Across Kenya on orders over KSh 5,000',
      'Authentic Quality',
      '30-Day Returns',
      'Local Impact',
    ]) {
      await expect(benefits.getByText(text)).toBeVisible()
    }
    await expect(
      region(page, 'Join 10,000+ enthusiasts').getByRole('form', { name: 'Newsletter signup' }),
    ).toBeVisible()
  })

  test('links where the spec says', async ({ page }) => {
    const hero = region(page, 'Kenyan Fashion Redefined')
    await expect(hero.getByRole('link', { name: /Shop New Arrivals/ })).toHaveAttribute(
      'href',
      '/new-arrivals',
    )
    await expect(hero.getByRole('link', { name: 'Explore Heritage' })).toHaveAttribute(
      'href',
      '/heritage',
    )
    expect(await hrefs(page, 'Shop by Category')).toEqual([
      '/products/dresses',
      '/products/matching-sets',
      '/products/tops',
      '/products/bottoms',
      '/shoes-store',
      '/accessories',
    ])
    expect(await hrefs(page, 'Shop by Brand')).toEqual([
      '/men',
      '/women',
      '/women',
      '/kids',
      '/beauty',
    ])
    // The sale opens on its deepest cuts, the 60-80% pieces the banner promises.
    expect(await hrefs(page, '60-80% OFF')).toEqual(['/sale?sort=discount'])
    expect(await hrefs(page, 'Fashion Collections')).toEqual(['/women', '/men', '/heritage'])
    expect(await hrefs(page, 'Step Out in Style')).toEqual(['/shoes-store'])

    await region(page, 'Shop by Category').getByRole('link', { name: 'Dresses' }).click()
    await expect(page).toHaveURL(/\/products\/dresses$/)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0)
    await page.goBack()
    await region(page, 'Fashion Collections')
      .getByRole('link', { name: /Heritage Collection/ })
      .click()
    await expect(page).toHaveURL(/\/heritage$/)
  })

  test('the footer has quick links, customer care, contact details, hours and payment notes', async ({
    page,
  }) => {
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('navigation', { name: 'Quick Links' })).toBeVisible()
    await expect(footer.getByRole('navigation', { name: 'Customer Care' })).toBeVisible()
    await expect(footer.getByText('The Hub Karen, Dagoretti Road, Nairobi, Kenya')).toBeVisible()
    await expect(footer.getByRole('link', { name: '+254 700 123 456' })).toHaveAttribute(
      'href',
      'tel:+254700123456',
    )
    await expect(footer.getByRole('link', { name: 'hello@luxekenya.co.ke' })).toBeVisible()
    await expect(footer.getByText('Mon-Sat 9AM-8PM')).toBeVisible()
    await expect(footer.getByText('Sunday 10AM-6PM')).toBeVisible()
    await expect(footer.getByText('M-Pesa', { exact: true })).toBeVisible()
    await expect(footer.getByText('Cash on delivery', { exact: true })).toBeVisible()
    await footer
      .getByRole('navigation', { name: 'Customer Care' })
      .getByRole('link', { name: 'FAQ' })
      .click()
    await expect(page).toHaveURL(/\/faq$/)
    // Elsewhere the footer carries its own newsletter signup.
    await expect(
      page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter signup' }),
    ).toBeVisible()
  })

  test('the promo banner is dismissed, and back after a reload', async ({ page }) => {
    const banner = page.getByRole('complementary', { name: 'Promotion' })
    await expect(banner).toContainText('40% OFF')
    await page.getByRole('button', { name: 'Dismiss promotion' }).click()
    await expect(banner).toBeHidden()
    await page.reload()
    await expect(banner).toBeVisible()
  })

  test('the demo button fills the cart and the wishlist with sample items', async ({ page }) => {
    await page.getByRole('button', { name: 'Add Demo Items' }).click()
    await expect(page.getByText('Demo Items Added!')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open cart, 3 items' })).toBeVisible()
    await page.getByRole('button', { name: 'Open cart, 3 items' }).click()
    const cart = page.getByRole('dialog', { name: 'Shopping Cart (3)' })
    await expect(cart).toBeVisible()
    for (const name of ['Wrap Midi Dress', 'Essential Cotton Crew Tee', 'Leather Crossbody Bag']) {
      await expect(cart.getByText(name, { exact: true })).toBeVisible()
    }
    await page.keyboard.press('Escape')
    await page.goto('/wishlist')
    const saved = page.getByRole('list', { name: 'Saved items' })
    await expect(saved.getByText('Leather Crossbody Bag')).toBeVisible()
    await expect(saved.getByRole('listitem')).toHaveCount(3)
  })

  test('is laid out for a 360 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    const heroButton = region(page, 'Kenyan Fashion Redefined').getByRole('link', {
      name: /Shop New Arrivals/,
    })
    expect((await heroButton.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  })
})

test.describe('newsletter signup', () => {
  test.beforeEach(async ({ context, page }) => {
    await context.addInitScript(skipSplash)
    await context.addInitScript(seenPopup)
    await page.goto('/')
  })

  const form = (page: Page) =>
    region(page, 'Join 10,000+ enthusiasts').getByRole('form', { name: 'Newsletter signup' })

  test('refuses an address without @', async ({ page }) => {
    await form(page).getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText('Invalid Email')).toBeVisible()
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
    await form(page).getByRole('textbox', { name: 'Email address' }).fill('wanjiru.example.com')
    await form(page).getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText('Invalid Email').first()).toBeVisible()
  })

  test('subscribes, shows the busy state and stores the address once', async ({
    page,
    baseURL,
  }) => {
    const email = `e2e-${Date.now()}@example.com`
    const field = form(page).getByRole('textbox', { name: 'Email address' })
    await field.fill(email)
    // The request is held while the busy state is read: on loopback the answer can come before it is.
    let answer = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    const claim = '**/rest/v1/rpc/claim_welcome_offer'
    await page.route(claim, async (route) => {
      await held
      await route.continue()
    })
    await form(page).getByRole('button', { name: 'Subscribe' }).click()
    await expect(form(page).getByRole('button', { name: 'Subscribing...' })).toBeDisabled()
    await expect(field).toBeDisabled()
    answer()
    await expect(page.getByText('Successfully Subscribed!')).toBeVisible()
    await expect(
      page.getByText("You'll receive our latest fashion updates and exclusive offers."),
    ).toBeVisible()
    await expect(field).toHaveValue('')

    // Again, as a repeat visitor would: still a success, still one row.
    await field.fill(email)
    await form(page).getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText('Successfully Subscribed!').first()).toBeVisible()
    await expect(form(page).getByRole('button', { name: 'Subscribe' })).toBeEnabled()

    const response = await page.request.get(
      `${baseURL}/rest/v1/newsletter_subscribers?select=email,source&email=eq.${encodeURIComponent(email)}`,
      {
        headers: {
          apikey: DEMO_SERVICE_ROLE_KEY,
          Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
        },
      },
    )
    expect(await response.json()).toEqual([{ email, source: 'home' }])
  })
})

test.describe('first-visit email offer', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(skipSplash)
  })

  test('appears 5 s after load as a modal dialog with its choices', async ({ page }) => {
    // When the offer first shows, on the page's own clock: a busy machine's test runner hears of the
    // page's load a second or more late.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const open = document.querySelectorAll('dialog[open]')
        if (![...open].some((dialog) => dialog.textContent?.includes('Unlock 40% OFF'))) return
        Object.assign(window, { offerShownAt: performance.now() })
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true, attributeFilter: ['open'] })
    })
    await page.goto('/')
    await expect(offer(page)).toBeVisible({ timeout: 10_000 })
    const { shownAt, loadedAt } = await page.evaluate(() => ({
      shownAt: (window as unknown as { offerShownAt: number }).offerShownAt,
      loadedAt: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .loadEventEnd,
    }))
    expect(shownAt - loadedAt).toBeGreaterThanOrEqual(5000)
    // Its code is fetched only once due, which takes a busy machine a while.
    expect(shownAt - loadedAt).toBeLessThan(8000)
    const email = offer(page).getByRole('textbox', { name: 'Email address' })
    await expect(email).toBeFocused()
    await expect(offer(page).getByRole('radio', { name: 'Women' })).toBeChecked()
    for (const name of ['Men', 'Accessories', 'Shoes', 'Bags']) {
      await expect(offer(page).getByRole('radio', { name, exact: true })).not.toBeChecked()
    }
    await expect(offer(page).getByRole('checkbox', { name: /I agree/ })).toBeChecked()
    await expect(offer(page).getByText('Offer valid for new subscribers only.')).toBeVisible()
    // Modal to assistive technology: the page behind is out of its reach until the offer closes.
    await expect(offer(page)).toHaveAttribute('aria-modal', 'true')
    await expect(page.getByRole('main')).toHaveCount(0)
    // Focus stays in the dialog.
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('Tab')
      expect(await offer(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(
        true,
      )
    }
  })

  test('comes without Chakra’s runtime, which would hold a cheap phone’s main thread', async ({
    page,
  }) => {
    const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string }
    >
    const chakra = manifest['src/components/ui/chakra-scope.tsx']?.file
    expect(chakra, 'the build has a Chakra scope chunk').toBeTruthy()
    await page.goto('/')
    await expect(offer(page)).toBeVisible({ timeout: 8000 })
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    )
    expect(fetched.some((path) => path.endsWith('.js'))).toBe(true)
    expect(fetched).not.toContain(`/${chakra}`)
  })

  test('needs an email, then welcomes the shopper and does not come back', async ({ page }) => {
    await page.goto('/')
    await expect(offer(page)).toBeVisible({ timeout: 8000 })
    await offer(page).getByRole('button', { name: 'Get 40% Off' }).click()
    await expect(page.getByText('Email required')).toBeVisible()
    await expect(page.getByText('Please enter your email to get the offer')).toBeVisible()
    await expect(offer(page)).toBeVisible()

    await offer(page).getByRole('textbox', { name: 'Email address' }).fill('achieng@example.com')
    await offer(page).getByRole('radio', { name: 'Bags' }).check()
    await offer(page).getByRole('button', { name: 'Get 40% Off' }).click()
    await expect(page.getByText('Welcome to Luxe Kenya!')).toBeVisible()
    await expect(page.getByText('Check your email for your 40% OFF discount code!')).toBeVisible()
    await expect(offer(page)).toBeHidden()

    await page.reload()
    await page.waitForTimeout(6500)
    await expect(offer(page)).toHaveCount(0)
  })

  test('"I Will Pay Full Price" and Escape close it for good', async ({ page, context }) => {
    await page.goto('/')
    await expect(offer(page)).toBeVisible({ timeout: 8000 })
    await offer(page).getByRole('button', { name: 'I Will Pay Full Price' }).click()
    await expect(offer(page)).toBeHidden()
    await expect(page.getByRole('main')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('email_popup_seen'))).not.toBeNull()

    const second = await context.newPage()
    await second.addInitScript(() => localStorage.removeItem('email_popup_seen'))
    await second.goto('/')
    await expect(offer(second)).toBeVisible({ timeout: 8000 })
    await second.keyboard.press('Escape')
    await expect(offer(second)).toBeHidden()
  })

  test('waits for the splash and never covers checkout', async ({ browser }) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/')
    const splash = page.getByRole('progressbar', { name: 'Loading Luxe Kenya' })
    await expect(offer(page)).toBeVisible({ timeout: 9000 })
    await expect(splash).toHaveCount(0)
    await context.close()

    const checkout = await browser.newContext()
    const shopper = await checkout.newPage()
    await shopper.goto('/checkout')
    await shopper.waitForTimeout(6500)
    await expect(offer(shopper)).toHaveCount(0)
    await checkout.close()
  })
})
