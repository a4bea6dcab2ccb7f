import { cloneDatabase, startTestCluster, url as clusterUrl } from '../support/postgres/cluster'
import {
  anonHeaders as headers,
  catalogueLatency,
  raiseGuestAllowances,
  readFigures,
} from './support/catalogue-reads'
import { median, type Figure } from './support/figure'
import { startServer, type RunningServer } from './support/server-process'

/**
 * `npm start` on its two databases side by side: PGlite (one connection in the server's process) and
 * PostgreSQL through `DATABASE_URL` (a throw-away local cluster set up as hosted is, a pool of ten
 * connections). Catalogue reads and order placement at 20 and 100 concurrent clients: the figures that
 * say when a shop has outgrown PGlite.
 */

/**
 * Cash-on-delivery guest orders of pieces sold whole, `clients` at a time; cash on delivery takes orders
 * up to KSh 50,000, so pieces up to 45,000.
 */
async function placeOrders(server: RunningServer, clients: number, perClient: number) {
  const stocked = await fetch(
    `${server.url}/rest/v1/products?select=id&active=eq.true&stock=gte.50&price=lte.45000&category=in.(bags,beauty,jewelry,accessories)&order=stock.desc&limit=40`,
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
  await raiseGuestAllowances(server)
  for (const clients of [20, 100]) {
    const reads = await catalogueLatency(server, clients, quick ? 15 : 50)
    const orders = await placeOrders(server, clients, quick ? 1 : 3)
    const failed = [...orders.problems].map(([k, n]) => `${n}× ${k}`).join('; ')
    figures.push(
      // The budget is for 20 concurrent clients, on either database; 100 says how it grows.
      ...readFigures('engines', engine, clients, reads),
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
