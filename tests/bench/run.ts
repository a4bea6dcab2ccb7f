import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { withVerdict, type Figure } from './support/figure'
import { startServer } from './support/server-process'

/**
 * `npm run bench`: every performance figure of shared/guides/performance.md beside its budget, printed as a
 * table and written to bench-results/bench.json. Heavy parts can be skipped: `npm run bench -- --skip
 * lighthouse,offline` (parts: bundle, search, lighthouse, offline, backend, assistant).
 */
const args = process.argv.slice(2)
const skipIndex = args.indexOf('--skip')
const skip = new Set(skipIndex >= 0 ? (args[skipIndex + 1] ?? '').split(',') : [])
const quick = args.includes('--quick')

type Part = { name: string; run: () => Promise<Figure[]> }

async function optionalModule(
  path: string,
): Promise<{ run: (o?: unknown) => Promise<Figure[]> } | null> {
  if (!existsSync(new URL(path, import.meta.url))) return null
  return (await import(path)) as { run: (o?: unknown) => Promise<Figure[]> }
}

function ensureBuild() {
  console.info('Building the app (vite build)…')
  const result = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('vite build failed')
}

const parts: Part[] = [
  { name: 'bundle', run: async () => (await import('./bundle')).run() },
  {
    name: 'search',
    run: async () => (await optionalModule('./search.ts'))?.run({ quick }) ?? [],
  },
  {
    name: 'lighthouse',
    run: async () => {
      const server = await startServer()
      try {
        return await (
          await import('./lighthouse')
        ).run({ baseUrl: server.url, runs: quick ? 1 : 5 })
      } finally {
        await server.stop()
      }
    },
  },
  {
    name: 'offline',
    run: async () => (await optionalModule('./offline.ts'))?.run({ quick }) ?? [],
  },
  { name: 'backend', run: async () => (await import('./backend')).run() },
  {
    name: 'assistant',
    run: async () => (await optionalModule('./assistant.ts'))?.run({ quick }) ?? [],
  },
]

function format(value: number | null): string {
  if (value === null || Number.isNaN(value)) return '—'
  if (Math.abs(value) >= 100) return value.toFixed(0)
  if (Math.abs(value) >= 10) return value.toFixed(1)
  return value.toFixed(2)
}

async function main() {
  ensureBuild()
  const figures: Array<Figure & { pass: boolean | null }> = []
  const errors: string[] = []
  for (const part of parts) {
    if (skip.has(part.name)) continue
    console.info(`▶ ${part.name}`)
    try {
      const started = performance.now()
      const result = await part.run()
      figures.push(...result.map(withVerdict))
      console.info(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    } catch (error) {
      errors.push(`${part.name}: ${(error as Error).message}`)
      console.error(`  ${part.name} failed: ${(error as Error).message}`)
    }
  }
  const rows = figures.map((f) => [
    f.group,
    f.name,
    `${format(f.value)} ${f.unit}`.trim(),
    f.budget === undefined
      ? ''
      : `${f.better === 'higher' ? '≥' : '≤'} ${f.budget} ${f.unit}`.trim(),
    f.pass === null ? '' : f.pass ? 'ok' : 'OVER',
    f.note ?? '',
  ])
  const header = ['group', 'figure', 'measured', 'budget', '', 'note']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')
  console.info(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`)
  rows.forEach((row) => console.info(line(row)))
  mkdirSync('bench-results', { recursive: true })
  writeFileSync(
    'bench-results/bench.json',
    JSON.stringify({ measuredAt: new Date().toISOString(), figures, errors }, null, 2),
  )
  const over = figures.filter((f) => f.pass === false).length
  console.info(`\n${figures.length} figures, ${over} over budget, ${errors.length} parts failed`)
  console.info('Written to bench-results/bench.json')
  if (errors.length) process.exitCode = 1
}

await main()
