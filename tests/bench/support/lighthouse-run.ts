import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Launcher } from 'chrome-launcher'
import { chromiumArgs, withoutDesktopUi } from '../../support/chromium-args'
import { serveBlankDocument } from './blank-document'
import { calibratedSlowdown, DEFAULT_SLOWDOWN } from './cpu-slowdown'
import { median } from './figure'
import { mainThreadWork, type TraceEvent } from './trace-events'

/**
 * One Lighthouse 12.8.2 run with its mobile defaults (Slow 4G; 4× CPU unless told otherwise), read
 * back: its report, and what the page's main thread did by its own CPU time. Lighthouse wipes service
 * workers before each run, so each is a first visit. The lighthouse part (../lighthouse.ts) runs pages
 * in turn with it; `npm run bench -- --cpu=calibrated` reads the machine with probeBenchmarkIndex.
 */

/** The Chromium switches of every Lighthouse run: a headless browser, nothing of its own on the network. */
const chromeFlags = [
  // chrome-launcher's own switches come first, and Chromium keeps only the last --disable-features.
  withoutDesktopUi(Launcher.defaultFlags()),
  '--headless=new',
  ...chromiumArgs.filter((flag) => flag !== '--headless'),
].join(' ')

export interface LighthouseResult {
  categories: { performance: { score: number | null } }
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } }
  /** `benchmarkIndex`: Lighthouse's reading of this machine's CPU speed, taken at each run. */
  environment?: { benchmarkIndex?: number }
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: Array<{ url?: string; duration?: number }> } }
  >
  runtimeError?: { code: string; message: string }
}

/** A run's report, and what the page's main thread did in it by its own CPU time (see mainThreadWork). */
export interface Run extends LighthouseResult {
  longestTaskCpu: number
  mainThreadCpu: number
}

/** `CHROME_PATH` as Lighthouse itself reads it, else the system Chromium. */
const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/**
 * Lighthouse as a child process awaited without blocking: the floor page is served from this very
 * process, and a synchronous spawn would leave it unanswered until the run timed out.
 */
function lighthouse(url: string, args: readonly string[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    execFile(
      'node_modules/.bin/lighthouse',
      // The address first: an option that takes a list (--only-categories) would take it as an item.
      [url, '--quiet', '--output=json', '--only-categories=performance', ...args],
      {
        env: { ...process.env, CHROME_PATH: chromePath },
        encoding: 'utf8',
        timeout: 240_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, _stdout, stderr) => {
        if (!error) resolve()
        else if (typeof error.code === 'number')
          reject(new Error(`lighthouse exited ${error.code}: ${stderr.trim().slice(-500)}`))
        else reject(new Error(`lighthouse did not run: ${error.message}`))
      },
    )
  })
}

function readReport(path: string): LighthouseResult {
  const report = JSON.parse(readFileSync(path, 'utf8')) as LighthouseResult
  if (report.runtimeError)
    throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`)
  if (report.categories.performance.score === null) throw new Error('no performance score')
  return report
}

/**
 * Scores a run again from its saved artifacts at the slowdown of the benchmark index Lighthouse read at
 * its start. Lighthouse simulates the slowdown (it scales the durations the trace observed), so the
 * gathering does not depend on it; it refuses an audit whose settings differ from the gathering's, so
 * the saved settings are given the new slowdown first.
 */
async function calibrate(
  url: string,
  gathered: LighthouseResult,
  artifacts: string,
  extraArgs: readonly string[],
  output: string,
): Promise<LighthouseResult> {
  const index = gathered.environment?.benchmarkIndex
  if (!index) throw new Error('Lighthouse gave no benchmark index to calibrate the run to')
  const slowdown = calibratedSlowdown(index)
  const saved = join(artifacts, 'artifacts.json')
  const artifactsJson = JSON.parse(readFileSync(saved, 'utf8')) as {
    settings: { throttling: { cpuSlowdownMultiplier: number } }
  }
  artifactsJson.settings.throttling.cpuSlowdownMultiplier = slowdown
  writeFileSync(saved, JSON.stringify(artifactsJson))
  await lighthouse(url, [
    `--output-path=${output}`,
    `-A=${artifacts}`,
    `--throttling.cpuSlowdownMultiplier=${slowdown}`,
    ...extraArgs,
  ])
  return readReport(output)
}

/**
 * One Lighthouse run of `url`, scored at the CPU slowdown `cpu`, or `'calibrated'`: at the slowdown of
 * the benchmark index Lighthouse read at the run's own start (cpu-slowdown.ts). `extraArgs` are
 * Lighthouse's other settings (`--blocked-url-patterns`).
 */
export async function runOnce(
  url: string,
  cpu: number | 'calibrated' = DEFAULT_SLOWDOWN,
  extraArgs: readonly string[] = [],
): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'luxe-lh-'))
  const output = join(dir, 'report.json')
  const artifacts = join(dir, 'artifacts')
  try {
    await lighthouse(url, [
      `--output-path=${output}`,
      // Also keeps the run's trace, read below.
      `-GA=${artifacts}`,
      `--chrome-flags=${chromeFlags}`,
      // Calibrated, the run is gathered as by default and scored again at its own slowdown.
      ...(cpu === 'calibrated' || cpu === DEFAULT_SLOWDOWN
        ? []
        : [`--throttling.cpuSlowdownMultiplier=${cpu}`]),
      ...extraArgs,
    ])
    const gathered = readReport(output)
    const report =
      cpu === 'calibrated'
        ? await calibrate(url, gathered, artifacts, extraArgs, join(dir, 'calibrated.json'))
        : gathered
    const trace = JSON.parse(readFileSync(join(artifacts, 'defaultPass.trace.json'), 'utf8')) as {
      traceEvents: TraceEvent[]
    }
    const slowdown = report.configSettings?.throttling?.cpuSlowdownMultiplier ?? DEFAULT_SLOWDOWN
    return { ...report, ...mainThreadWork(trace.traceEvents, url, slowdown) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * This machine's benchmark index as Lighthouse reads it: the median of three Lighthouse runs of a blank
 * document (one reading strays by 10-20 % from the next here).
 */
export async function probeBenchmarkIndex(): Promise<number> {
  const blank = await serveBlankDocument()
  try {
    const readings: number[] = []
    for (let i = 0; i < 3; i++) {
      const reading = (await runOnce(blank.url)).environment?.benchmarkIndex
      if (reading) readings.push(reading)
    }
    if (readings.length === 0)
      throw new Error('Lighthouse gave no benchmark index to calibrate from')
    return median(readings)
  } finally {
    await blank.stop()
  }
}
