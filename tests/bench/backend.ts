import { readdirSync, readFileSync } from 'node:fs'
import { Agent } from 'node:http'
import {
  anonHeaders as headers,
  CATALOGUE,
  catalogueLatency,
  get as getWith,
  raiseGuestAllowances,
  readFigures,
  serviceHeaders,
  timed,
} from './support/catalogue-reads'
import { percentile, median, type Figure } from './support/figure'
import { startServer, type RunningServer } from './support/server-process'

/**
 * The embedded backend under load on loopback: cold start (fresh and existing data directory), catalogue
 * reads at 20 concurrent clients (and, for comparison, PostgREST's ordinary uncached path), the catalogue's
 * size on the wire and a revalidation, sign-in and order-placement throughput, and peak memory.
 */
/** Descriptions, tags, specifications and brand stories: the app reads them after the first render. */
const CATALOGUE_DETAILS = '/rest/v1/rpc/catalogue_details'
/** Keep-alive connections, as a browser keeps them; replaced per run. */
let agent = new Agent({ keepAlive: true })
const get = (url: string, extra: Record<string, string> = {}) => getWith(agent, url, extra)

/** Peak resident memory (VmHWM) of the server: the largest node process under the tsx launcher. */
function peakMemoryMiB(port: number): number | null {
  let best: number | null = null
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8')
      if (!cmdline.includes('supabase/local/start.ts') || !environ.includes(`PORT=${port}\0`))
        continue
      const status = readFileSync(`/proc/${pid}/status`, 'utf8')
      const match = /VmHWM:\s+(\d+) kB/.exec(status)
      if (match) best = Math.max(best ?? 0, Number(match[1]) / 1024)
    } catch {
      // process gone or not ours
    }
  }
  return best
}

/** A body's size plain, gzipped, and brotli at its best (made a moment after the first read). */
async function encodedSizes(url: string) {
  const identity = await get(url, { 'accept-encoding': 'identity' })
  const gzip = await get(url, { 'accept-encoding': 'gzip' })
  // Give the background best-quality brotli its moment, as a shopper arriving later would get it.
  let br = await get(url, { 'accept-encoding': 'br, gzip' })
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const next = await get(url, { 'accept-encoding': 'br, gzip' })
    if (next.bytes < br.bytes) {
      br = next
      break
    }
  }
  return { identity, gzip, br }
}

async function cataloguePayload(server: RunningServer) {
  const url = `${server.url}${CATALOGUE}`
  const countRes = await fetch(`${server.url}/rest/v1/products?select=id&active=eq.true`, {
    headers: { ...headers, prefer: 'count=exact', range: '0-0' },
  })
  await countRes.arrayBuffer()
  const products = Number(countRes.headers.get('content-range')?.split('/')[1] ?? NaN)
  const { identity, gzip, br } = await encodedSizes(url)
  const details = await encodedSizes(`${server.url}${CATALOGUE_DETAILS}`)
  const etag = String(identity.headers.etag ?? '')
  const revalidations: number[] = []
  let notModified = 0
  for (let i = 0; i < 50; i++) {
    const [ms, res] = await timed(() => get(url, { 'if-none-match': etag }))
    revalidations.push(ms)
    if (res.status === 304 && res.bytes === 0) notModified++
  }
  return { products, identity, gzip, br, details, etag, revalidations, notModified }
}

/** Sets `active` on the given products (service role), checking that each one changed. */
async function setActive(server: RunningServer, ids: string[], active: boolean) {
  const list = ids.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')
  const response = await fetch(
    `${server.url}/rest/v1/products?id=in.(${encodeURIComponent(list)})`,
    {
      method: 'PATCH',
      headers: { ...serviceHeaders, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({ active }),
    },
  )
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`Could not set active=${active}: ${response.status}`)
}

/**
 * What each product adds to the list, measured on the endpoint itself: the list's size with every
 * other product taken off sale a moment (in the bench's own data directory), then put back. The
 * difference, per product taken off, is what the next product costs; it is what a shop of 1,000 products
 * adds to the store-wide parts (dictionaries, watch brands, versions), which a shop sends once whatever
 * its size. Scaling the whole list linearly would count those parts once per 241 products. The
 * difference between half and all of the list errs high: gzip does better on a longer list, and the
 * dictionaries shrink with half the products.
 */
async function catalogueGrowth(
  server: RunningServer,
  full: { products: number; gzip: number; br: number },
) {
  const listed = await fetch(`${server.url}/rest/v1/products?select=id&active=eq.true&order=id`, {
    headers: serviceHeaders,
  })
  const ids = ((await listed.json()) as { id: string }[]).map((row) => row.id)
  if (ids.length !== full.products) throw new Error('The catalogue changed while it was measured')
  const away = ids.filter((_, i) => i % 2 === 1)
  await setActive(server, away, false)
  try {
    const half = await encodedSizes(`${server.url}${CATALOGUE}`)
    const removed = away.length
    const perProduct = (all: number, some: number) => (all - some) / removed
    const at = (count: number, all: number, some: number) =>
      all + perProduct(all, some) * (count - full.products)
    return {
      gzipPerProduct: perProduct(full.gzip, half.gzip.bytes),
      brPerProduct: perProduct(full.br, half.br.bytes),
      gzipAt1000: at(1000, full.gzip, half.gzip.bytes),
      brAt1000: at(1000, full.br, half.br.bytes),
    }
  } finally {
    await setActive(server, away, true)
  }
}

async function signInThroughput(server: RunningServer, attempts: number) {
  let ok = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = 0; i < attempts / 4; i++) {
        const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'manager@luxekenya.test', password: 'local-dev-password' }),
        })
        await response.arrayBuffer()
        if (response.ok) ok++
      }
    }),
  )
  return { ok, perSecond: ok / ((performance.now() - started) / 1000) }
}

/**
 * Guest cash-on-delivery orders, one unit each, spread over the products with the most stock. Clothing,
 * shoes and kids' wear sell by size (a line needs one), so the orders take pieces sold whole; cash on
 * delivery takes orders up to KSh 50,000, so pieces up to 45,000.
 */
async function orderThroughput(server: RunningServer, orders: number) {
  await raiseGuestAllowances(server)
  const stocked = await fetch(
    `${server.url}/rest/v1/products?select=id,stock&active=eq.true&stock=gte.5&price=lte.45000&category=in.(bags,beauty,jewelry,accessories)&order=stock.desc&limit=20`,
    { headers },
  )
  const products = (await stocked.json()) as { id: string; stock: number }[]
  if (products.length === 0) throw new Error('No product in stock to order')
  let ok = 0
  const problems = new Map<string, number>()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: 4 }, async (_, worker) => {
      for (let i = 0; i < orders / 4; i++) {
        const product = products[(worker * 7 + i) % products.length]!.id
        const response = await fetch(`${server.url}/rest/v1/rpc/place_order`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            payload: {
              clientOrderId: crypto.randomUUID(),
              items: [{ productId: product, quantity: 1 }],
              contact: {
                name: 'Bench Shopper',
                email: `bench${worker}-${i}@example.com`,
                phone: '0712345678',
              },
              delivery: {
                method: 'delivery',
                county: 'Nairobi',
                town: 'Westlands',
                street: 'Ring Road',
              },
              paymentMethod: 'cod',
            },
          }),
        })
        const text = await response.text()
        if (response.ok) ok++
        else {
          const key = `${response.status} ${text.slice(0, 120)}`
          problems.set(key, (problems.get(key) ?? 0) + 1)
        }
      }
    }),
  )
  return { ok, perSecond: ok / ((performance.now() - started) / 1000), problems }
}

const kib = (bytes: number) => bytes / 1024

export async function run(options: { quick?: boolean } = {}): Promise<Figure[]> {
  const quick = options.quick ?? false
  agent = new Agent({ keepAlive: true })
  const figures: Figure[] = []
  const fresh = await startServer()
  figures.push({
    group: 'backend',
    name: 'Cold start, fresh data directory',
    value: fresh.startupMs / 1000,
    unit: 's',
    ...(fresh.buildSeconds ? { note: `after a ${fresh.buildSeconds.toFixed(0)} s build` } : {}),
  })
  try {
    // A fresh start compresses the app shell in the background.
    await fresh.idle()
    const catalogue = await catalogueLatency(fresh, 20, quick ? 15 : 50)
    figures.push(...readFigures('backend', '', 20, catalogue), {
      group: 'backend',
      name: 'Catalogue read, server CPU per read',
      value: catalogue.serverCpuMs,
      unit: 'ms',
      note: `client ${catalogue.clientCpuMs.toFixed(2)} ms; 20 clients on an idle machine ≈ 20 × the larger`,
    })
    // The same reads through PostgREST's ordinary path (a Prefer header keeps the cache out).
    const uncached = await catalogueLatency(fresh, 20, quick ? 2 : 5, {
      prefer: 'handling=lenient',
    })
    figures.push({
      group: 'backend',
      name: 'Catalogue read p50, uncached path (20 clients)',
      value: median(uncached.samples),
      unit: 'ms',
      note: `p99 ${percentile(uncached.samples, 99).toFixed(0)} ms, ${uncached.throughput.toFixed(0)} req/s (for comparison)`,
    })

    const payload = await cataloguePayload(fresh)
    const perThousand = (bytes: number) => kib(bytes) * (1000 / payload.products)
    const growth = await catalogueGrowth(fresh, {
      products: payload.products,
      gzip: payload.gzip.bytes,
      br: payload.br.bytes,
    })
    figures.push(
      {
        group: 'backend',
        name: 'Catalogue payload per 1,000 products (gzip)',
        value: kib(growth.gzipAt1000),
        unit: 'KiB',
        budget: 25,
        note: `the list (rpc/catalogue), read on every visit: ${kib(payload.gzip.bytes).toFixed(1)} KiB for ${payload.products} products (${kib(payload.identity.bytes).toFixed(0)} KiB raw), ${growth.gzipPerProduct.toFixed(1)} B for each further one; scaled whole, ${perThousand(payload.gzip.bytes).toFixed(1)} KiB`,
      },
      {
        group: 'backend',
        name: 'Catalogue payload per 1,000 products (brotli)',
        value: kib(growth.brAt1000),
        unit: 'KiB',
        budget: 25,
        note: `${kib(payload.br.bytes).toFixed(1)} KiB for ${payload.products} products, ${growth.brPerProduct.toFixed(1)} B for each further one; scaled whole, ${perThousand(payload.br.bytes).toFixed(1)} KiB`,
      },
      {
        group: 'backend',
        name: 'Catalogue details per 1,000 products (gzip)',
        value: perThousand(payload.details.gzip.bytes),
        unit: 'KiB',
        note: `${kib(payload.details.gzip.bytes).toFixed(1)} KiB (brotli ${kib(payload.details.br.bytes).toFixed(1)}, ${kib(payload.details.identity.bytes).toFixed(0)} raw); read after the first render, again only when descriptions, tags or specifications change`,
      },
      {
        group: 'backend',
        name: 'Catalogue revalidation (304) p50',
        value: median(payload.revalidations),
        unit: 'ms',
        note: `${payload.notModified}/50 answered 304 with no body`,
      },
    )

    const signIn = await signInThroughput(fresh, 40)
    figures.push({
      group: 'backend',
      name: 'Sign-in throughput',
      value: signIn.perSecond,
      unit: '/s',
      better: 'higher',
      note: `${signIn.ok}/40 succeeded`,
    })
    const orders = await orderThroughput(fresh, 40)
    const firstProblem = [...orders.problems.entries()][0]
    figures.push({
      group: 'backend',
      name: 'Order placement throughput',
      value: orders.perSecond,
      unit: '/s',
      better: 'higher',
      note: `${orders.ok}/40 succeeded, guest allowances raised${firstProblem ? `; ${firstProblem[1]}× ${firstProblem[0]}` : ''}`,
    })
    figures.push({
      group: 'backend',
      name: 'Peak memory',
      value: peakMemoryMiB(fresh.port),
      unit: 'MiB',
    })
    const existingMs = await fresh.restart()
    figures.push({
      group: 'backend',
      name: 'Cold start, existing data directory',
      value: existingMs / 1000,
      unit: 's',
    })
  } finally {
    agent.destroy()
    await fresh.stop()
  }
  return figures
}
