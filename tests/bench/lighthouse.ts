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
  categories: { performance: { score: number } }
  audits: Record<string, { numericValue?: number }>
}

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
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        encoding: 'utf8',
        timeout: 180_000,
      },
    )
    if (result.status !== 0) throw new Error(`lighthouse failed: ${result.stderr.slice(-2000)}`)
    return JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult
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
    const results = Array.from({ length: runs }, () => runOnce(`${options.baseUrl}${path}`))
    const score = median(results.map((r) => r.categories.performance.score * 100))
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
      },
      { group, name: 'LCP', value: lcp / 1000, unit: 's', budget: 2.0 },
      { group, name: 'TBT', value: tbt, unit: 'ms' },
      { group, name: 'CLS', value: cls, unit: '', budget: 0.05 },
    )
  }
  return figures
}
