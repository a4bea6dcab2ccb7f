import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { chromiumArgs } from '../support/chromium-args'
import { ourPages } from './lighthouse'
import { median, type Figure } from './support/figure'

/**
 * The longest main-thread task in a page's first 11 seconds (start-up, hydration, the first-visit email
 * offer at about 6 s), at 4× CPU on Lighthouse's Slow 4G, in a Chromium that nothing but a trace is
 * attached to: each run is a fresh profile (a first visit, service worker and all) driven over the
 * DevTools protocol with only Emulation, Network and Tracing.
 *
 * Why not Lighthouse's or Playwright's own long tasks: with their debugger and runtime agents attached,
 * V8 keeps source positions for stack traces and, on this build, re-parsed the whole first module graph
 * for them while running it (V8.CollectSourcePositions, 36-42 ms of a 46-76 ms task at 4× CPU, in a
 * trace taken under Playwright); without them the same task took 4-22 ms. A shopper's browser has
 * nothing attached.
 *
 *   node_modules/.bin/tsx tests/bench/long-tasks.ts <base URL> [floor URL]
 */

const GROUP = 'long tasks'
const WATCH_MS = 11_000
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { documentLoaderURL?: string; isOutermostMainFrame?: boolean } }
}

interface Measured {
  /** The longest task after the page's navigation started, in ms. */
  longest: number
  /** What the longest task was busy with (its largest trace events). */
  what: string
}

/** Chromium with the DevTools protocol on a free port, and a socket to its one page. */
async function openBrowser(profile: string) {
  const chrome = spawn(
    chromePath,
    [...chromiumArgs, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = ''
    const timer = setTimeout(
      () => reject(new Error('Chromium did not open its DevTools port')),
      30_000,
    )
    chrome.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const match = /DevTools listening on (ws:\/\/[^\s]+)/.exec(text)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    chrome.once('exit', () => reject(new Error(`Chromium exited: ${text.slice(-500)}`)))
  })
  const { host } = new URL(endpoint)
  const targets = (await (await fetch(`http://${host}/json/list`)).json()) as Array<{
    type: string
    webSocketDebuggerUrl: string
  }>
  const page = targets.find((target) => target.type === 'page')
  if (!page) throw new Error('Chromium has no page to drive')
  const socket = new WebSocket(page.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let id = 0
  const pending = new Map<number, (result: unknown) => void>()
  const events: TraceEvent[] = []
  let traced: (() => void) | undefined
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      id?: number
      method?: string
      params?: { value?: TraceEvent[] }
    }
    if (message.id !== undefined) pending.get(message.id)?.(message)
    else if (message.method === 'Tracing.dataCollected') events.push(...message.params!.value!)
    else if (message.method === 'Tracing.tracingComplete') traced?.()
  })
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      pending.set(++id, resolve)
      socket.send(JSON.stringify({ id, method, params }))
    })
  const endTrace = async () => {
    const complete = new Promise<void>((resolve) => (traced = resolve))
    await send('Tracing.end')
    await complete
    return events
  }
  /** Shuts Chromium down as a user would (Browser.close), so it leaves its profile alone once gone. */
  const close = async () => {
    socket.close()
    const exited = new Promise((resolve) =>
      chrome.exitCode !== null ? resolve(null) : chrome.once('exit', resolve),
    )
    const browserSocket = new WebSocket(endpoint)
    await new Promise((resolve) => {
      browserSocket.once('open', resolve)
      browserSocket.once('error', resolve)
    })
    if (browserSocket.readyState === WebSocket.OPEN)
      browserSocket.send(JSON.stringify({ id: 1, method: 'Browser.close' }))
    const timer = setTimeout(() => chrome.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
    browserSocket.close()
  }
  return { send, endTrace, close }
}

/** One first visit to `url`: the longest task on the page's main thread after its navigation started. */
async function measureOnce(url: string): Promise<Measured> {
  const profile = mkdtempSync(join(tmpdir(), 'luxe-long-tasks-'))
  const browser = await openBrowser(profile)
  try {
    await browser.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await browser.send('Network.enable')
    await browser.send('Network.setCacheDisabled', { cacheDisabled: true })
    await browser.send('Network.emulateNetworkConditions', SLOW_4G)
    await browser.send('Tracing.start', {
      traceConfig: {
        includedCategories: [
          'toplevel',
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          // navigationStart
          'blink.user_timing',
        ],
      },
      transferMode: 'ReportEvents',
    })
    await browser.send('Page.navigate', { url })
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS))
    const events = await browser.endTrace()
    const mainThreads = new Set(
      events
        .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    )
    const start = events.find(
      (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(url),
    )
    if (!start) throw new Error(`No navigation to ${url} in the trace`)
    const tasks = events.filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        e.pid === start.pid &&
        mainThreads.has(`${e.pid}:${e.tid}`) &&
        e.ts >= start.ts,
    )
    const longest = tasks.reduce<TraceEvent | undefined>(
      (a, b) => (!a || (b.dur ?? 0) > (a.dur ?? 0) ? b : a),
      undefined,
    )
    if (!longest) return { longest: 0, what: '' }
    const inside = events
      .filter(
        (e) =>
          e.ph === 'X' &&
          e.tid === longest.tid &&
          e.pid === longest.pid &&
          e !== longest &&
          e.ts >= longest.ts &&
          e.ts + (e.dur ?? 0) <= longest.ts + longest.dur! &&
          (e.dur ?? 0) >= 0.2 * longest.dur!,
      )
      .map((e) => e.name)
    const at = ((longest.ts - start.ts) / 1000).toFixed(0)
    return {
      longest: longest.dur! / 1000,
      what: `at ${at} ms: ${[...new Set(inside)].slice(0, 4).join(', ')}`,
    }
  } finally {
    await browser.close()
    // Chromium's helper processes may still be writing to the profile as it exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  }
}

async function measure(url: string, runs: number) {
  const results: Measured[] = []
  for (let run = 0; run < runs; run++) results.push(await measureOnce(url))
  const value = median(results.map((result) => result.longest))
  const worst = results.reduce((a, b) => (b.longest > a.longest ? b : a))
  return { value, results, worst }
}

/** Lighthouse's pages (home, a category, a product), and the floor page first when it is given. */
export async function run({
  baseUrl,
  floorUrl,
  runs = 3,
}: {
  baseUrl: string
  floorUrl?: string
  runs?: number
}): Promise<Figure[]> {
  const floor = floorUrl ? await measure(`${floorUrl}/`, runs) : undefined
  const figures: Figure[] = []
  if (floor) {
    figures.push({
      group: GROUP,
      name: 'Floor page: longest main-thread task, first 11 s',
      value: floor.value,
      unit: 'ms',
      note: `median of ${floor.results.length} first visits; longest ${floor.worst.what}`,
    })
  }
  for (const [label, path] of ourPages) {
    const { value, results, worst } = await measure(`${baseUrl}${path}`, runs)
    figures.push({
      group: GROUP,
      name: `Longest main-thread task, first 11 s, 4× CPU + Slow 4G (${path})`,
      value,
      unit: 'ms',
      budget: 50,
      note: `${label}: median of ${results.length} first visits (${results
        .map((result) => result.longest.toFixed(0))
        .join(', ')}); longest ${worst.what}`,
    })
  }
  return figures
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, floorUrl] = process.argv.slice(2)
  if (!baseUrl) throw new Error('Usage: tsx tests/bench/long-tasks.ts <base URL> [floor URL]')
  for (const figure of await run({ baseUrl, floorUrl })) console.info(figure)
}
