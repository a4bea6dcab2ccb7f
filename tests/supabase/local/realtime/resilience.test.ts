/**
 * Realtime under a server restart and under load: the client reconnects and rejoins by itself, and
 * 200 sockets held with changes flowing each receive every change, with the server's memory bounded.
 * Both run on one database (loading one costs far more than either test). `npm run test:soak` holds
 * the sockets for a minute (REALTIME_SOAK_SECONDS); `npm test` sends a fixed burst through them.
 */
import { createServer, connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { createClient, RealtimeClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalServer, type LocalServer } from '../../../../supabase/local/gateway'
import type { Limits } from '../../../../supabase/local/realtime/channels'
import { dbEngine, freshDb } from '../../../support/test-db'
import { sleep, until, watchTable } from './realtime-kit'
import { soak } from './soak-kit'

let db: LocalServer['db']
const opened: { close(): Promise<void> }[] = []
beforeAll(async () => {
  db = await freshDb()
})
afterAll(async () => {
  for (const o of opened.reverse()) await o.close()
  await db?.close()
})

const start = async (port = 0, realtimeLimits?: Partial<Limits>) => {
  const server = await createLocalServer({
    db,
    keepDb: true,
    port,
    realtimeLimits,
    distDir: null,
    seedStaff: false,
    env: {},
    log: () => {},
  })
  opened.push(server)
  return server
}

function client(server: LocalServer): SupabaseClient {
  return createClient(server.url, server.keys.serviceRoleKey, {
    realtime: {
      transport: WebSocket as unknown as typeof globalThis.WebSocket,
      // Reconnect quickly: the restart takes well under a second.
      reconnectAfterMs: () => 200,
    },
    auth: { persistSession: false, autoRefreshToken: false },
  })
}

const bumpPrice = (server: LocalServer, id: string) =>
  server.db.pg.query(`update public.products set price = price + 1 where id = $1`, [id])

const soakSeconds = Number(process.env.REALTIME_SOAK_SECONDS ?? 0)

/** A TCP hop in front of the server that can drop every connection at once (a mobile network blip). */
async function cuttableHop(targetPort: number) {
  const open = new Set<Socket>()
  const hop = createServer((inbound) => {
    const outbound = connect(targetPort, '127.0.0.1')
    const drop = () => {
      inbound.destroy()
      outbound.destroy()
      open.delete(inbound)
      open.delete(outbound)
    }
    for (const s of [inbound, outbound]) {
      open.add(s)
      s.on('error', drop).on('close', drop)
    }
    inbound.pipe(outbound).pipe(inbound)
  })
  await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve))
  return {
    port: (hop.address() as AddressInfo).port,
    cutAll: () => [...open].forEach((s) => s.destroy()),
    close: () => new Promise<void>((resolve) => hop.close(() => resolve())),
  }
}

describe('resilience', () => {
  it('reconnects after the server restarts and receives new changes', async () => {
    let server = await start()
    const port = server.port
    const c = client(server)
    const { rows } = await db.pg.query<{ id: string }>(`select id from public.products limit 1`)
    const id = rows[0]!.id
    const watch = await watchTable(c, 'restart', {
      event: 'UPDATE',
      table: 'products',
      filter: `id=eq.${id}`,
    })
    await bumpPrice(server, id)
    await watch.next()

    await server.close()
    server = await start(port)
    // The client rejoins on its own; a change made after that arrives.
    await until(() => watch.system.length >= 2, 5000)
    const before = watch.changes.length
    await bumpPrice(server, id)
    await until(() => watch.changes.length === before + 1, 2000)
    await c.removeAllChannels()
    await server.close()
  })

  it('lets 200 clients cut off at once all rejoin and get the next change, each counted once', async () => {
    // Room for every client once, not twice: a closed socket must give its place back.
    const server = await start(0, { maxConnectionsPerIp: 300 })
    const hop = await cuttableHop(server.port)
    const { rows } = await db.pg.query<{ id: string }>(`select id from public.products limit 1`)
    const id = rows[0]!.id
    const joins = new Array<number>(200).fill(0)
    const received = new Array<number>(200).fill(0)
    const clients = joins.map((_, i) => {
      // supabase-js's own back-off: every client tries again about a second after the cut.
      const c = new RealtimeClient(`ws://127.0.0.1:${hop.port}/realtime/v1`, {
        params: { apikey: server.keys.serviceRoleKey },
        transport: WebSocket as unknown as typeof globalThis.WebSocket,
      })
      c.channel(`storm-${i}`)
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'products', filter: `id=eq.${id}` },
          () => received[i]!++,
        )
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') joins[i]!++
        })
      return c
    })
    await until(() => joins.every((n) => n === 1), 15_000)
    expect(server.realtime.stats().connections).toBe(200)

    hop.cutAll()
    await until(() => joins.every((n) => n === 2), 20_000)
    await until(() => server.realtime.stats().connections === 200, 5000)
    await bumpPrice(server, id)
    await until(() => received.every((n) => n === 1), 10_000)
    // Nothing arrives twice.
    await sleep(100)
    expect(received.filter((n) => n !== 1)).toEqual([])

    await Promise.all(clients.map((c) => c.removeAllChannels()))
    for (const c of clients) void c.disconnect()
    await until(() => server.realtime.stats().connections === 0, 5000)
    await hop.close()
    await server.close()
  }, 60_000)

  it(
    'holds 200 sockets with changes flowing: none lost, memory bounded',
    async () => {
      const server = await start()
      const result = await soak(server, {
        sockets: 200,
        seconds: soakSeconds,
        // Without a soak duration: one burst, enough to cross the dispatcher's batching.
        changes: soakSeconds ? undefined : 60,
      })
      console.info(
        `realtime soak on ${dbEngine}: ${result.sent} changes to ${result.sockets} sockets in ` +
          `${(result.ms / 1000).toFixed(1)} s (${result.perSecond.toFixed(0)} changes/s, ` +
          `${(result.perSecond * result.sockets).toFixed(0)} deliveries/s); heap after GC ` +
          `${result.heapMb.map((m) => m.toFixed(1)).join(' → ')} MB` +
          (result.heapSlopeMbPerMinute === null
            ? ''
            : ` (${result.heapSlopeMbPerMinute.toFixed(2)} MB/min once warm)`) +
          `, rss ${result.rssMb.toFixed(0)} MB`,
      )
      expect(result.lost).toEqual([])
      // Bounded: after the warm-up, the heap left after a collection does not keep growing.
      expect(result.heapGrowthMb).toBeLessThan(32)
      // Held for half a minute or more: once warm the heap stays flat. Anything a socket, channel or
      // change leaves behind (about 0.3 KB a change is 1 MB a minute here) shows as a steady climb.
      if (soakSeconds >= 30) {
        expect(result.heapSlopeMbPerMinute).not.toBeNull()
        expect(result.heapSlopeMbPerMinute!).toBeLessThan(0.6)
      }
      expect(server.realtime.stats().connections).toBe(0)
    },
    (soakSeconds + 60) * 1000,
  )
})
