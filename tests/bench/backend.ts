import { readdirSync, readFileSync } from 'node:fs'
import { percentile, median, type Figure } from './support/figure'
import { startServer, type RunningServer } from './support/server-process'

/**
 * The embedded backend under load on loopback: cold start (fresh and existing data directory), catalogue
 * reads at 20 concurrent clients, sign-in and order-placement throughput, and peak memory.
 */
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
const headers = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }

/** Peak resident memory (VmHWM) of the server: the deepest node process under the tsx launcher. */
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

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const result = await fn()
  return [performance.now() - started, result]
}

async function catalogueLatency(server: RunningServer, clients: number, perClient: number) {
  const url = `${server.url}/rest/v1/rpc/catalogue`
  const samples: number[] = []
  let failures = 0
  await fetch(url, { headers }).then((r) => r.arrayBuffer())
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) {
        const [ms, ok] = await timed(async () => {
          const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'gzip' } })
          await response.arrayBuffer()
          return response.ok
        })
        if (!ok) failures++
        samples.push(ms)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return { samples, failures, throughput: samples.length / seconds }
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

async function orderThroughput(server: RunningServer, orders: number) {
  let ok = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: 4 }, async (_, worker) => {
      for (let i = 0; i < orders / 4; i++) {
        const response = await fetch(`${server.url}/rest/v1/rpc/place_order`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            payload: {
              client_order_id: crypto.randomUUID(),
              items: [{ product_id: 'mens-tee-001', quantity: 1 }],
              contact: { email: `bench${worker}-${i}@example.com`, phone: '0712345678' },
              delivery: { method: 'pickup', pickup_point: 'Nairobi CBD' },
              payment_method: 'cod',
            },
          }),
        })
        await response.arrayBuffer()
        if (response.ok) ok++
      }
    }),
  )
  return { ok, perSecond: ok / ((performance.now() - started) / 1000) }
}

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = []
  const fresh = await startServer()
  figures.push({
    group: 'backend',
    name: 'Cold start, fresh data directory',
    value: fresh.startupMs / 1000,
    unit: 's',
  })
  try {
    const catalogue = await catalogueLatency(fresh, 20, 50)
    figures.push(
      {
        group: 'backend',
        name: 'Catalogue read p50 (20 clients)',
        value: median(catalogue.samples),
        unit: 'ms',
        budget: 5,
      },
      {
        group: 'backend',
        name: 'Catalogue read p99 (20 clients)',
        value: percentile(catalogue.samples, 99),
        unit: 'ms',
        budget: 25,
        note: `${catalogue.throughput.toFixed(0)} req/s, ${catalogue.failures} failed`,
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
    figures.push({
      group: 'backend',
      name: 'Order placement throughput',
      value: orders.perSecond,
      unit: '/s',
      better: 'higher',
      note: `${orders.ok}/40 succeeded`,
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
    await fresh.stop()
  }
  return figures
}
