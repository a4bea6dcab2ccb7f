import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { ensureChromium } from '../tools/ensure-chromium'
import { calibratedSlowdown, DEFAULT_SLOWDOWN, type Cpu } from './support/cpu-slowdown'
import { withVerdict, type Figure } from './support/figure'
import { startServer } from './support/server-process'

/**
 * `npm run bench`: every performance figure of shared/guides/performance.md beside its budget, printed as a
 * table and written to bench-results/bench.json. Heavy parts can be skipped: `npm run bench -- --skip
 * lighthouse,offline` or run some only: `--only bundle,backend` (parts: bundle, search, lighthouse,
 * long-tasks, interactions, offline, backend, engines, assistant, realtime, pictures). The lighthouse part measures the
 * floor page (tests/bench/floor/) beside our pages. The parts that slow the CPU do it 4× (Lighthouse's
 * default) unless `--cpu=<multiplier|calibrated>` says otherwise. `--quick` takes fewer samples.
 */
const PART_NAMES = [
  'bundle',
  'search',
  'lighthouse',
  'long-tasks',
  'interactions',
  'offline',
  'backend',
  'engines',
  'assistant',
  'realtime',
  'pictures',
]
const args = process.argv.slice(2)
/** `--skip a,b` or `--skip=a,b`. */
function listOption(name: string): string[] {
  const values: string[] = []
  args.forEach((arg, i) => {
    if (arg === name) values.push(args[i + 1] ?? '')
    else if (arg.startsWith(`${name}=`)) values.push(arg.slice(name.length + 1))
  })
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)
}
const skip = new Set(listOption('--skip'))
const only = new Set(listOption('--only'))
for (const name of [...skip, ...only]) {
  if (!PART_NAMES.includes(name)) {
    console.error(`Unknown part "${name}"; the parts are ${PART_NAMES.join(', ')}.`)
    process.exit(2)
  }
}
const quick = args.includes('--quick')
/**
 * `--cpu=<multiplier|calibrated>`: the CPU slowdown of the parts that slow the CPU (lighthouse, long-tasks,
 * interactions, offline); Lighthouse's 4× by default (see support/cpu-slowdown.ts).
 */
const cpuOption = ((): number | 'calibrated' | undefined => {
  const [value] = listOption('--cpu')
  if (value === undefined || value === 'calibrated') return value
  const multiplier = Number(value)
  if (!(multiplier >= 1)) {
    console.error(`--cpu takes a multiplier of 1 or more, or "calibrated"; got "${value}".`)
    process.exit(2)
  }
  return multiplier
})()
/** The parts that slow a real CPU (Chromium's throttling), beside Lighthouse (which simulates it). */
const THROTTLED_PARTS = ['long-tasks', 'interactions', 'offline']
const chosen = (name: string) => !skip.has(name) && (only.size === 0 || only.has(name))
/** The parts that drive a browser: on a fresh machine Debian's Chromium is installed first. */
const BROWSER_PARTS = ['lighthouse', 'long-tasks', 'interactions', 'offline', 'pictures']

/** A part of the bench: `cpu` is the slowdown for those that slow the CPU. */
type Part = { name: string; run: (cpu: Cpu) => Promise<Figure[]> }

async function optionalModule(
  path: string,
): Promise<{ run: (o?: unknown) => Promise<Figure[]> } | null> {
  if (!existsSync(new URL(path, import.meta.url))) return null
  return (await import(path)) as { run: (o?: unknown) => Promise<Figure[]> }
}

/**
 * Brings dist/ up to date the way `npm start` does (it builds when the sources changed and records what
 * it built), so no later server start in this run builds again and counts the build as start-up time.
 */
async function ensureBuild() {
  console.info('Checking the build (npm start builds a stale dist/)…')
  const started = performance.now()
  const server = await startServer()
  await server.stop()
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.info(
    server.buildSeconds
      ? `  built in ${server.buildSeconds.toFixed(1)} s (ready in ${seconds} s)`
      : `  up to date (${seconds} s)`,
  )
}

/** Our server (idle) and the floor page (tests/bench/floor/), up while `measure` runs. */
async function besideTheFloor(
  measure: (baseUrl: string, floorUrl: string) => Promise<Figure[]>,
): Promise<Figure[]> {
  const floor = await (await import('./floor')).startFloorPage()
  const server = await startServer()
  try {
    await server.idle()
    return await measure(server.url, floor.url)
  } finally {
    await server.stop()
    await floor.stop()
  }
}

const parts: Part[] = [
  { name: 'bundle', run: async () => (await import('./bundle')).run() },
  {
    name: 'search',
    run: async () => (await optionalModule('./search.ts'))?.run({ quick }) ?? [],
  },
  {
    name: 'lighthouse',
    run: (cpu) =>
      besideTheFloor(async (baseUrl, floorUrl) =>
        (await import('./lighthouse')).run({ baseUrl, floorUrl, runs: quick ? 1 : 5, cpu }),
      ),
  },
  {
    name: 'long-tasks',
    run: (cpu) =>
      besideTheFloor(async (baseUrl, floorUrl) =>
        (await import('./long-tasks')).run({
          baseUrl,
          floorUrl,
          runs: quick ? 1 : 5,
          cpuSlowdown: cpu.slowdown,
        }),
      ),
  },
  {
    name: 'interactions',
    run: async (cpu) => (await import('./interactions')).run({ quick, cpuSlowdown: cpu.slowdown }),
  },
  {
    name: 'offline',
    run: async (cpu) =>
      (await optionalModule('./offline.ts'))?.run({ quick, cpuSlowdown: cpu.slowdown }) ?? [],
  },
  { name: 'backend', run: async () => (await import('./backend')).run({ quick }) },
  // PGlite and PostgreSQL (DATABASE_URL) side by side.
  { name: 'engines', run: async () => (await import('./engines')).run({ quick }) },
  {
    name: 'assistant',
    run: async () => (await optionalModule('./assistant.ts'))?.run({ quick }) ?? [],
  },
  { name: 'realtime', run: async () => (await import('./realtime')).run({ quick }) },
  { name: 'pictures', run: async () => (await import('./pictures')).run() },
]

function format(value: number | null): string {
  if (value === null || Number.isNaN(value)) return '—'
  if (Math.abs(value) >= 100) return value.toFixed(0)
  if (Math.abs(value) >= 10) return value.toFixed(1)
  return value.toFixed(2)
}

/**
 * The slowdown `--cpu` asks for. Calibrated, the parts that slow a real CPU take it from one reading of
 * the machine before they run; Lighthouse calibrates each of its runs itself.
 */
async function cpuSlowdown(): Promise<Cpu> {
  if (cpuOption !== 'calibrated') return { slowdown: cpuOption ?? DEFAULT_SLOWDOWN }
  if (!THROTTLED_PARTS.some(chosen)) return { slowdown: DEFAULT_SLOWDOWN, calibrated: true }
  const calibratedFrom = await (await import('./support/lighthouse-run')).probeBenchmarkIndex()
  const slowdown = calibratedSlowdown(calibratedFrom)
  console.info(
    `CPU slowdown of long-tasks, interactions and offline: ${slowdown}× (Lighthouse's benchmark index here ${calibratedFrom.toFixed(0)})`,
  )
  return { slowdown, calibrated: true, calibratedFrom }
}

/** The machine is shared: the load beside each run says how far its timings can be trusted. */
const load = () => loadavg()[0]!.toFixed(1)

async function main() {
  const loadAtStart = load()
  if (BROWSER_PARTS.some(chosen)) ensureChromium()
  await ensureBuild()
  const cpu = await cpuSlowdown()
  const figures: Array<Figure & { pass: boolean | null }> = []
  const errors: string[] = []
  for (const part of parts) {
    if (!chosen(part.name)) continue
    console.info(`▶ ${part.name}`)
    try {
      const started = performance.now()
      const result = await part.run(cpu)
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
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        machine: {
          cpus: cpus().length,
          loadAverageAtStart: Number(loadAtStart),
          loadAverageAtEnd: Number(load()),
          // Calibrated, Lighthouse's runs each have their own (in their figures' names); the one here is
          // the other parts', and there is none when none of them ran.
          ...(cpu.calibrated && cpu.calibratedFrom === undefined
            ? {}
            : { cpuSlowdown: cpu.slowdown }),
          ...(cpu.calibrated ? { cpuCalibrated: true } : {}),
          ...(cpu.calibratedFrom === undefined ? {} : { benchmarkIndex: cpu.calibratedFrom }),
        },
        figures,
        errors,
      },
      null,
      2,
    ),
  )
  const over = figures.filter((f) => f.pass === false).length
  console.info(`\n${figures.length} figures, ${over} over budget, ${errors.length} parts failed`)
  console.info(
    `Load average ${loadAtStart} at the start, ${load()} at the end, on ${cpus().length} CPUs: a load above ${cpus().length} inflates the timings`,
  )
  console.info('Written to bench-results/bench.json')
  if (errors.length) process.exitCode = 1
}

await main()
