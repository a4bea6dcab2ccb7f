import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { median, type Figure } from './support/figure'

/**
 * Lighthouse 12.8.2 with its mobile defaults (Slow 4G, 4× CPU), median of several runs per page.
 * Lighthouse wipes service workers before each run, so this is always a first visit.
 */
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ')

interface LighthouseResult {
  categories: { performance: { score: number | null } }
  audits: Record<string, { numericValue?: number }>
  runtimeError?: { code: string; message: string }
}

/** `CHROME_PATH` as Lighthouse itself reads it, else the system Chromium. */
const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'

function runOnce(url: string): LighthouseResult {
  const dir = mkdtempSync(join(tmpdir(), 'luxe-lh-'))
  const output = join(dir, 'report.json')
  try {
    const result = spawnSync(
      'node_modules/.bin/lighthouse',
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--only-categories=performance',
        `--chrome-flags=${chromeFlags}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: chromePath },
        encoding: 'utf8',
        timeout: 240_000,
      },
    )
    if (result.error) throw new Error(`lighthouse did not run: ${result.error.message}`)
    if (result.status !== 0) {
      throw new Error(`lighthouse exited ${result.status}: ${result.stderr.trim().slice(-500)}`)
    }
    const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult
    if (report.runtimeError)
      throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`)
    if (report.categories.performance.score === null) throw new Error('no performance score')
    return report
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function run(options: { baseUrl: string; runs?: number }): Promise<Figure[]> {
  const runs = options.runs ?? 5
  const pages: Array<[string, string]> = [
    ['home', '/'],
    ['category', '/women'],
    ['product', '/product/dress-001'],
  ]
  const figures: Figure[] = []
  for (const [label, path] of pages) {
    const results: LighthouseResult[] = []
    const failures: string[] = []
    // A run that fails (a busy machine, a Chrome hiccup) is tried once more; the median uses the rest.
    for (let i = 0; i < runs; i++) {
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          results.push(runOnce(`${options.baseUrl}${path}`))
          break
        } catch (error) {
          if (attempt === 2) failures.push((error as Error).message)
        }
      }
    }
    if (results.length === 0) {
      throw new Error(`every Lighthouse run of ${path} failed: ${failures[0] ?? 'unknown error'}`)
    }
    const note = `median of ${results.length} run${results.length === 1 ? '' : 's'}${
      failures.length ? `, ${failures.length} failed (${failures[0]!.slice(0, 80)})` : ''
    }`
    const score = median(results.map((r) => (r.categories.performance.score ?? 0) * 100))
    const lcp = median(
      results.map((r) => r.audits['largest-contentful-paint']?.numericValue ?? NaN),
    )
    const tbt = median(results.map((r) => r.audits['total-blocking-time']?.numericValue ?? NaN))
    const cls = median(results.map((r) => r.audits['cumulative-layout-shift']?.numericValue ?? NaN))
    const group = `lighthouse ${label}`
    figures.push(
      {
        group,
        name: `Performance score (${path})`,
        value: score,
        unit: '',
        budget: 95,
        better: 'higher',
        note,
      },
      { group, name: 'LCP', value: lcp / 1000, unit: 's', budget: 2.0 },
      { group, name: 'TBT', value: tbt, unit: 'ms' },
      { group, name: 'CLS', value: cls, unit: '', budget: 0.05 },
    )
  }
  return figures
}
