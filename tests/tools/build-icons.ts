/**
 * Draws the app icons and the manifest screenshots with headless Chromium and writes them to
 * public/icons. Run it again after changing the brand colours:
 *
 *   npm run icons:build
 *
 * The "LK" monogram is drawn with strokes, not a font, so the icons come out the same on every machine.
 */
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

const outDir = join(dirname(fileURLToPath(import.meta.url)), '../../public/icons')
const ink = '#111111'
const gold = '#d4b25a'
const cream = '#faf6ef'

interface MonogramOptions {
  /** Draw the thin ring (not on maskable and Apple icons, whose corners are cut by the system). */
  ring: boolean
  /** Share of the canvas the letters span; maskable icons keep them inside the 80% safe circle. */
  scale: number
}

function monogram({ ring, scale }: MonogramOptions): string {
  const offset = (512 * (1 - scale)) / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="100%" height="100%">
  <defs><clipPath id="letters"><rect x="100" y="141" width="320" height="230"/></clipPath></defs>
  <rect width="512" height="512" fill="${ink}"/>
  ${ring ? `<circle cx="256" cy="256" r="218" fill="none" stroke="${gold}" stroke-width="7"/>` : ''}
  <g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="${gold}"
     stroke-width="34" stroke-linecap="butt" stroke-linejoin="miter">
    <path d="M150 146 V349 H246"/>
    <path d="M292 146 V366"/>
    <path d="M388 130 L309 254 L395 382" clip-path="url(#letters)"/>
    <path d="M128 146 H172 M128 366 H190 M270 146 H314 M270 366 H314 M356 146 H400 M362 366 H406"
          stroke-width="10"/>
  </g>
</svg>`
}

const icons: Array<{ file: string; size: number } & MonogramOptions> = [
  { file: 'icon-192.png', size: 192, ring: true, scale: 0.82 },
  { file: 'icon-512.png', size: 512, ring: true, scale: 0.82 },
  { file: 'icon-maskable-512.png', size: 512, ring: false, scale: 0.62 },
  { file: 'apple-touch-icon.png', size: 180, ring: false, scale: 0.72 },
]

function screenshotHtml(wide: boolean): string {
  const tiles = ['#7a4b2a', '#1f3b5c', '#b3261e', '#0b6b3a', '#8a6a1f', '#3d3d3d']
    .slice(0, wide ? 6 : 4)
    .map(
      (colour, index) => `<div class="tile"><div class="art" style="background:${colour}"></div>
        <div class="name">${['Ankara Wrap Dress', 'Maasai Beaded Sandals', 'Kiondo Tote', 'Gold Cuff', 'Leather Loafers', 'Classic Watch'][index]}</div>
        <div class="price">KSH ${[6300, 4200, 5600, 9800, 11200, 24500][index]!.toLocaleString('en-KE')}</div></div>`,
    )
    .join('')
  return `<!doctype html><html><head><style>
  * { box-sizing: border-box; margin: 0 }
  body { font-family: 'DejaVu Serif', 'Liberation Serif', serif; background: ${cream}; color: ${ink} }
  header { display: flex; align-items: center; gap: 12px; padding: 14px 20px; background: ${ink}; color: ${gold} }
  header .logo { width: 40px; height: 40px }
  header .name { font-size: 22px; letter-spacing: 2px }
  header .tag { font-family: 'DejaVu Sans', sans-serif; font-size: 10px; letter-spacing: 2px; color: #e9dcb8 }
  .hero { padding: ${wide ? '72px 64px' : '40px 20px'}; background: linear-gradient(135deg, #1b1b1b, #3a2d12); color: #fff }
  .hero h1 { font-size: ${wide ? 52 : 32}px; font-weight: normal }
  .hero p { font-family: 'DejaVu Sans', sans-serif; margin-top: 12px; color: #e9dcb8 }
  .hero .cta { display: inline-block; margin-top: 20px; padding: 12px 20px; background: ${gold}; color: ${ink};
    font-family: 'DejaVu Sans', sans-serif; font-weight: bold; letter-spacing: 1px }
  .grid { display: grid; grid-template-columns: repeat(${wide ? 6 : 2}, 1fr); gap: 16px; padding: 20px ${wide ? 64 : 20}px }
  .tile .art { aspect-ratio: 3 / 4; border-radius: 6px }
  .tile .name { margin-top: 8px; font-size: 14px }
  .tile .price { font-family: 'DejaVu Sans', sans-serif; font-size: 13px; color: #5c4a1a; margin-top: 2px }
  </style></head><body>
  <header><div class="logo">${monogram({ ring: true, scale: 0.82 })}</div>
    <div><div class="name">Luxe Kenya</div><div class="tag">PREMIUM FASHION &amp; STYLE</div></div></header>
  <section class="hero"><h1>Kenyan Fashion Redefined</h1>
    <p>Free delivery across Kenya over KSh 5,000 · 30-day returns</p><span class="cta">SHOP NEW ARRIVALS</span></section>
  <section class="grid">${tiles}</section>
  </body></html>`
}

const screenshots = [
  { file: 'screenshot-narrow.png', width: 360, height: 740, wide: false },
  { file: 'screenshot-wide.png', width: 1280, height: 800, wide: true },
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
    await page.setContent(
      `<html><body style="margin:0">${monogram(icon)}</body></html>`.replace(
        '<svg ',
        `<svg style="display:block;width:${icon.size}px;height:${icon.size}px" `,
      ),
    )
    writeFileSync(join(outDir, icon.file), await page.screenshot({ type: 'png' }))
    await page.close()
  }
  for (const shot of screenshots) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height } })
    await page.setContent(screenshotHtml(shot.wide))
    writeFileSync(join(outDir, shot.file), await page.screenshot({ type: 'png' }))
    await page.close()
  }
} finally {
  await browser.close()
}
console.info(`Wrote ${icons.length} icons and ${screenshots.length} screenshots to ${outDir}`)
