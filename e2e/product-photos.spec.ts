import { expect, test, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { MANAGER_EMAIL, signInAt } from './support/accounts'
import { skipIntro } from './support/pwa'

/**
 * Real product photos end to end: staff upload two photos of one colour in the admin editor; on a
 * phone the product page shows them when that colour is chosen, swipes between them, goes back to the
 * drawing for the other colour, and the cart line shows the colour bought.
 */

test.beforeEach(({ context }) => skipIntro(context))

const PRODUCT = { id: 'dress-001', name: 'Wrap Midi Dress' }

const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 960, height: 1200, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer(),
})

/**
 * Removes a colour's photos through the editor, so the test starts from none whatever an earlier
 * attempt (a retry, a repeat) left on the shared server.
 */
async function removeAllPhotos(group: Locator, colour: string) {
  const items = group.getByRole('listitem')
  // The list shows once the editor has read the product's photos.
  await expect(group.getByText('No photos yet.').or(items.first())).toBeVisible()
  for (let left = await items.count(); left > 0; left--) {
    await group.getByRole('button', { name: `Remove photo 1 of ${colour}` }).click()
    await expect(items).toHaveCount(left - 1)
  }
  await expect(group.getByText('No photos yet.')).toBeVisible()
}

async function uploadBlackPhotos(page: Page) {
  await signInAt(page, '/admin/products', MANAGER_EMAIL)
  await page.getByLabel('Search products').fill(PRODUCT.name)
  await page.getByRole('button', { name: `Edit ${PRODUCT.name}` }).click()
  const editor = page.getByRole('dialog', { name: `Edit ${PRODUCT.name}` })
  const black = editor.getByRole('region', { name: 'Photos: Black' })
  await removeAllPhotos(black, 'Black')
  await black
    .getByLabel('Add photos for Black')
    .setInputFiles([await photo('front.jpg', '#111111'), await photo('back.jpg', '#333333')])
  const firstAlt = black.getByLabel('Cover · Alt text for photo 1 of Black')
  await expect(firstAlt).toBeVisible({ timeout: 30_000 })
  await expect(black.getByLabel('Alt text for photo 2 of Black')).toBeVisible({ timeout: 30_000 })
  await firstAlt.fill('Wrap Midi Dress in black, front')
  await firstAlt.blur()
  await expect(black.getByRole('img', { name: 'Wrap Midi Dress in black, front' })).toBeVisible()
  // Reordered from the keyboard: the second photo becomes the cover, then goes back.
  await black.getByRole('button', { name: 'Move photo 2 of Black earlier' }).press('Enter')
  await expect(black.getByRole('img').first()).toHaveAttribute('alt', 'Photo 1')
  await black.getByRole('button', { name: 'Move photo 2 of Black earlier' }).press('Enter')
  await expect(black.getByRole('img').first()).toHaveAttribute(
    'alt',
    'Wrap Midi Dress in black, front',
  )
  await expect(
    editor.getByRole('region', { name: 'Photos: Emerald' }).getByText('No photos yet.'),
  ).toBeVisible()
}

test.describe('staff on a desktop, the shopper on a phone', () => {
  test('staff photos show for their colour, swipe, follow the colour and reach the cart line', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    await uploadBlackPhotos(page)

    const shopper = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 1,
      serviceWorkers: 'block',
    })
    await skipIntro(shopper)
    const store = await shopper.newPage()
    await store.goto(`/product/${PRODUCT.id}`)
    // The first visit downloads the catalogue before the page can show the product.
    await expect(store.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible({
      timeout: 30_000,
    })
    const gallery = store.getByRole('group', { name: `Pictures of ${PRODUCT.name}` })
    // Emerald is first: no photos of it, so its drawing.
    await expect(gallery.getByRole('img', { name: PRODUCT.name })).toHaveAttribute(
      'src',
      /dress-emerald\.svg$/,
    )

    await store.getByRole('radio', { name: 'Black' }).check()
    const front = gallery.getByRole('img', { name: 'Wrap Midi Dress in black, front' })
    await expect(front).toBeVisible()
    await expect(front).toHaveAttribute('width', '960')
    await expect(front).toHaveAttribute('height', '1200')
    await expect(gallery.getByText('Picture 1 of 2')).toBeVisible()
    // The phone asks for a variant its slot needs, not the original.
    // currentSrc stays empty until the browser has picked a candidate from srcset.
    await expect
      .poll(() => front.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/render\/image\/public\/product-photos\/dress-001\/black\/.+\?width=(320|480)&/)

    // A swipe to the left brings the second photo.
    await front.scrollIntoViewIfNeeded()
    const box = (await front.boundingBox())!
    // A finger drawn from right to left across the picture.
    const cdp = await shopper.newCDPSession(store)
    const y = Math.round(box.y + Math.min(box.height / 2, 300))
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: x === undefined ? [] : [{ x, y }],
      })
    await touch('touchStart', Math.round(box.x + box.width * 0.85))
    for (let step = 1; step <= 8; step++) {
      await touch('touchMove', Math.round(box.x + box.width * (0.85 - step * 0.09)))
    }
    await touch('touchEnd')
    await cdp.detach()
    await expect(gallery.getByText('Picture 2 of 2')).toBeVisible()
    await expect(gallery.getByRole('button', { name: 'Show picture 2' })).toHaveAttribute(
      'aria-current',
      'true',
    )

    // Back to Emerald: its drawing again.
    await store.getByRole('radio', { name: 'Emerald' }).check()
    await expect(gallery.getByRole('img', { name: `${PRODUCT.name} in Emerald` })).toHaveAttribute(
      'src',
      /dress-emerald\.svg$/,
    )
    await store.getByRole('radio', { name: 'Black' }).check()
    await store.getByRole('radio', { name: 'M', exact: true }).check()
    await store.getByRole('button', { name: 'Add to Cart' }).click()
    const drawer = store.getByRole('dialog', { name: /^Shopping Cart/ })
    await expect(drawer).toBeVisible()
    const thumb = drawer.locator('img').first()
    await expect(thumb).toHaveAttribute('src', /product-photos\/dress-001\/black\/.+\?width=160&/)
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(160)
    await shopper.close()
  })
})
