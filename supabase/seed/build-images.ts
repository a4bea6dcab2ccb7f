/**
 * Draws the product illustrations into `public/images/products/` (one per kind and colour the catalogue
 * uses, and no others), plus `public/placeholder.svg` and `public/favicon.svg`. Run by
 * `npm run db:seed:build`; the files are committed.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { products } from './catalogue'
import { illustrationFiles, renderFavicon, renderPlaceholder } from './illustrations'

const publicDir = fileURLToPath(new URL('../../public', import.meta.url))
const imagesDir = join(publicDir, 'images/products')

mkdirSync(imagesDir, { recursive: true })
const files = illustrationFiles(products)
const wanted = new Set([...files.keys()].map((path) => path.split('/').pop()))
for (const name of readdirSync(imagesDir)) {
  if (name.endsWith('.svg') && !wanted.has(name)) rmSync(join(imagesDir, name))
}
let bytes = 0
let largest = 0
for (const [path, svg] of files) {
  writeFileSync(join(publicDir, path), svg)
  bytes += Buffer.byteLength(svg)
  largest = Math.max(largest, Buffer.byteLength(svg))
}
writeFileSync(join(publicDir, 'placeholder.svg'), renderPlaceholder())
writeFileSync(join(publicDir, 'favicon.svg'), renderFavicon())
console.info(
  `wrote ${files.size} illustrations to ${imagesDir} (${(bytes / 1024).toFixed(1)} KiB in all, largest ${largest} B), placeholder.svg, favicon.svg`,
)
