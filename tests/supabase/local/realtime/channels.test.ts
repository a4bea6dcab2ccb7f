/**
 * Broadcast (public, private, from the database), presence, tokens and misbehaving sockets, through
 * supabase-js's RealtimeClient and, where a client would never send it, a raw WebSocket.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../../support/server'
import { signIn, startAdminServer } from '../../admin/admin-kit'
import { sleep, subscribeStatus, until } from './realtime-kit'

let server: TestServer
let manager: SupabaseClient
let admin: SupabaseClient
const clients: SupabaseClient[] = []

beforeAll(async () => {
  server = await startAdminServer()
  manager = await signIn(server, 'manager@luxekenya.test')
  admin = await signIn(server, 'admin@luxekenya.test')
  clients.push(manager, admin)
})

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels()
  await server.close()
})

const sign = (payload: Record<string, unknown>, secret = server.jwtSecret) =>
  new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))

async function clientWithToken(token: string) {
  const c = createClient(server.url, server.anonKey, {
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: { persistSession: false, autoRefreshToken: false },
  })
  await c.realtime.setAuth(token)
  clients.push(c)
  return c
}

function listen(channel: ReturnType<SupabaseClient['channel']>, event: string) {
  const got: unknown[] = []
  channel.on('broadcast', { event }, (m: { payload: unknown }) => got.push(m.payload))
  return got
}

describe('broadcast', () => {
  it('carries messages between clients on a public channel', async () => {
    const a = server.client()
    const b = server.client()
    clients.push(a, b)
    const ca = a.channel('room-1', { config: { broadcast: { ack: true } } })
    const cb = b.channel('room-1')
    const got = listen(cb, 'hello')
    expect((await subscribeStatus(ca)).status).toBe('SUBSCRIBED')
    expect((await subscribeStatus(cb)).status).toBe('SUBSCRIBED')
    expect(await ca.send({ type: 'broadcast', event: 'hello', payload: { n: 1 } })).toBe('ok')
    await until(() => got.length === 1)
    expect(got).toEqual([{ n: 1 }])
  })

  it('lets staff into a private staff channel and refuses a shopper the policy does not allow', async () => {
    const staff = manager.channel('staff:order-1', { config: { private: true } })
    const heard = listen(staff, 'saved')
    expect((await subscribeStatus(staff)).status).toBe('SUBSCRIBED')

    const shopper = await server.signUpUser()
    clients.push(shopper.client)
    const refused = await subscribeStatus(
      shopper.client.channel('staff:order-1', { config: { private: true } }),
    )
    expect(refused.status).toBe('CHANNEL_ERROR')
    expect(refused.error?.message).toBe(
      'Unauthorized: You do not have permissions to read from this Channel topic: staff:order-1',
    )
    // The same name as a public channel is another topic: nothing said there reaches staff.
    await shopper.client.removeAllChannels()
    const outsider = shopper.client.channel('staff:order-1')
    expect((await subscribeStatus(outsider)).status).toBe('SUBSCRIBED')
    await outsider.send({ type: 'broadcast', event: 'saved', payload: { forged: true } })

    const other = admin.channel('staff:order-1', { config: { private: true } })
    expect((await subscribeStatus(other)).status).toBe('SUBSCRIBED')
    await other.send({ type: 'broadcast', event: 'saved', payload: { by: 'admin' } })
    await until(() => heard.length === 1)
    await sleep(100)
    expect(heard).toEqual([{ by: 'admin' }])
  })

  it('delivers realtime.send from the database, public and private', async () => {
    const anon = server.client()
    clients.push(anon)
    const catalogue = anon.channel('catalogue')
    const changed = listen(catalogue, 'changed')
    expect((await subscribeStatus(catalogue)).status).toBe('SUBSCRIBED')
    const staff = manager.channel('staff:notes', { config: { private: true } })
    const notes = listen(staff, 'note')
    expect((await subscribeStatus(staff)).status).toBe('SUBSCRIBED')

    // A price change bumps the catalogue revision; its trigger broadcasts with realtime.send.
    await server.server.db.pg.query(
      `update public.products set price = price + 1 where id = (select id from public.products where active limit 1)`,
    )
    await server.server.db.pg.query(
      `select realtime.send('{"text":"hi"}'::jsonb, 'note', 'staff:notes', true)`,
    )
    await until(() => changed.length === 1 && notes.length === 1)
    expect(changed[0]).toMatchObject({ revision: expect.any(Number) })
    expect(notes).toEqual([{ text: 'hi' }])
  })
})

describe('presence', () => {
  it('shows who else is on a staff page, and who left', async () => {
    const first = manager.channel('staff:product-1', {
      config: { private: true, presence: { key: 'manager' } },
    })
    first.on('presence', { event: 'sync' }, () => {})
    expect((await subscribeStatus(first)).status).toBe('SUBSCRIBED')
    await first.track({ name: 'Manager' })

    const second = admin.channel('staff:product-1', {
      config: { private: true, presence: { key: 'admin' } },
    })
    second.on('presence', { event: 'sync' }, () => {})
    expect((await subscribeStatus(second)).status).toBe('SUBSCRIBED')
    await second.track({ name: 'Admin' })

    await until(() => Object.keys(first.presenceState()).length === 2)
    await until(() => Object.keys(second.presenceState()).length === 2)
    expect(second.presenceState().manager?.[0]).toMatchObject({ name: 'Manager' })

    await admin.removeChannel(second)
    await until(() => Object.keys(first.presenceState()).length === 1)
    expect(Object.keys(first.presenceState())).toEqual(['manager'])
  })
})

describe('tokens', () => {
  it('refuses a forged token and an expired one with hosted words', async () => {
    const now = Math.floor(Date.now() / 1000)
    const forged = await sign(
      { role: 'authenticated', sub: crypto.randomUUID(), exp: now + 600 },
      'x'.repeat(40),
    )
    const a = await subscribeStatus((await clientWithToken(forged)).channel('t-1'))
    expect(a.status).toBe('CHANNEL_ERROR')
    expect(a.error?.message).toBe('JwtSignatureError: Failed to validate JWT signature')

    const expired = await sign({ role: 'authenticated', sub: crypto.randomUUID(), exp: now - 30 })
    const b = await subscribeStatus((await clientWithToken(expired)).channel('t-2'))
    expect(b.status).toBe('CHANNEL_ERROR')
    expect(b.error?.message).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/)

    const noExp = await sign({ role: 'authenticated', sub: crypto.randomUUID() })
    const c = await subscribeStatus((await clientWithToken(noExp)).channel('t-3'))
    expect(c.error?.message).toBe('InvalidJWTToken: Fields `role` and `exp` are required in JWT')
  })

  it('ends the stream when the token expires, with a system message', async () => {
    const exp = Math.floor(Date.now() / 1000) + 2
    const token = await sign({ role: 'service_role', exp })
    const c = await clientWithToken(token)
    const system: { status: string; message: string }[] = []
    const changes: unknown[] = []
    const channel = c
      .channel('expiring')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'products' }, (p) =>
        changes.push(p),
      )
      .on('system', {}, (p: { status: string; message: string }) => system.push(p))
    let closed = false
    channel.subscribe((status) => {
      if (status === 'CLOSED') closed = true
    })
    await until(() => system.length === 1)
    await until(() => closed, 5000)
    expect(system.at(-1)).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Token has expired/),
    })
    await server.server.db.pg.query(
      `update public.products set rating = rating where id = (select id from public.products limit 1)`,
    )
    await sleep(200)
    expect(changes).toEqual([])
  })
})

describe('misbehaving sockets', () => {
  function raw(query = `apikey=${server.anonKey}&vsn=1.0.0`) {
    return new WebSocket(`${server.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`)
  }
  const opened = (ws: WebSocket) => new Promise((r, j) => (ws.once('open', r), ws.once('error', j)))
  /** The code the socket closes with, as the client sees it. */
  const closeCode = (ws: WebSocket) =>
    new Promise<number>((r) => ws.once('close', (code) => r(code)))
  const nextMessage = (ws: WebSocket) =>
    new Promise<Record<string, unknown>>((r) => ws.once('message', (d) => r(JSON.parse(String(d)))))

  it('needs a known API key to connect', async () => {
    const ws = raw('vsn=1.0.0')
    const status = await new Promise((r) =>
      ws.once('unexpected-response', (_req, res) => r(res.statusCode)),
    )
    expect(status).toBe(401)
  })

  it('closes a socket that sends garbage, and answers unknown topics, leaving other sockets be', async () => {
    const good = raw()
    const bad = raw()
    await Promise.all([opened(good), opened(bad)])
    const closed = closeCode(bad)
    bad.send('{not json')
    expect(await closed).toBe(1007)

    good.send(JSON.stringify({ topic: 'elsewhere', event: 'phx_join', payload: {}, ref: '1' }))
    expect(await nextMessage(good)).toMatchObject({
      event: 'phx_reply',
      ref: '1',
      payload: { status: 'error', response: { reason: 'unmatched topic' } },
    })
    good.send(JSON.stringify({ topic: 'realtime:x', event: 'broadcast', payload: {}, ref: '2' }))
    expect(await nextMessage(good)).toMatchObject({ payload: { status: 'error' } })
    good.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '3' }))
    expect(await nextMessage(good)).toMatchObject({ ref: '3', payload: { status: 'ok' } })
    good.close()
  })

  it('bounds channels per client and messages per second', async () => {
    const ws = raw()
    await opened(ws)
    const replies: Record<string, unknown>[] = []
    ws.on('message', (d) => replies.push(JSON.parse(String(d))))
    for (let i = 0; i < 101; i++) {
      // Joins per second are bounded too: pace them under that bound.
      if (i === 60) await sleep(1100)
      ws.send(
        JSON.stringify({
          topic: `realtime:c${i}`,
          event: 'phx_join',
          payload: { config: {} },
          ref: `${i}`,
          join_ref: `${i}`,
        }),
      )
    }
    await until(() => replies.filter((r) => r.event === 'phx_reply').length === 101, 5000)
    const refused = replies.filter((r) => (r.payload as { status: string }).status === 'error')
    expect(
      refused.map((r) => (r.payload as { response: { reason: string } }).response.reason),
    ).toEqual(['ChannelRateLimitReached: Too many channels'])
    replies.length = 0
    for (let i = 0; i < 150; i++) {
      ws.send(
        JSON.stringify({
          topic: 'realtime:c0',
          event: 'broadcast',
          payload: { type: 'broadcast', event: 'x', payload: {} },
          ref: null,
          join_ref: '0',
        }),
      )
    }
    await until(() => replies.some((r) => r.event === 'phx_close'))
    expect(replies.find((r) => r.event === 'system')).toMatchObject({
      payload: { status: 'error', message: 'Too many messages per second' },
    })
    ws.close()
  })

  it('drops a socket that stops sending heartbeats', async () => {
    // Other sockets come and go while this runs (earlier tests' closes, supabase-js reconnecting),
    // so the check is on this socket's own end, not on the server's count.
    const ws = raw()
    await opened(ws)
    const ended = closeCode(ws)
    // A raw socket sends no heartbeats. The server's timeout is a minute; the clock moves past it.
    server.server.clock.advance(61_000)
    try {
      // 1006: the server cut the connection without a closing handshake.
      expect(await Promise.race([ended, sleep(8000).then(() => 'still open')])).toBe(1006)
    } finally {
      server.server.clock.advance(-61_000)
    }
  })
})
