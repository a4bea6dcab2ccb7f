import { register } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { SearchEngine } from '../../src/features/search/engine/search-engine'
import type { SearchableBrand, SearchableProduct } from '../../src/features/search/engine/types'

/**
 * Local search against its budgets (performance.md): per-keystroke p50/p95 at 1k / 10k / 50k products, and
 * how long index building holds the thread it runs on. Catalogues are generated deterministically from
 * the seed catalogue's own words (names, brands, categories, description sentences, colours).
 *
 * Run alone: `node_modules/.bin/tsx tests/bench/search.ts` (add `--quick` for fewer rounds).
 */

export interface SearchFigure {
  group: string
  name: string
  value: number
  unit: string
  budget?: number
  pass?: boolean
  note?: string
}

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The engine imports the app's `@/` and `@shared/` aliases; tsx only knows them from a tsconfig it does
 * not read here, so map them with a resolve hook before the first engine import.
 */
let aliasesRegistered = false
function registerAliases() {
  if (aliasesRegistered) return
  aliasesRegistered = true
  const hook = `
    import { existsSync } from 'node:fs'
    import { pathToFileURL } from 'node:url'
    const roots = [['@/', ${JSON.stringify(`${root}src/`)}], ['@shared/', ${JSON.stringify(`${root}supabase/functions/_shared/`)}]]
    export async function resolve(specifier, context, next) {
      for (const [prefix, dir] of roots) {
        if (!specifier.startsWith(prefix)) continue
        const base = dir + specifier.slice(prefix.length)
        for (const file of [base + '.ts', base + '.tsx', base + '/index.ts', base]) {
          if (existsSync(file)) return next(pathToFileURL(file).href, context)
        }
      }
      return next(specifier, context)
    }`
  register(`data:text/javascript,${encodeURIComponent(hook)}`, pathToFileURL(root))
}

// Type-only imports are erased, so they need no alias resolution.
type Engine = SearchEngine
type Product = SearchableProduct
type Brand = SearchableBrand

/** Mulberry32: a tiny seeded generator, so every run searches the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Kenyan places used as collection names, so generated names are not all alike. */
const collections = [
  'Lamu',
  'Malindi',
  'Naivasha',
  'Nanyuki',
  'Kilifi',
  'Diani',
  'Watamu',
  'Amboseli',
  'Turkana',
  'Samburu',
  'Kericho',
  'Eldoret',
  'Nyeri',
  'Kisumu',
  'Tsavo',
  'Laikipia',
  'Karen',
  'Gigiri',
  'Westlands',
  'Kilimani',
  'Lavington',
  'Runda',
  'Muthaiga',
  'Limuru',
  'Machakos',
  'Voi',
]

async function vocabulary() {
  const seed = await import('../../supabase/seed/catalogue')
  const sentences = seed.products.flatMap((product) =>
    product.description
      .split(/(?<=\.)\s+/)
      .map((sentence) => sentence.trim())
      .filter(Boolean),
  )
  const brands: Brand[] = seed.watchBrands.map((brand) => ({
    id: String(brand.id),
    slug: brand.slug,
    name: brand.name,
    kind: brand.kind,
    category: brand.category,
    description: brand.description,
    country: brand.country,
    logo: brand.logo,
  }))
  return { products: seed.products, sentences, brands }
}

export function generateCatalogue(
  size: number,
  source: Awaited<ReturnType<typeof vocabulary>>,
): Product[] {
  const next = random(size)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const products: Product[] = []
  for (let i = 0; i < size; i++) {
    const base = source.products[i % source.products.length]!
    const colour = pick(base.colors)
    const brand = next() < 0.7 ? (base.brand ?? '') : (pick(source.products).brand ?? '')
    const name = next() < 0.5 ? `${colour} ${base.name}` : `${base.name} ${pick(collections)}`
    products.push({
      id: `${base.id}-${i}`,
      name,
      category: base.category,
      subcategory: base.subcategory,
      brand,
      description: `${pick(source.sentences)} ${pick(source.sentences)}`,
      price: Math.round(base.price * (0.8 + next() * 0.4)),
      discount: pick([0, 0, 0, 10, 15, 20, 30]),
      image: base.images[0] ?? null,
    })
  }
  return products
}

/** What a shopper types, one keystroke at a time: every prefix of each phrase is a query. */
const typed = [
  'sneakers',
  'silk dress',
  'leather handbag',
  'gold ring',
  'rolx',
  'snekers',
  'handbg',
  'viatu',
  'kitenge',
  'apple watch',
  'men shirt',
  'a',
]

function keystrokes(): string[] {
  return typed.flatMap((phrase) =>
    Array.from({ length: phrase.length }, (_, i) => phrase.slice(0, i + 1)),
  )
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]!
}

/** Products per build step on the main thread, and per message to the worker. */
const mainThreadChunk = 200
const workerChunk = 1000

/** Builds in chunks as the app does, timing each: the longest chunk is what a thread is held for. */
function build(createSearchEngine: () => Engine, products: Product[], brands: Brand[]) {
  const engine = createSearchEngine()
  let longest = 0
  const started = performance.now()
  engine.setBrands(brands)
  for (let from = 0; from < products.length; from += mainThreadChunk) {
    const chunkStarted = performance.now()
    engine.addProducts(products.slice(from, from + mainThreadChunk))
    longest = Math.max(longest, performance.now() - chunkStarted)
  }
  return { engine, total: performance.now() - started, longest }
}

/** Structured cloning is what posting a chunk to the worker costs the main thread. */
function longestClone(products: Product[]): number {
  let longest = 0
  for (let from = 0; from < products.length; from += workerChunk) {
    const chunk = products.slice(from, from + workerChunk)
    const started = performance.now()
    structuredClone(chunk)
    longest = Math.max(longest, performance.now() - started)
  }
  return longest
}

const budgets: Record<number, number> = { 1000: 2, 10000: 4, 50000: 8 }
/** Catalogues from this size on are searched in a Web Worker (src/features/search/search-service.ts). */
const workerThreshold = 5000

export async function run(options: { quick?: boolean } = {}): Promise<SearchFigure[]> {
  registerAliases()
  const { createSearchEngine } = await import('../../src/features/search/engine/search-engine')
  const source = await vocabulary()
  const queries = keystrokes()
  const figures: SearchFigure[] = []
  for (const size of [1000, 10000, 50000]) {
    const products = generateCatalogue(size, source)
    const label = `${size / 1000}k products`
    const { engine, total, longest } = build(createSearchEngine, products, source.brands)
    const rounds = options.quick ? 5 : Math.max(9, Math.round(300_000 / size))
    for (let warm = 0; warm < 3; warm++) for (const query of queries) engine.search(query)
    // Each keystroke's time is the median of its repetitions: on this shared machine a single run is often
    // preempted by other processes, which says nothing about the search. The percentiles are then taken
    // over the keystrokes, so slow queries still count in the p95.
    const samples = queries.map(() => [] as number[])
    for (let round = 0; round < rounds; round++) {
      queries.forEach((query, index) => {
        const started = performance.now()
        engine.search(query)
        samples[index]!.push(performance.now() - started)
      })
    }
    const timings = samples.map((times) => percentile(times, 50))
    if (process.env.SEARCH_BENCH_SLOWEST) {
      const slowest = queries
        .map((query, index) => [query, timings[index]!] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
      console.info(label, slowest.map(([query, ms]) => `${query}=${ms.toFixed(2)}`).join(' '))
    }
    const p95 = percentile(timings, 95)
    figures.push(
      {
        group: 'search',
        name: `per keystroke p50, ${label}`,
        value: percentile(timings, 50),
        unit: 'ms',
      },
      {
        group: 'search',
        name: `per keystroke p95, ${label}`,
        value: p95,
        unit: 'ms',
        budget: budgets[size],
        pass: p95 <= budgets[size]!,
        note: `${timings.length} keystrokes × ${rounds} runs, median per keystroke`,
      },
      {
        group: 'search',
        name: `index build total, ${label}`,
        value: total,
        unit: 'ms',
        note: size >= workerThreshold ? 'in the search worker' : 'on the main thread, in chunks',
      },
    )
    const blocking = size >= workerThreshold ? longestClone(products) : longest
    figures.push({
      group: 'search',
      name: `main thread held by index build, ${label}`,
      value: blocking,
      unit: 'ms',
      budget: 50,
      pass: blocking <= 50,
      note:
        size >= workerThreshold
          ? `longest chunk post to the worker (${workerChunk} products)`
          : `longest build chunk (${mainThreadChunk} products)`,
    })
  }
  return figures
}

function printTable(figures: SearchFigure[]) {
  const rows = figures.map((figure) => [
    figure.name,
    `${figure.value.toFixed(2)} ${figure.unit}`,
    figure.budget === undefined ? '' : `≤ ${figure.budget} ${figure.unit}`,
    figure.pass === undefined ? '' : figure.pass ? 'pass' : 'FAIL',
    figure.note ?? '',
  ])
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  for (const row of rows) console.info(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await run({ quick: process.argv.includes('--quick') })
  printTable(figures)
}
