/**
 * Many sockets held with product changes flowing through them, each socket supabase-js's own
 * RealtimeClient. Every change sets a price no other change sets, so each socket's count and sum of
 * what it received prove that nothing was lost or delivered twice. The heap is read after a full
 * collection every few seconds, so growth means memory kept, not garbage not yet collected.
 */
import { RealtimeClient } from '@supabase/supabase-js'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import WebSocket from 'ws'
import type { LocalServer } from '../../../../supabase/local/gateway'
import { sleep, until } from './realtime-kit'

setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

export interface SoakOptions {
  sockets: number
  /** Hold the sockets this long, a change every `paceMs` (default 20 ms). */
  seconds: number
  /** Or send this many changes back to back (when `seconds` is 0). */
  changes?: number
  paceMs?: number
}

export interface SoakResult {
  sockets: number
  sent: number
  ms: number
  perSecond: number
  /** Sockets that missed a change or got one twice. */
  lost: string[]
  /** Heap after a full collection: after the sockets joined, then every few seconds, then at the end. */
  heapMb: number[]
  /** The last reading above the first. */
  heapGrowthMb: number
  /**
   * How fast the heap grows once warm (MB a minute): the least-squares slope of the readings after
   * the first third of the run (the compiler's warm-up), or null with fewer than four of them.
   */
  heapSlopeMbPerMinute: number | null
  rssMb: number
}

const BASE_PRICE = 100_000
const mb = (bytes: number) => bytes / (1024 * 1024)
const heapNow = () => {
  collect()
  return mb(process.memoryUsage().heapUsed)
}

/** MB a minute over the readings after the first third of the run (least squares). */
function slope(at: number[], mbs: number[]): number | null {
  const from = at[0]! + (at.at(-1)! - at[0]!) / 3
  const points = at.flatMap((t, i) => (t >= from ? [[(t - from) / 60_000, mbs[i]!] as const] : []))
  if (points.length < 4) return null
  const mx = points.reduce((n, [x]) => n + x, 0) / points.length
  const my = points.reduce((n, [, y]) => n + y, 0) / points.length
  const sxy = points.reduce((n, [x, y]) => n + (x - mx) * (y - my), 0)
  const sxx = points.reduce((n, [x]) => n + (x - mx) ** 2, 0)
  return sxx ? sxy / sxx : null
}

export async function soak(server: LocalServer, options: SoakOptions): Promise<SoakResult> {
  const { rows } = await server.db.pg.query<{ id: string }>(
    `select id from public.products order by id limit 5`,
  )
  const ids = rows.map((r) => r.id)
  const count = new Array<number>(options.sockets).fill(0)
  const sum = new Array<number>(options.sockets).fill(0)
  const clients: RealtimeClient[] = []
  await Promise.all(
    Array.from({ length: options.sockets }, (_, i) => {
      const c = new RealtimeClient(`${server.url.replace('http', 'ws')}/realtime/v1`, {
        params: { apikey: server.keys.serviceRoleKey },
        transport: WebSocket as unknown as typeof globalThis.WebSocket,
      })
      clients.push(c)
      const channel = c
        .channel(`soak-${i}`)
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'products' }, (p) => {
          count[i]!++
          sum[i]! += Number((p.new as { price: number }).price) - BASE_PRICE
        })
      return new Promise<void>((resolve, reject) =>
        channel.subscribe((s) =>
          s === 'SUBSCRIBED' ? resolve() : s !== 'CLOSED' && reject(new Error(s)),
        ),
      )
    }),
  )
  if (server.realtime.stats().connections !== options.sockets) {
    throw new Error(`${server.realtime.stats().connections} sockets open, not ${options.sockets}`)
  }

  const heapMb = [heapNow()]
  const readAt = [Date.now()]
  let sent = 0
  const change = () =>
    server.db.pg.query(`update public.products set price = $2 where id = $1`, [
      ids[sent % ids.length],
      BASE_PRICE + sent++,
    ])
  const began = Date.now()
  if (options.seconds > 0) {
    const end = began + options.seconds * 1000
    let nextReading = began + 5000
    while (Date.now() < end) {
      await change()
      await sleep(options.paceMs ?? 20)
      if (Date.now() >= nextReading) {
        heapMb.push(heapNow())
        readAt.push(Date.now())
        nextReading += 5000
      }
    }
  } else {
    while (sent < (options.changes ?? 0)) await change()
  }
  const expectedSum = (sent * (sent - 1)) / 2
  await until(() => count.every((n) => n >= sent), 15_000).catch(() => {})
  const ms = Date.now() - began
  // Anything still on its way would show as a second delivery here.
  await sleep(100)
  const lost = count.flatMap((n, i) =>
    n === sent && sum[i] === expectedSum ? [] : [`socket ${i}: ${n} of ${sent}, sum ${sum[i]}`],
  )
  heapMb.push(heapNow())
  readAt.push(Date.now())
  const rssMb = mb(process.memoryUsage().rss)

  await Promise.all(clients.map((c) => c.removeAllChannels()))
  for (const c of clients) void c.disconnect()
  await until(() => server.realtime.stats().connections === 0, 5000)
  return {
    sockets: options.sockets,
    sent,
    ms,
    perSecond: sent / (ms / 1000),
    lost,
    heapMb,
    heapGrowthMb: heapMb.at(-1)! - heapMb[0]!,
    heapSlopeMbPerMinute: slope(readAt, heapMb),
    rssMb,
  }
}
