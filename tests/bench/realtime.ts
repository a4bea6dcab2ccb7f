import WebSocket from 'ws'
import { cloneDatabase, startTestCluster, url as clusterUrl } from '../support/postgres/cluster'
import { median, percentile, type Figure } from './support/figure'
import { startServer, type RunningServer } from './support/server-process'

/**
 * Realtime under load: 200 sockets each subscribed to product updates (as staff editors and open
 * stores would be), products updated through the REST API as fast as the backend takes them. Figures:
 * changes per second delivered to every subscriber, deliveries per second, and the delay from the
 * change's commit (the commit timestamp it carries) to its arrival at a subscriber, p50 and p99. On
 * PGlite, then on PostgreSQL (a throw-away local cluster set up as hosted is, through `DATABASE_URL`).
 */
const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

interface Subscriber {
  ws: WebSocket
  received: number
}

function subscribe(url: string, index: number, delays: number[]): Promise<Subscriber> {
  const ws = new WebSocket(
    `${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${SERVICE_KEY}&vsn=1.0.0`,
  )
  const sub: Subscriber = { ws, received: 0 }
  return new Promise((resolve, reject) => {
    ws.once('error', reject)
    ws.once('open', () => {
      ws.send(
        JSON.stringify({
          topic: `realtime:bench-${index}`,
          event: 'phx_join',
          ref: '1',
          join_ref: '1',
          payload: {
            config: {
              postgres_changes: [{ event: 'UPDATE', schema: 'public', table: 'products' }],
            },
            access_token: SERVICE_KEY,
          },
        }),
      )
    })
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as {
        event: string
        payload: { status?: string; data?: { commit_timestamp: string } }
      }
      if (msg.event === 'phx_reply' && msg.payload.status === 'ok') resolve(sub)
      if (msg.event === 'phx_reply' && msg.payload.status === 'error')
        reject(new Error('join refused'))
      if (msg.event === 'postgres_changes' && msg.payload.data) {
        sub.received++
        delays.push(Date.now() - Date.parse(msg.payload.data.commit_timestamp))
      }
    })
    // Phoenix heartbeats keep the server from dropping the socket.
    const beat = setInterval(
      () =>
        ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb' })),
      25_000,
    )
    ws.once('close', (code, reason) => {
      clearInterval(beat)
      // A socket closed before its join was answered fails the measurement instead of stalling it.
      reject(new Error(`socket closed (${code} ${String(reason)})`))
    })
  })
}

async function measure(
  engine: string,
  server: RunningServer,
  options: { quick?: boolean },
): Promise<Figure[]> {
  const sockets = 200
  const changes = options.quick ? 100 : 400
  const delays: number[] = []
  const subscribers: Subscriber[] = []
  try {
    await server.idle()
    for (let i = 0; i < sockets; i += 20) {
      subscribers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, sockets - i) }, (_, k) =>
            subscribe(server.url, i + k, delays),
          ),
        )),
      )
    }
    const headers = {
      apikey: SERVICE_KEY,
      authorization: `Bearer ${SERVICE_KEY}`,
      'content-type': 'application/json',
    }
    const list = await fetch(`${server.url}/rest/v1/products?select=id&limit=20`, { headers })
    const ids = ((await list.json()) as { id: string }[]).map((r) => r.id)
    const started = performance.now()
    // Four writers at once, as a busy shop's staff and checkouts would be.
    let next = 0
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < changes) {
          const n = next++
          const id = ids[n % ids.length]!
          const res = await fetch(`${server.url}/rest/v1/products?id=eq.${id}`, {
            method: 'PATCH',
            headers,
            body: JSON.stringify({ rating: (n % 50) / 10 }),
          })
          await res.body?.cancel()
        }
      }),
    )
    const deadline = Date.now() + 120_000
    while (subscribers.some((s) => s.received < changes) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20))
    }
    const seconds = (performance.now() - started) / 1000
    const lost = subscribers.reduce((n, s) => n + Math.max(0, changes - s.received), 0)
    // Anything lost: what the server said about it.
    const said = lost
      ? server
          .output()
          .split('\n')
          .filter((line) => /realtime|database/.test(line))
          .slice(-3)
          .map((line) => line.trim())
      : []
    return [
      {
        group: 'realtime',
        name: `changes/s delivered to ${sockets} subscribers, ${engine}`,
        value: changes / seconds,
        unit: '/s',
        better: 'higher',
      },
      {
        group: 'realtime',
        name: `deliveries/s, ${engine}`,
        value: (changes * sockets - lost) / seconds,
        unit: '/s',
        better: 'higher',
      },
      {
        group: 'realtime',
        name: `commit → delivery p50, ${engine}`,
        value: median(delays),
        unit: 'ms',
      },
      {
        group: 'realtime',
        name: `commit → delivery p99, ${engine}`,
        value: percentile(delays, 99),
        unit: 'ms',
      },
      {
        group: 'realtime',
        name: `changes lost, ${engine}`,
        value: lost,
        unit: '',
        budget: 0,
        note: [`${changes} changes × ${sockets} sockets`, ...said].join('; '),
      },
    ]
  } catch (error) {
    // The server's own words on what went wrong.
    const said = server
      .output()
      .split('\n')
      .filter((line) => line.includes('realtime'))
      .slice(-5)
    throw new Error([`${engine}: ${String(error)}`, ...said].join('\n'))
  } finally {
    for (const s of subscribers) s.ws.terminate()
  }
}

export async function run(options: { quick?: boolean } = {}): Promise<Figure[]> {
  const figures: Figure[] = []
  const pglite = await startServer()
  try {
    figures.push(...(await measure('PGlite', pglite, options)))
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
      figures.push(...(await measure('PostgreSQL', postgres, options)))
    } finally {
      await postgres.stop()
    }
  } finally {
    await cluster.stop()
  }
  return figures
}
