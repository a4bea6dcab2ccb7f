/**
 * Realtime under a server restart and under load: the client reconnects and rejoins by itself, and
 * 200 sockets held with changes flowing each receive every change, with the server's memory bounded.
 */
import { createClient, RealtimeClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, describe, expect, it } from 'vitest'
import { createLocalServer, type LocalServer } from '../../../../supabase/local/gateway'
import { freshDb } from '../../../support/test-db'
import { sleep, until, watchTable } from './realtime-kit'

const opened: { close(): Promise<void> }[] = []
afterAll(async () => {
  for (const o of opened.reverse()) await o.close()
})

const start = (db: LocalServer['db'], port = 0) =>
  createLocalServer({
    db,
    keepDb: true,
    port,
    distDir: null,
    seedStaff: false,
    env: {},
    log: () => {},
  })

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

describe('resilience', () => {
  it('reconnects after the server restarts and receives new changes', async () => {
    const db = await freshDb()
    opened.push({ close: () => db.close() })
    let server = await start(db)
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
    server = await start(db, port)
    opened.push(server)
    // The client rejoins on its own; a change made after that arrives.
    await until(() => watch.system.length >= 2, 5000)
    const before = watch.changes.length
    await bumpPrice(server, id)
    await until(() => watch.changes.length === before + 1, 2000)
    await c.removeAllChannels()
  })

  it('holds 200 sockets with changes flowing: none lost, memory bounded', async () => {
    const db = await freshDb()
    opened.push({ close: () => db.close() })
    const server = await start(db)
    opened.push(server)
    const { rows } = await db.pg.query<{ id: string }>(`select id from public.products limit 5`)
    const sockets = 200
    const received = new Array<number>(sockets).fill(0)
    // supabase-js's own RealtimeClient, one socket each, without a whole client around it.
    const clients: RealtimeClient[] = []
    await Promise.all(
      Array.from({ length: sockets }, (_, i) => {
        const c = new RealtimeClient(`${server.url.replace('http', 'ws')}/realtime/v1`, {
          params: { apikey: server.keys.serviceRoleKey },
          transport: WebSocket as unknown as typeof globalThis.WebSocket,
        })
        clients.push(c)
        const channel = c
          .channel(`load-${i}`)
          .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'products' }, () => {
            received[i]!++
          })
        return new Promise<void>((resolve, reject) =>
          channel.subscribe((s) =>
            s === 'SUBSCRIBED' ? resolve() : s !== 'CLOSED' && reject(new Error(s)),
          ),
        )
      }),
    )
    expect(server.realtime.stats().connections).toBe(sockets)
    const seconds = Number(process.env.REALTIME_SOAK_SECONDS ?? 4)
    const heapBefore = process.memoryUsage().heapUsed
    let sent = 0
    const end = Date.now() + seconds * 1000
    const began = Date.now()
    while (Date.now() < end) {
      await bumpPrice(server, rows[sent % rows.length]!.id)
      sent++
      await sleep(20)
    }
    await until(() => received.every((n) => n === sent), 15_000)
    console.info(`${sent} changes to ${sockets} sockets in ${Date.now() - began} ms`)
    global.gc?.()
    const grown = process.memoryUsage().heapUsed - heapBefore
    expect(grown).toBeLessThan(64 * 1024 * 1024)
    await Promise.all(clients.map((c) => c.removeAllChannels()))
    for (const c of clients) void c.disconnect()
    await until(() => server.realtime.stats().connections === 0, 5000)
  }, 60_000)
})
