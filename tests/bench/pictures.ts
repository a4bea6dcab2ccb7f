import { createClient } from '@supabase/supabase-js'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import WebSocket from 'ws'
import { loadKeys } from '../../supabase/local/keys'
import { signIn } from '../supabase/admin/admin-kit'
import type { TestServer } from '../support/server'
import { type Figure } from './support/figure'
import { startServer } from './support/server-process'
import { skipSplash } from '../../e2e/support/first-visit'
import { chromiumPath, playwrightSwitches } from '../support/chromium-args'

/**
 * The pictures a product page costs (performance.md: a 360 px phone never downloads a picture wider than
 * its slot × device pixel ratio). Staff put three large photos on a product's first colour; the page is
 * then opened at 360 px (device pixel ratio 2) and at 1280 px (ratio 1) in a fresh profile, and every
 * picture response (photos through the image endpoint, drawings) is counted: bytes on the wire and
 * the widest photo variant fetched.
 *
 *   node_modules/.bin/tsx tests/bench/pictures.ts
 */
const GROUP = 'pictures'
const PRODUCT = 'dress-001'
const COLOUR = 'Emerald'

async function addPhotos(url: string) {
  const client = () =>
    createClient(url, loadKeys().anonKey, {
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      auth: { persistSession: false, autoRefreshToken: false },
    })
  // The shared staff sign-in needs nothing of a test server but its client.
  const staff = await signIn({ client } as unknown as TestServer, 'manager@luxekenya.test')
  for (let i = 0; i < 3; i++) {
    const bytes = await sharp({
      create: {
        width: 2400,
        height: 3000,
        channels: 3,
        background: { r: 20 + i * 60, g: 90, b: 70 },
      },
    })
      .composite([
        {
          input: Buffer.from(
            `<svg width="2400" height="3000"><circle cx="1200" cy="1500" r="${900 - i * 200}" fill="#e8d9b0"/></svg>`,
          ),
        },
      ])
      .jpeg({ quality: 85 })
      .toBuffer()
    const path = `${PRODUCT}/emerald/bench-${i}.jpg`
    const up = await staff.storage.from('product-photos').upload(path, bytes, {
      contentType: 'image/jpeg',
      upsert: true,
    })
    if (up.error) throw new Error(`upload: ${up.error.message}`)
    const row = await staff.from('product_photos').insert({
      product_id: PRODUCT,
      colour: COLOUR,
      position: i,
      path,
      alt: `Bench photo ${i + 1}`,
      width: 2400,
      height: 3000,
    })
    if (row.error) throw new Error(`photo row: ${row.error.message}`)
  }
}

async function measure(url: string, width: number, height: number, scale: number) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: await playwrightSwitches(),
  })
  try {
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: scale,
      isMobile: width < 768,
      hasTouch: width < 768,
      serviceWorkers: 'block',
    })
    await context.addInitScript(skipSplash)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const pictures = new Map<string, string>()
    const sizes = new Map<string, number>()
    const pending = new Set<string>()
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Image') pending.add(event.requestId)
    })
    cdp.on('Network.responseReceived', (event) => {
      if (event.response.mimeType.startsWith('image/')) {
        pictures.set(event.requestId, event.response.url)
      }
    })
    cdp.on('Network.loadingFinished', (event) => {
      pending.delete(event.requestId)
      if (pictures.has(event.requestId)) sizes.set(event.requestId, event.encodedDataLength)
    })
    cdp.on('Network.loadingFailed', (event) => pending.delete(event.requestId))
    await page.goto(`${url}/product/${PRODUCT}`)
    // Every picture the page asked for has arrived, the gallery's first one shown, and nothing more
    // is asked for during a quiet second.
    await page.waitForSelector('[aria-roledescription="gallery"] img', { timeout: 120_000 })
    const deadline = Date.now() + 120_000
    let quietSince = 0
    while (Date.now() < deadline) {
      const shown = await page.evaluate(() => {
        const img = document.querySelector<HTMLImageElement>('[aria-roledescription="gallery"] img')
        return Boolean(img?.complete && img.naturalWidth > 0)
      })
      if (shown && pending.size === 0) {
        quietSince ||= Date.now()
        if (Date.now() - quietSince > 1000) break
      } else quietSince = 0
      await page.waitForTimeout(100)
    }
    let bytes = 0
    let photoBytes = 0
    let widest = 0
    for (const [id, pictureUrl] of pictures) {
      const size = sizes.get(id) ?? 0
      bytes += size
      if (pictureUrl.includes('/render/image/')) {
        photoBytes += size
        widest = Math.max(widest, Number(new URL(pictureUrl).searchParams.get('width') ?? 0))
      }
    }
    return { bytes, photoBytes, widest, count: pictures.size }
  } finally {
    await browser.close()
  }
}

export async function run(): Promise<Figure[]> {
  const server = await startServer()
  try {
    await addPhotos(server.url)
    const figures: Figure[] = []
    for (const [width, height, scale] of [
      [360, 740, 2],
      [1280, 800, 1],
    ] as const) {
      const m = await measure(server.url, width, height, scale)
      // The main picture's slot: the page width on a phone, half of it (less the margins) beside the
      // details on a desktop.
      const slot = width < 768 ? width : Math.ceil(width / 2)
      figures.push(
        {
          group: GROUP,
          name: `picture bytes on a product page at ${width} px (${m.count} pictures)`,
          value: Math.round(m.bytes / 1000),
          unit: 'KB',
          note: `photos ${Math.round(m.photoBytes / 1000)} KB; originals 2400 × 3000`,
        },
        {
          group: GROUP,
          name: `widest photo fetched at ${width} px, ratio ${scale}`,
          value: m.widest,
          unit: 'px',
          budget: slot * scale,
          better: 'lower',
          note: `slot ${slot} px × ${scale}`,
        },
      )
    }
    return figures
  } finally {
    await server.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (figures) => console.table(figures),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
