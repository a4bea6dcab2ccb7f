import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { manifestBootKeys } from '../../build/boot-files'
import type { Figure } from './support/figure'

/**
 * What the first route (home) costs: what the app starts with (the entry, its stages and what they import
 * statically) and the home page's own chunk, gzipped, read from Vite's build manifest; and the size of
 * the service worker's precache.
 */
interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  isEntry?: boolean
}

const dist = 'dist'

function gzippedBytes(file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
}

export function firstRouteFiles(): { js: string[]; css: string[] } {
  const manifestPath = join(dist, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) throw new Error('No build manifest: run `npm run build` first.')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
  if (!manifest['index.html']) throw new Error('The build manifest has no index.html entry.')
  const js = new Set<string>()
  const css = new Set<string>()
  const visit = (chunk: ManifestChunk) => {
    if (js.has(chunk.file)) return
    js.add(chunk.file)
    chunk.css?.forEach((file) => css.add(file))
    chunk.imports?.forEach((key) => {
      const imported = manifest[key]
      if (imported) visit(imported)
    })
  }
  // What the app starts with: the entry, the stages it imports to run them in tasks of their own, and
  // what the app loader fetches with them (build/boot-files.ts).
  manifestBootKeys(manifest).forEach((key) => visit(manifest[key]!))
  // The home route's own lazily split component is needed before home can render.
  const homeKey = Object.keys(manifest).find((key) => /routes\/index\.tsx\?tsr-split/.test(key))
  if (homeKey) visit(manifest[homeKey]!)
  return { js: [...js], css: [...css] }
}

/** What the server sends: it serves JavaScript and CSS brotli-compressed at the best quality. */
function brotliBytes(file: string): number {
  return brotliCompressSync(readFileSync(join(dist, file)), {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 11 },
  }).length
}

function precacheEntries(): string[] {
  const swPath = join(dist, 'sw.js')
  if (!existsSync(swPath)) return []
  const source = readFileSync(swPath, 'utf8')
  // The injected manifest is JSON inside the worker: `{"revision":"…","url":"assets/x.js"}` (or `url:"…"`).
  const urls = [...source.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((match) => match[1]!)
  return [...new Set(urls)]
}

export async function run(): Promise<Figure[]> {
  const { js, css } = firstRouteFiles()
  const jsBytes = js.reduce((sum, file) => sum + gzippedBytes(file), 0)
  const cssBytes = css.reduce((sum, file) => sum + gzippedBytes(file), 0)
  const jsBrotli = js.reduce((sum, file) => sum + brotliBytes(file), 0)
  const precache = precacheEntries().filter((url) => existsSync(join(dist, url)))
  const precacheRaw = precache.reduce((sum, url) => sum + statSync(join(dist, url)).size, 0)
  const precacheGzip = precache.reduce((sum, url) => sum + gzippedBytes(url), 0)
  return [
    {
      group: 'bundle',
      name: 'First route JavaScript (gzip)',
      value: jsBytes / 1024,
      unit: 'KiB',
      budget: 150,
      note: `${js.length} files; ${(jsBrotli / 1024).toFixed(1)} KiB as served (brotli)`,
    },
    {
      group: 'bundle',
      name: 'First route CSS (gzip)',
      value: cssBytes / 1024,
      unit: 'KiB',
      budget: 20,
    },
    {
      group: 'bundle',
      name: 'Precache (raw / gzip)',
      value: precacheGzip / 1024,
      unit: 'KiB',
      note: `${precache.length} entries, ${(precacheRaw / 1024).toFixed(0)} KiB raw`,
    },
  ]
}
