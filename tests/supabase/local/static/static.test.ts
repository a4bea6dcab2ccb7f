import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticHandler } from '../../../../supabase/local/static'
import { rawRequest } from '../../../support/raw-http'
import { startTestServer, type TestServer } from '../../../support/server'

/** The built app as `npm start` serves it: types, caching, compression, SPA fallback, 304, HEAD. */
let t: TestServer
let dist: string
const indexHtml = `<!doctype html><html><head><title>Luxe Kenya</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`
const appJs = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`
const bigJs = Array.from({ length: 6000 }, (_, i) => `export const v${i} = ${i * 7919};`).join('\n')

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'luxe-static-'))
  mkdirSync(join(dist, 'assets'))
  mkdirSync(join(dist, 'icons'))
  writeFileSync(join(dist, 'index.html'), indexHtml)
  writeFileSync(join(dist, 'assets', 'index-B2x9Qz1a.js'), appJs)
  writeFileSync(join(dist, 'assets', 'vendor-Dq81LmZx.js'), bigJs)
  writeFileSync(join(dist, 'assets', 'index-C7hh2kLm.css'), `body{color:red}${' '.repeat(2000)}`)
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener('install',()=>{});${' '.repeat(2000)}`)
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Luxe Kenya"}')
  writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.alloc(3000, 1))
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n')
  writeFileSync(join(dist, '.build-hash'), 'secret-ish\n')
  t = await startTestServer({ distDir: dist })
})
afterAll(async () => {
  await t?.close()
  rmSync(dist, { recursive: true, force: true })
})

const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${t.url}${path}`, headers, method)

describe('content types and caching', () => {
  it.each([
    ['/', 'text/html; charset=utf-8', 'no-cache'],
    ['/index.html', 'text/html; charset=utf-8', 'no-cache'],
    ['/sw.js', 'text/javascript; charset=utf-8', 'no-cache'],
    ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8', 'no-cache'],
    [
      '/assets/index-B2x9Qz1a.js',
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ],
    [
      '/assets/index-C7hh2kLm.css',
      'text/css; charset=utf-8',
      'public, max-age=31536000, immutable',
    ],
    ['/icons/icon-192.png', 'image/png', 'public, max-age=3600'],
    ['/robots.txt', 'text/plain; charset=utf-8', 'public, max-age=3600'],
  ])('%s → %s, %s', async (path, type, cache) => {
    const res = await raw(path)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe(type)
    expect(res.headers['cache-control']).toBe(cache)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers.etag).toMatch(/^W\/".+"$/)
  })
})

describe('compression', () => {
  it('prefers brotli, falls back to gzip, and sends identity when not asked', async () => {
    const br = await raw('/assets/index-B2x9Qz1a.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(br.body.length).toBeLessThan(appJs.length / 4)
    expect(brotliDecompressSync(br.body).toString()).toBe(appJs)

    const gz = await raw('/assets/index-B2x9Qz1a.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(appJs)

    const refused = await raw('/assets/index-B2x9Qz1a.js', { 'accept-encoding': 'br;q=0, gzip' })
    expect(refused.headers['content-encoding']).toBe('gzip')

    const plain = await raw('/assets/index-B2x9Qz1a.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(appJs)
  })

  it('compresses large bundles too (quickly first, best quality once ready)', async () => {
    const first = await raw('/assets/vendor-Dq81LmZx.js', { 'accept-encoding': 'br' })
    expect(first.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(first.body).toString()).toBe(bigJs)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const later = await raw('/assets/vendor-Dq81LmZx.js', { 'accept-encoding': 'br' })
    expect(brotliDecompressSync(later.body).toString()).toBe(bigJs)
    expect(later.body.length).toBeLessThanOrEqual(first.body.length)
  })

  it('leaves images and tiny files alone', async () => {
    const png = await raw('/icons/icon-192.png', { 'accept-encoding': 'br, gzip' })
    expect(png.headers['content-encoding']).toBeUndefined()
    const tiny = await raw('/manifest.webmanifest', { 'accept-encoding': 'br, gzip' })
    expect(tiny.headers['content-encoding']).toBeUndefined()
  })
})

describe('SPA fallback', () => {
  it('answers page navigations to app routes with index.html', async () => {
    for (const path of ['/product/silk-wrap-dress', '/account', '/admin/orders?page=2']) {
      const res = await raw(path, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })
      expect(res.status, path).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body.toString()).toBe(indexHtml)
    }
  })

  it('gives 404 for missing files, non-navigations and hidden files', async () => {
    const missingChunk = await raw('/assets/index-OLDHASH1.js', { accept: 'text/html' })
    expect(missingChunk.status).toBe(404)
    expect((await raw('/product/x', { accept: 'application/json' })).status).toBe(404)
    expect((await raw('/favicon-missing.ico', { accept: 'text/html' })).status).toBe(404)
    expect((await raw('/.build-hash')).status).toBe(404)
    expect(
      (await raw('/%2e%2e/%2e%2e/etc/passwd', { accept: 'text/html' })).body.toString(),
    ).not.toContain('root:')
    expect((await raw('/..%2f..%2fetc%2fpasswd')).status).toBe(404)
  })

  it('never falls back for the API prefixes', async () => {
    const res = await raw('/auth/v1/unknown', { accept: 'text/html' })
    expect(res.status).toBe(401)
    expect(res.headers['content-type']).toContain('application/json')
    expect((await raw('/rest/v1/products', { accept: 'text/html' })).status).toBe(401)
  })
})

describe('validators and methods', () => {
  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const first = await raw('/assets/index-B2x9Qz1a.js')
    const etag = String(first.headers.etag)
    const again = await raw('/assets/index-B2x9Qz1a.js', { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const head = await raw('/assets/index-B2x9Qz1a.js', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(Number(head.headers['content-length'])).toBe(appJs.length)
  })

  it('refuses writes', async () => {
    const res = await raw('/index.html', {}, 'POST')
    expect(res.status).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
  })
})

describe('prebuilt pages', () => {
  // A build with prebuilt pages (see build/prerender.ts), served by the handler alone.
  let pagesDir: string
  let pagesServer: Server
  let pagesUrl: string
  const women = '<!doctype html><html><body><div id="root"><h1>Women</h1></div></body></html>'
  const product =
    '<!doctype html><html><body><div id="root"><h1>Silk Wrap Dress</h1></div></body></html>'
  const shell = '<!doctype html><html><body><div id="root"></div></body></html>'
  const notFound =
    '<!doctype html><html><body><div id="root"><h1>Page not found</h1></div></body></html>'

  beforeAll(async () => {
    pagesDir = mkdtempSync(join(tmpdir(), 'luxe-pages-'))
    mkdirSync(join(pagesDir, 'women'))
    mkdirSync(join(pagesDir, 'product', 'silk-wrap-dress'), { recursive: true })
    writeFileSync(join(pagesDir, 'index.html'), indexHtml)
    writeFileSync(join(pagesDir, 'women', 'index.html'), women)
    writeFileSync(join(pagesDir, 'product', 'silk-wrap-dress', 'index.html'), product)
    writeFileSync(join(pagesDir, 'app-shell.html'), shell)
    writeFileSync(join(pagesDir, '404.html'), notFound)
    writeFileSync(
      join(pagesDir, 'prerendered.json'),
      JSON.stringify({
        shell: '/app-shell.html',
        notFound: '/404.html',
        shellRoutes: ['^/account/?$', '^/admin(/.*)?$', '^/order/[^/]+/?$'],
      }),
    )
    const handler = createStaticHandler({ root: pagesDir })
    pagesServer = createServer((req, res) => void handler(req, res))
    await new Promise<void>((resolve) => pagesServer.listen(0, '127.0.0.1', resolve))
    const address = pagesServer.address() as AddressInfo
    pagesUrl = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => pagesServer?.close(resolve))
    rmSync(pagesDir, { recursive: true, force: true })
  })

  const get = async (path: string, accept = 'text/html') => {
    const res = await fetch(`${pagesUrl}${path}`, { headers: { accept } })
    return { status: res.status, body: await res.text(), cache: res.headers.get('cache-control') }
  }

  it('serves each page its own prebuilt HTML, never kept past a deploy', async () => {
    expect(await get('/women')).toEqual({ status: 200, body: women, cache: 'no-cache' })
    expect((await get('/women/?sort=price')).body).toBe(women)
    expect((await get('/product/silk-wrap-dress')).body).toBe(product)
  })

  it('answers app pages that are not prebuilt with the app shell', async () => {
    for (const path of ['/account', '/admin/orders?page=2', '/order/LK-1234']) {
      expect(await get(path), path).toMatchObject({ status: 200, body: shell })
    }
  })

  it('answers an unknown product or path with 404 and the not-found page, as curl sees it', async () => {
    for (const path of ['/product/no-such-dress', '/no-such-page', '/women/extra']) {
      expect(await get(path), path).toMatchObject({ status: 404, body: notFound })
      expect((await get(path, '*/*')).status, path).toBe(404)
    }
    const missingChunk = await get('/assets/index-OLDHASH1.js')
    expect(missingChunk.status).toBe(404)
    expect(missingChunk.body).not.toBe(notFound)
  })
})
