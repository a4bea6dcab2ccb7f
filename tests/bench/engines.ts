import { cloneDatabase, startTestCluster, url as clusterUrl } from '../support/postgres/cluster'
import { median, percentile, type Figure } from './support/figure'
import { startServer, type RunningServer } from './support/server-process'

/**
 * `npm start` on its two databases side by side: PGlite (one connection in the server's process) and
 * PostgreSQL through `DATABASE_URL` (a throw-away local cluster set up as hosted is, a pool of ten
 * connections). Catalogue reads and order placement at 20 and 100 concurrent clients: the figures that
 * say when a shop has outgrown PGlite.
 */
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
const headers = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }

async function catalogueReads(server: RunningServer, clients: number, perClient: number) {
  const url = `${server.url}/rest/v1/rpc/catalogue`
  const read = async () => {
    const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'gzip' } })
    await response.arrayBuffer()
    return response.ok
  }
  for (let i = 0; i < 3; i++) await read()
  const samples: number[] = []
  let failures = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) {
        const t = performance.now()
        if (await read()) samples.push(performance.now() - t)
        else failures++
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return {
    p50: median(samples),
    p99: percentile(samples, 99),
    perSecond: samples.length / seconds,
    failures,
  }
}

/** Cash-on-delivery guest orders of pieces sold whole, `clients` at a time. */
async function placeOrders(server: RunningServer, clients: number, perClient: number) {
  const stocked = await fetch(
    `${server.url}/rest/v1/products?select=id&active=eq.true&stock=gte.50&category=in.(bags,beauty,jewelry,accessories)&order=stock.desc&limit=40`,
    { headers },
  )
  const products = (await stocked.json()) as { id: string }[]
  if (products.length === 0) throw new Error('No product in stock to order')
  const samples: number[] = []
  const problems = new Map<string, number>()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      for (let i = 0; i < perClient; i++) {
        const product = products[(worker * 7 + i) % products.length]!.id
        const t = performance.now()
        const response = await fetch(`${server.url}/rest/v1/rpc/place_order`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            payload: {
              clientOrderId: crypto.randomUUID(),
              items: [{ productId: product, quantity: 1 }],
              contact: {
                name: 'Bench Shopper',
                email: `bench${worker}@example.com`,
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
        if (response.ok) samples.push(performance.now() - t)
        else {
          const key = `${response.status} ${text.slice(0, 100)}`
          problems.set(key, (problems.get(key) ?? 0) + 1)
        }
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return { p50: median(samples), perSecond: samples.length / seconds, problems }
}

async function measure(engine: string, server: RunningServer, quick: boolean): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const clients of [20, 100]) {
    const reads = await catalogueReads(server, clients, quick ? 3 : 10)
    const orders = await placeOrders(server, clients, quick ? 1 : 3)
    const failed = [...orders.problems].map(([k, n]) => `${n}× ${k}`).join('; ')
    figures.push(
      {
        group: 'engines',
        name: `Catalogue read p50, ${engine} (${clients} clients)`,
        value: reads.p50,
        unit: 'ms',
        note: `p99 ${reads.p99.toFixed(0)} ms, ${reads.perSecond.toFixed(0)} reads/s${reads.failures ? `, ${reads.failures} failed` : ''}`,
      },
      {
        group: 'engines',
        name: `Orders placed, ${engine} (${clients} clients)`,
        value: orders.perSecond,
        unit: '/s',
        better: 'higher',
        note: `p50 ${orders.p50.toFixed(0)} ms${failed ? `; failed: ${failed}` : ''}`,
      },
    )
  }
  return figures
}

export async function run(options: { quick?: boolean } = {}): Promise<Figure[]> {
  const quick = options.quick ?? false
  const figures: Figure[] = []
  const pglite = await startServer()
  try {
    figures.push(...(await measure('PGlite', pglite, quick)))
  } finally {
    await pglite.stop()
  }
  const cluster = await startTestCluster()
  try {
    // A database with the hosted bootstrap only: npm start applies the migrations and the seed.
    const name = await cloneDatabase(cluster.port, cluster.templates.bare)
    const postgres = await startServer({
      env: {
        DATABASE_URL: clusterUrl(cluster.port, 'postgres', name),
        DATABASE_API_URL: clusterUrl(cluster.port, 'authenticator', name),
      },
    })
    try {
      figures.push(...(await measure('PostgreSQL', postgres, quick)))
    } finally {
      await postgres.stop()
    }
  } finally {
    await cluster.stop()
  }
  return figures
}
