import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js'
import WebSocket from 'ws'
import { chromiumArgs, withoutDesktopUi } from '../support/chromium-args'
import { ourPages } from './lighthouse'
import { serveBlankDocument } from './support/blank-document'
import { DEFAULT_SLOWDOWN } from './support/cpu-slowdown'
import { SLOW_4G } from './support/slow-4g'
import { median, type Figure } from './support/figure'
import { pageMainThread, type TraceEvent } from './support/trace-events'

/**
 * The longest main-thread task in a page's first 11 seconds (start-up, hydration, the first-visit email
 * offer at about 6 s), at 4× CPU (or as `--cpu` says) on Lighthouse's Slow 4G and phone screen, in a
 * Chromium that nothing but a trace is attached to: each run is a fresh profile (a first visit, service
 * worker and all) driven over the DevTools protocol with only Emulation, Network and Tracing.
 *
 * Two figures per run. The browser's: the longest task after the navigation started, whatever it was.
 * The page's own, which the budget applies to: the same, leaving out
 * - the task that commits the navigation and creates the document and its script context. A blank HTML
 *   document spends 20-185 ms there at 4× CPU on this machine; no page can shorten it.
 * - the time the thread waits, inside a task, on Linux's font service: Chromium on Linux asks the
 *   browser process, synchronously, to match each font family the first time a page uses it and for a
 *   render style for every family, size and weight it draws text in (about 1.5 ms each here; 20-35 ms of
 *   a listing's first layout). Chromium on Android makes neither call: it matches fonts in-process and
 *   uses default render styles (Blink's font_render_style.cc: `#if BUILDFLAG(IS_ANDROID)
 *   style.SetDefaults()`). Our shoppers' phones do not wait there.
 * The blank document and the floor page are measured in the same run, both ways.
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
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

interface Measured {
  /** The longest task after the page's navigation started, in ms. */
  longest: number
  /** The page's own longest task: commit left out, font-service waits taken off (see above), in ms. */
  own: number
  /** When the page's own longest task ran and what it was busy with (its largest trace events). */
  what: string
}

/** The trace events of the thread waiting on Linux's font service (see above). */
const fontServiceWaits = new Set([
  'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike',
  'FontDataManager::onMatchFamilyStyle',
])

/** The trace event that marks the task committing a navigation (creating the document). */
const commitNavigation = 'DocumentLoader::CommitNavigation'

/** Chromium with the DevTools protocol on a free port, and a socket to its one page. */
async function openBrowser(profile: string) {
  const chrome = spawn(
    chromePath,
    [
      ...chromiumArgs,
      withoutDesktopUi(),
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
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
async function measureOnce(url: string, slowdown: number): Promise<Measured> {
  const profile = mkdtempSync(join(tmpdir(), 'luxe-long-tasks-'))
  const browser = await openBrowser(profile)
  try {
    await browser.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
    // Lighthouse's phone (412 x 823 at 1.75), the one the budget is for: without it the page was laid
    // out in the headless window (800 px wide, a tablet's layout).
    const { mobile, width, height, deviceScaleFactor } = screenEmulationMetrics.mobile
    await browser.send('Emulation.setDeviceMetricsOverride', {
      mobile,
      width,
      height,
      deviceScaleFactor,
    })
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
          // the font-service waits
          'fonts',
          // the navigation's commit
          'loading',
        ],
      },
      transferMode: 'ReportEvents',
    })
    await browser.send('Page.navigate', { url })
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS))
    const events = await browser.endTrace()
    const { start, onThread } = pageMainThread(events, url)
    const thread = onThread
      .filter((e) => e.dur !== undefined)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
    // The thread's tasks in turn, each with the events inside it (a task inside a task counts as work).
    const tasks: Array<{ task: TraceEvent; inside: TraceEvent[] }> = []
    for (const e of thread) {
      const current = tasks.at(-1)
      if (current && e.ts < current.task.ts + current.task.dur!) current.inside.push(e)
      else if (e.name === 'RunTask') tasks.push({ task: e, inside: [] })
    }
    let longest = 0
    let own: { task: TraceEvent; ms: number; inside: TraceEvent[] } | undefined
    for (const { task, inside } of tasks) {
      longest = Math.max(longest, task.dur! / 1000)
      if (inside.some((e) => e.name === commitNavigation)) continue
      let waits = 0
      let waitedUntil = 0
      for (const e of inside) {
        if (!fontServiceWaits.has(e.name) || e.ts < waitedUntil) continue
        waits += e.dur!
        waitedUntil = e.ts + e.dur!
      }
      const ms = (task.dur! - waits) / 1000
      if (!own || ms > own.ms) own = { task, ms, inside }
    }
    if (!own) return { longest, own: 0, what: '' }
    const busy = own.inside
      .filter((e) => e.dur! >= 0.2 * own.task.dur! && !/RunTask|mojo|OnHandleReady/.test(e.name))
      .map((e) => e.name)
    const at = ((own.task.ts - start.ts) / 1000).toFixed(0)
    return {
      longest,
      own: own.ms,
      what: `at ${at} ms (${(own.task.dur! / 1000).toFixed(0)} ms less ${(own.task.dur! / 1000 - own.ms).toFixed(0)} ms of font-service waits): ${[...new Set(busy)].slice(0, 4).join(', ')}`,
    }
  } finally {
    await browser.close()
    // Chromium's helper processes may still be writing to the profile as it exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  }
}

async function measure(url: string, runs: number, slowdown: number) {
  const results: Measured[] = []
  for (let run = 0; run < runs; run++) results.push(await measureOnce(url, slowdown))
  const worst = results.reduce((a, b) => (b.own > a.own ? b : a))
  return {
    own: median(results.map((result) => result.own)),
    longest: median(results.map((result) => result.longest)),
    runs: (pick: (result: Measured) => number) =>
      results.map((result) => pick(result).toFixed(0)).join(', '),
    worst,
    count: results.length,
  }
}

/**
 * A blank document and the floor page (when given) first, for what the browser and the stack spend
 * without us; then Lighthouse's pages (home, a category, a product), each against the budget by the
 * page's own longest task.
 */
export async function run({
  baseUrl,
  floorUrl,
  runs = 5,
  cpuSlowdown,
}: {
  baseUrl: string
  floorUrl?: string
  runs?: number
  /** The CPU slowdown (support/cpu-slowdown.ts). */
  cpuSlowdown: number
}): Promise<Figure[]> {
  const figures: Figure[] = []
  const blank = await serveBlankDocument()
  const references: Array<[string, string | undefined]> = [
    ['Blank HTML document', blank.url],
    ['Floor page', floorUrl ? `${floorUrl}/` : undefined],
  ]
  try {
    for (const [name, url] of references) {
      if (!url) continue
      const measured = await measure(url, runs, cpuSlowdown)
      figures.push({
        group: GROUP,
        name: `${name}: its own longest main-thread task, first 11 s`,
        value: measured.own,
        unit: 'ms',
        note: `median of ${measured.count} first visits (${measured.runs((r) => r.own)}); the browser's longest task ${measured.longest.toFixed(0)} ms (${measured.runs((r) => r.longest)})`,
      })
    }
  } finally {
    await blank.stop()
  }
  for (const [label, path] of ourPages) {
    const measured = await measure(`${baseUrl}${path}`, runs, cpuSlowdown)
    figures.push({
      group: GROUP,
      name: `Own longest main-thread task, first 11 s, ${cpuSlowdown}× CPU + Slow 4G (${path})`,
      value: measured.own,
      unit: 'ms',
      budget: 50,
      note: `${label}: median of ${measured.count} first visits (${measured.runs((r) => r.own)}); longest ${measured.worst.what}; the browser's longest task ${measured.longest.toFixed(0)} ms (${measured.runs((r) => r.longest)})`,
    })
  }
  return figures
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, floorUrl] = process.argv.slice(2)
  if (!baseUrl) throw new Error('Usage: tsx tests/bench/long-tasks.ts <base URL> [floor URL]')
  for (const figure of await run({ baseUrl, floorUrl, cpuSlowdown: DEFAULT_SLOWDOWN }))
    console.info(figure)
}
