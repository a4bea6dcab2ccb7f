import { createServer, connect, type Server, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import { DEFAULT_SLOWDOWN } from './support/cpu-slowdown'
import { SLOW_4G } from './support/slow-4g'
import { median, withVerdict, type Figure } from './support/figure'
import { freePort, startServer } from './support/server-process'
import { seenPopup, skipSplash } from '../../e2e/support/first-visit'
import { chromiumPath, playwrightSwitches } from '../support/chromium-args'

/**
 * What the offline shell costs on the wire and how fast it opens without a network (performance.md):
 *
 * - bytes transferred before the first render of a first visit (≤ 150 KB);
 * - the whole offline package (precache, catalogue, first pictures) fetched after that render (≤ 500 KB);
 * - bytes transferred by a repeat visit (≤ 10 KB: revalidations only);
 * - time to the rendered home page on a repeat visit with the server stopped, CPU slowed 4× (or as
 *   `--cpu` says; ≤ 1.0 s).
 *
 * Totals are counted by a TCP relay between Chromium and the real server, so they include everything that
 * crosses the wire (headers, compressed bodies, the service worker's own requests); what arrived before
 * the first render comes from the page's network events. Each run is a fresh browser profile. Medians of
 * several runs.
 *
 *   node_modules/.bin/tsx tests/bench/offline.ts [--quick]
 */

const GROUP = 'offline'
const KB = 1000
/** The network is "quiet" when nothing has crossed it for this long. */
const QUIET_MS = 2500

interface Chunk {
  at: number
  bytes: number
}

/** A byte-counting relay to the server; `close()` makes the site unreachable, as a dead network does. */
async function startRelay(targetPort: number) {
  const chunks: Chunk[] = []
  let resetAt = Date.now()
  const sockets = new Set<Socket>()
  const port = await freePort()
  let server: Server | undefined

  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1')
        sockets.add(client)
        sockets.add(upstream)
        const forget = () => {
          sockets.delete(client)
          sockets.delete(upstream)
        }
        client.on('close', forget)
        upstream.on('close', forget)
        client.on('error', () => upstream.destroy())
        upstream.on('error', () => client.destroy())
        upstream.on('data', (data: Buffer) => chunks.push({ at: Date.now(), bytes: data.length }))
        client.pipe(upstream)
        upstream.pipe(client)
      })
      server.on('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })

  await open()
  return {
    url: `http://127.0.0.1:${port}`,
    /** Bytes sent to the browser in [from, to). */
    bytes(from = 0, to = Infinity) {
      return chunks.filter((c) => c.at >= from && c.at < to).reduce((sum, c) => sum + c.bytes, 0)
    },
    /** The last time anything crossed (or the reset, when nothing has since). */
    lastAt: () => Math.max(chunks.at(-1)?.at ?? 0, resetAt),
    reset: () => {
      chunks.splice(0)
      resetAt = Date.now()
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
      server = undefined
    },
    open,
  }
}
type Relay = Awaited<ReturnType<typeof startRelay>>

async function waitForQuiet(relay: Relay, page: Page) {
  for (;;) {
    await page.waitForTimeout(250)
    if (Date.now() - relay.lastAt() >= QUIET_MS) return
  }
}

/**
 * Records, as `window.__rendered`, the milliseconds from navigation start until the home page's hero
 * heading is on screen. Plain text, not a function: tsx would wrap nested functions in a helper that
 * does not exist in the page.
 */
const renderedMark = `
  (() => {
    const done = () => {
      const heading = [...document.querySelectorAll('h1, h2')].find((node) =>
        (node.textContent || '').includes('Kenyan Fashion Redefined'))
      if (!heading) return false
      requestAnimationFrame(() => { window.__rendered = performance.now() })
      return true
    }
    const observer = new MutationObserver(() => { if (done()) observer.disconnect() })
    document.addEventListener('DOMContentLoaded', () => {
      if (!done()) observer.observe(document.body, { childList: true, subtree: true })
    })
  })()
`

/**
 * The page's bytes as Chromium hands them over (after its throttling): per request, all of it when it
 * finished in time, else the chunks received in time. `before(epochMs)` sums what arrived before then.
 * The page's own HTML counts whole: the first render is drawn from it, and Chromium paints while the
 * rest of a long document is still arriving (its chunks report no encoded size until it finishes).
 */
function recordReceivedBytes(cdp: CDPSession) {
  let monotonicToEpoch: number | undefined
  let documentId: string | undefined
  const finished = new Map<string, { at: number; bytes: number }>()
  const chunks: Array<{ id: string; at: number; bytes: number }> = []
  cdp.on('Network.requestWillBeSent', (event) => {
    monotonicToEpoch ??= event.wallTime - event.timestamp
    if (event.type === 'Document') documentId ??= event.requestId
  })
  cdp.on('Network.dataReceived', (event) => {
    chunks.push({ id: event.requestId, at: event.timestamp, bytes: event.encodedDataLength })
  })
  cdp.on('Network.loadingFinished', (event) => {
    finished.set(event.requestId, { at: event.timestamp, bytes: event.encodedDataLength })
  })
  return {
    before(epochMs: number): number {
      const limit = epochMs / 1000 - (monotonicToEpoch ?? 0)
      let total = 0
      for (const [id, done] of finished)
        if (done.at <= limit || id === documentId) total += done.bytes
      for (const chunk of chunks) {
        if (chunk.id === documentId) continue
        const done = finished.get(chunk.id)
        if (chunk.at <= limit && !(done && done.at <= limit)) total += chunk.bytes
      }
      return total
    },
  }
}

async function firstPaintAt(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint')
          if (entry) resolve(performance.timeOrigin + entry.startTime)
        }).observe({ type: 'paint', buffered: true })
      }),
  )
}

interface RunFigures {
  beforeRender: number
  offlinePackage: number
  repeatBytes: number
  offlineRenderMs: number
  offlineRenderFastMs: number
}

async function oneRun(browser: Browser, relay: Relay, slowdown: number): Promise<RunFigures> {
  const context = await browser.newContext({ baseURL: relay.url })
  // The figures are about the shop, not a timed intro.
  await context.addInitScript(skipSplash)
  await context.addInitScript(seenPopup)
  await context.addInitScript({ content: renderedMark })
  try {
    // First visit, over Lighthouse's "Slow 4G". Chromium throttles after the socket, so bytes before the
    // first render are read from the page's own network events (stamped after throttling); the service
    // worker only registers after that render. Unthrottled, loopback delivers everything at once and the
    // CPU-bound render would count chunks fetched later by idle callbacks as if they were critical.
    relay.reset()
    const first = await context.newPage()
    const firstCdp = await context.newCDPSession(first)
    const received = recordReceivedBytes(firstCdp)
    await firstCdp.send('Network.enable')
    await firstCdp.send('Network.emulateNetworkConditions', SLOW_4G)
    await first.goto('/')
    const painted = await firstPaintAt(first)
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 120_000,
    })
    await waitForQuiet(relay, first)
    const beforeRender = received.before(painted)
    const offlinePackage = relay.bytes() - beforeRender
    await firstCdp.detach()
    await first.close()

    // Repeat visit, online.
    relay.reset()
    const repeat = await context.newPage()
    await repeat.goto('/')
    await repeat.waitForFunction(() => '__rendered' in window)
    await waitForQuiet(relay, repeat)
    const repeatBytes = relay.bytes()
    await repeat.close()

    // Repeat visits with the server unreachable: this machine's CPU, then slowed like a cheap phone.
    await relay.close()
    const renderOffline = async (rate: number) => {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      await page.goto('/')
      await page.waitForFunction(() => '__rendered' in window, null, { timeout: 60_000 })
      const ms = await page.evaluate(() => (window as unknown as { __rendered: number }).__rendered)
      await cdp.detach()
      await page.close()
      return ms
    }
    const offlineRenderFastMs = await renderOffline(1)
    const offlineRenderMs = await renderOffline(slowdown)
    await relay.open()
    return { beforeRender, offlinePackage, repeatBytes, offlineRenderMs, offlineRenderFastMs }
  } finally {
    await context.close()
  }
}

export async function run(options: {
  quick?: boolean
  cpuSlowdown: number
}): Promise<Array<Figure & { pass: boolean | null }>> {
  const runs = options.quick ? 3 : 5
  const slowdown = options.cpuSlowdown
  const server = await startServer()
  const relay = await startRelay(server.port)
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: await playwrightSwitches(),
  })
  const results: RunFigures[] = []
  try {
    // One unmeasured visit: the server compresses and warms its caches on the first requests.
    await oneRun(browser, relay, slowdown)
    for (let i = 0; i < runs; i++) results.push(await oneRun(browser, relay, slowdown))
  } finally {
    await browser.close()
    await relay.close()
    await server.stop()
  }
  const pick = (key: keyof RunFigures) => median(results.map((r) => r[key]))
  const note = `median of ${runs} fresh profiles`
  return [
    {
      group: GROUP,
      name: 'First visit: bytes before the first render',
      value: pick('beforeRender') / KB,
      unit: 'KB',
      budget: 150,
      note,
    },
    {
      group: GROUP,
      name: 'First visit: offline package fetched after the first render',
      value: pick('offlinePackage') / KB,
      unit: 'KB',
      budget: 500,
      note: `${note}; precache, catalogue, pictures`,
    },
    {
      group: GROUP,
      name: 'Repeat visit: bytes transferred',
      value: pick('repeatBytes') / KB,
      unit: 'KB',
      budget: 10,
      note,
    },
    {
      group: GROUP,
      name: 'Repeat visit, server stopped, no CPU slowdown: home rendered',
      value: pick('offlineRenderFastMs') / 1000,
      unit: 's',
      note: `${note}; for comparison with the ${slowdown}× figure`,
    },
    {
      group: GROUP,
      name: `Repeat visit, server stopped, ${slowdown}× CPU: home rendered`,
      value: pick('offlineRenderMs') / 1000,
      unit: 's',
      budget: 1.0,
      note: `${note}; the service worker thread is not slowed`,
    },
  ].map(withVerdict)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await run({
    quick: process.argv.includes('--quick'),
    cpuSlowdown: DEFAULT_SLOWDOWN,
  })
  for (const figure of figures) {
    const verdict = figure.pass === null ? '' : figure.pass ? 'pass' : 'FAIL'
    console.info(
      `${figure.name.padEnd(62)} ${figure.value?.toFixed(figure.unit === 's' ? 3 : 1).padStart(8)} ${figure.unit.padEnd(3)} budget ${String(figure.budget ?? '—').padStart(5)}  ${verdict}`,
    )
  }
}
