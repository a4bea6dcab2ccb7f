import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlib } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

/**
 * The floor page (tests/bench/floor/): built with Vite into a temporary folder and served the way the
 * shop serves its files (brotli at the best quality, pictures from the shop's public folder), so
 * Lighthouse measures both under the same conditions. Its code never enters the app's bundle.
 */
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

export interface FloorPage {
  url: string
  stop(): Promise<void>
}

export async function startFloorPage(): Promise<FloorPage> {
  const root = fileURLToPath(new URL('./floor/', import.meta.url))
  const outDir = mkdtempSync(join(tmpdir(), 'luxe-floor-'))
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  })
  const pictures = fileURLToPath(new URL('../../public/images/', import.meta.url))
  const compressed = new Map<string, Buffer>()
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    let file = path.startsWith('/images/') ? join(pictures, path.slice('/images/'.length)) : ''
    if (!file) file = join(outDir, path === '/' || !extname(path) ? 'index.html' : path)
    if (!file.startsWith(outDir) && !file.startsWith(pictures)) file = ''
    if (!file || !existsSync(file)) {
      response.writeHead(404).end()
      return
    }
    let body: Buffer = readFileSync(file)
    const headers: Record<string, string> = {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': path.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    }
    if (/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      let packed = compressed.get(file)
      if (!packed) {
        packed = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
        compressed.set(file, packed)
      }
      body = packed
      headers['content-encoding'] = 'br'
    }
    response.writeHead(200, headers).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}
