import { expect, test, type Locator, type Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import WebSocket from 'ws'
import { DEMO_SERVICE_ROLE_KEY } from '../supabase/local/keys'
import { MANAGER_EMAIL, signInAt } from './support/accounts'
import {
  cacheContents,
  skipIntro,
  waitForCachedCatalogue,
  waitForServiceWorker,
} from './support/pwa'

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

/** Drags a file from outside the browser onto `target` and drops it, as a person does from a folder. */
async function dropFile(target: Locator, file: Awaited<ReturnType<typeof photo>>) {
  const dataTransfer = await target.page().evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], name, { type: mimeType }))
      return transfer
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  )
  await target.dispatchEvent('dragenter', { dataTransfer })
  await target.dispatchEvent('dragover', { dataTransfer })
  // The box shows it will take the drop.
  await expect(target).toHaveCSS('border-top-style', 'solid')
  await target.dispatchEvent('drop', { dataTransfer })
  await expect(target).toHaveCSS('border-top-style', 'dashed')
}

async function uploadBlackPhotos(page: Page) {
  await signInAt(page, '/admin/products', MANAGER_EMAIL)
  await page.getByLabel('Search products').fill(PRODUCT.name)
  await page.getByRole('button', { name: `Edit ${PRODUCT.name}` }).click()
  const editor = page.getByRole('dialog', { name: `Edit ${PRODUCT.name}` })
  const black = editor.getByRole('region', { name: 'Photos: Black' })
  await removeAllPhotos(black, 'Black')
  // One photo from the file picker, the other dropped on the colour's box.
  await black.getByLabel('Add photos for Black').setInputFiles(await photo('front.jpg', '#111111'))
  const firstAlt = black.getByLabel('Cover · Alt text for photo 1 of Black')
  await expect(firstAlt).toBeVisible({ timeout: 30_000 })
  await dropFile(black, await photo('back.jpg', '#333333'))
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

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' })
  // The worker installs its whole precache first, as in the PWA specs.
  test.describe.configure({ timeout: 120_000 })

  // A product no other test gives photos: its one colour is chosen, so its photo shows at once.
  const OFFLINE = { id: 'dress-004', colour: 'Blush', alt: 'Floral Tiered Maxi Dress, blush' }

  test('a photo seen once shows again offline, from the worker’s cache', async ({
    page,
    context,
    baseURL,
  }) => {
    // The photo is put up with the service role (the staff editor is proven above): whatever an
    // earlier attempt left is replaced.
    const admin = createClient(baseURL!, DEMO_SERVICE_ROLE_KEY, {
      // Node 20 has no global WebSocket; supabase-js needs one to construct its realtime client.
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const path = `${OFFLINE.id}/blush/offline-test.jpg`
    const removed = await admin.from('product_photos').delete().eq('product_id', OFFLINE.id)
    expect(removed.error).toBeNull()
    const uploaded = await admin.storage
      .from('product-photos')
      .upload(path, (await photo('blush.jpg', '#e8b4b8')).buffer, {
        contentType: 'image/jpeg',
        upsert: true,
      })
    expect(uploaded.error).toBeNull()
    const row = { product_id: OFFLINE.id, colour: OFFLINE.colour, path, alt: OFFLINE.alt }
    const added = await admin.from('product_photos').insert({ ...row, width: 960, height: 1200 })
    expect(added.error).toBeNull()

    // The first visit installs the worker; the second, under its control, sees the photo.
    await page.goto(`/product/${OFFLINE.id}`)
    await waitForServiceWorker(page)
    await waitForCachedCatalogue(page)
    await page.reload()
    const picture = page
      .getByRole('group', { name: /^Pictures of / })
      .getByRole('img', { name: OFFLINE.alt })
    // The photo itself, not the drawing the gallery falls back to when a picture fails.
    const shown = () =>
      picture.evaluate((img: HTMLImageElement) =>
        img.complete && img.currentSrc.includes('/product-photos/') ? img.naturalWidth : 0,
      )
    await expect.poll(shown).toBeGreaterThan(0)
    await expect
      .poll(async () =>
        Object.values(await cacheContents(page))
          .flat()
          .some((cached) => cached.includes(`/product-photos/${path}`)),
      )
      .toBe(true)

    // Offline, the photo gone from the server too, with every request for a photo failing, and the
    // browser's own caches (memory and disk) out of play: only the worker can show the photo.
    expect((await admin.storage.from('product-photos').remove([path])).error).toBeNull()
    await context.route(/\/storage\/v1\//, (route) => route.abort('internetdisconnected'))
    await context.setOffline(true)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await page.reload()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Floral Tiered Maxi Dress' }),
    ).toBeVisible()
    await expect.poll(shown).toBeGreaterThan(0)
  })
})
