import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'

/**
 * Serves the built app from `dist/`: content types, negotiated brotli/gzip (compressed once, kept in
 * memory), immutable caching for hashed `/assets/*`, revalidation for the entry points the service worker
 * and the browser must see fresh, ETag/304, HEAD, and the SPA fallback to index.html for page navigations.
 */
export interface StaticHandlerOptions {
  root: string
}

export interface StaticHandler {
  /** Always answers: the file, index.html for a navigation, 304, 404 or 405. */
  (req: IncomingMessage, res: ServerResponse): Promise<void>
  /** Compresses the app shell (HTML, JS, CSS) ahead of the first visit, in the background. */
  warm(): Promise<void>
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
}

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.xml',
  '.svg',
  '.ico',
  '.wasm',
  '.ttf',
  '.otf',
])

/** Entry points: must be revalidated on every load, or users keep an old app (or service worker). */
const ALWAYS_REVALIDATE = new Set([
  '/index.html',
  '/sw.js',
  '/manifest.webmanifest',
  '/registerSW.js',
])

interface PagesInfo {
  shell: string
  notFound: string
  shellRoutes: string[]
  patterns: RegExp[]
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

interface CachedFile {
  mtimeMs: number
  size: number
  body: Buffer
  etag: string
  /** Large files: brotli at the best quality once the background job is done. */
  brBest?: Buffer
  brBestPending?: boolean
  /** Small files: best quality at once; large files: a quick brotli until `brBest` is ready. */
  brFast?: Promise<Buffer>
  gzip?: Promise<Buffer>
}

/** Best-quality brotli of a large bundle takes seconds; below this size it takes milliseconds. */
const QUICK_BEST_LIMIT = 64 * 1024

function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  // Pages name the build's hashed files: a page kept after a deploy would ask for files now gone.
  if (
    ALWAYS_REVALIDATE.has(urlPath) ||
    urlPath.endsWith('.html') ||
    urlPath.startsWith('/workbox-')
  )
    return 'no-cache'
  return 'public, max-age=3600'
}

function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
    if (name) accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const weight = (name: string) =>
    accepted.get(name) ?? (accepted.has('*') ? (accepted.get('*') ?? 0) : 0)
  if (weight('br') > 0) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return undefined
}

const etagMatches = (header: string | undefined, etag: string) =>
  !!header &&
  (header.trim() === '*' ||
    header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, '')))

export function createStaticHandler(options: StaticHandlerOptions): StaticHandler {
  const root = normalize(options.root)
  const cache = new Map<string, CachedFile>()

  /** The file for a URL path, or undefined (missing, a directory, outside the root, a dotfile). */
  async function resolve(urlPath: string): Promise<{ file: string; urlPath: string } | undefined> {
    if (urlPath.includes('\0')) return undefined
    if (urlPath.split('/').some((segment) => segment.startsWith('.'))) return undefined
    const target = urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath
    const file = normalize(join(root, target))
    if (file !== root && !file.startsWith(root + sep)) return undefined
    try {
      const info = await stat(file)
      if (info.isFile()) return { file, urlPath: target }
      // A prebuilt page: `/women` is `women/index.html`.
      if (info.isDirectory() && !target.endsWith('/')) return await resolve(`${target}/`)
    } catch {
      // missing: fall through
    }
    return undefined
  }

  async function load(file: string): Promise<CachedFile> {
    const info = await stat(file)
    const cached = cache.get(file)
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached
    const body = await readFile(file)
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22)
    const entry: CachedFile = { mtimeMs: info.mtimeMs, size: info.size, body, etag: `W/"${hash}"` }
    cache.set(file, entry)
    return entry
  }

  const brotliAt = (body: Buffer, quality: number) =>
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })

  // One best-quality job at a time, so background work never hogs both cores.
  let bestQueue = Promise.resolve()
  function scheduleBest(entry: CachedFile): Promise<void> {
    if (entry.brBest || entry.brBestPending) return bestQueue
    entry.brBestPending = true
    bestQueue = bestQueue
      .then(() => brotliAt(entry.body, 11))
      .then((best) => {
        entry.brBest = best
      })
      .catch(() => {})
      .finally(() => {
        entry.brBestPending = false
      })
    return bestQueue
  }

  async function compressed(entry: CachedFile, encoding: 'br' | 'gzip'): Promise<Buffer> {
    if (encoding === 'gzip') {
      entry.gzip ??= gzipAsync(entry.body, { level: 9 })
      return entry.gzip
    }
    if (entry.brBest) return entry.brBest
    if (entry.body.length <= QUICK_BEST_LIMIT) {
      entry.brFast ??= brotliAt(entry.body, 11)
      return entry.brFast
    }
    void scheduleBest(entry)
    entry.brFast ??= brotliAt(entry.body, 5)
    return entry.brFast
  }

  /**
   * What the build wrote about its pages (see build/prerender.ts): the app shell for the app's pages
   * that are not prebuilt, and the not-found page. Absent: every page navigation gets index.html.
   */
  let pagesInfo: Promise<PagesInfo | null> | undefined
  function readPagesInfo(): Promise<PagesInfo | null> {
    pagesInfo ??= readFile(join(root, 'prerendered.json'), 'utf8').then(
      (text) => {
        const data = JSON.parse(text) as PagesInfo
        return { ...data, patterns: data.shellRoutes.map((source) => new RegExp(source)) }
      },
      () => null,
    )
    return pagesInfo
  }

  async function listFiles(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    const nested = await Promise.all(
      entries
        .filter((e) => !e.name.startsWith('.'))
        .map((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)])),
    )
    return nested.flat()
  }

  async function warm() {
    const shell = new Set(['.html', '.js', '.css', '.webmanifest'])
    for (const file of await listFiles(root)) {
      if (!shell.has(extname(file))) continue
      const entry = await load(file).catch(() => undefined)
      if (!entry || entry.body.length <= 1024) continue
      await compressed(entry, 'gzip')
      if (entry.body.length <= QUICK_BEST_LIMIT) await compressed(entry, 'br')
      else await scheduleBest(entry)
    }
  }

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET'
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname)
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request')
      return
    }
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
      res.end('Method Not Allowed')
      return
    }

    let found = await resolve(pathname)
    let status = 200
    if (!found) {
      // Client-side routes: a page navigation to an unknown path gets the app shell. Files (a name with
      // an extension) do not, so a missing chunk is a clear 404 rather than HTML parsed as JavaScript.
      const last = pathname.split('/').pop() ?? ''
      const pages = extname(last) ? null : await readPagesInfo()
      const navigation = (req.headers.accept ?? '').includes('text/html') && !extname(last)
      if (pages) {
        // Prebuilt pages: an app page that is not prebuilt gets the shell; any other path is unknown
        // and answers 404 with the not-found page (search engines must not index it as a page).
        const appPage = pages.patterns.some((pattern) => pattern.test(pathname))
        found = await resolve(appPage ? pages.shell : pages.notFound)
        if (!appPage) status = 404
      } else if (navigation) found = await resolve('/index.html')
    }
    if (!found) {
      res.writeHead(404, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      })
      res.end(method === 'HEAD' ? undefined : 'Not Found')
      return
    }

    const entry = await load(found.file)
    const ext = extname(found.file).toLowerCase()
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': cacheControl(found.urlPath),
      etag: entry.etag,
      'x-content-type-options': 'nosniff',
    }
    const compressible = COMPRESSIBLE.has(ext) && entry.body.length > 1024
    if (compressible) headers.vary = 'Accept-Encoding'

    if (status === 200 && etagMatches(req.headers['if-none-match'], entry.etag)) {
      res.writeHead(304, headers).end()
      return
    }

    let body = entry.body
    const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined
    if (encoding) {
      body = await compressed(entry, encoding)
      headers['content-encoding'] = encoding
    }
    headers['content-length'] = String(body.length)
    if (status !== 200) headers['cache-control'] = 'no-cache'
    res.writeHead(status, headers)
    res.end(method === 'HEAD' ? undefined : body)
  }
  return Object.assign(handler, { warm })
}
