import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppStore } from '@/app/store'
import type * as AuthSlice from '@/features/auth/auth-slice'
import type * as OrderSender from '@/features/checkout/order-outbox-sender'
import type * as OutboxAuth from '@/features/outbox/outbox-auth'
import type * as OutboxSlice from '@/features/outbox/outbox'
import type { OutboxItem } from '@/features/outbox/outbox'
import type * as Supabase from '@/lib/supabase'
import { startBackendProcess, type BackendProcess } from '../../../support/backend-process'

/**
 * The outbox with its real parts: the order sender, the session adapter (supabase-js as the app makes
 * it) and sign-out, against the embedded backend behind a switch that can answer 500, 502 or 503 like a
 * failing gateway, or drop every connection like a phone that lost its signal.
 */
vi.setConfig({ testTimeout: 60_000 })

/** `lose`: the request reaches the store, which commits, but the answer never comes back. */
type Mode = 'pass' | 'down' | 'lose' | 500 | 502 | 503
let mode: Mode = 'pass'
let backend: BackendProcess
let proxy: Server
let proxyUrl: string
/** Every request the switch answered with a failure: proof the real sender really saw it. */
const failed: Array<{ path: string; status: Mode }> = []
let admin: SupabaseClient

const FAILURES: Record<500 | 502 | 503, { type: string; body: string }> = {
  500: {
    type: 'application/json',
    body: '{"code":"XX000","message":"internal error","details":null,"hint":null}',
  },
  502: { type: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
  503: { type: 'application/json', body: '{"message":"Service Unavailable"}' },
}

function startSwitch(target: string): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (mode === 'down') {
        req.socket.destroy()
        return
      }
      if (req.method !== 'OPTIONS' && mode !== 'pass' && mode !== 'lose') {
        failed.push({ path: req.url ?? '', status: mode })
        const { type, body } = FAILURES[mode]
        res.writeHead(mode, { 'content-type': type, 'access-control-allow-origin': '*' })
        res.end(body)
        return
      }
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        if (
          typeof value === 'string' &&
          !['host', 'connection', 'accept-encoding'].includes(name)
        ) {
          headers.set(name, value)
        }
      }
      fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: ['GET', 'HEAD'].includes(req.method ?? '') ? undefined : Buffer.concat(chunks),
      }).then(
        async (answer) => {
          if (mode === 'lose') {
            await answer.arrayBuffer()
            req.socket.destroy()
            return
          }
          const out: Record<string, string> = {}
          answer.headers.forEach((value, name) => {
            if (!['content-encoding', 'content-length', 'transfer-encoding'].includes(name)) {
              out[name] = value
            }
          })
          res.writeHead(answer.status, out)
          res.end(Buffer.from(await answer.arrayBuffer()))
        },
        () => res.destroy(),
      )
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

let makeStore: () => AppStore
let modules: {
  slice: typeof OutboxSlice
  auth: typeof OutboxAuth
  sender: typeof OrderSender
  authSlice: typeof AuthSlice
  supabase: typeof Supabase
}

beforeAll(async () => {
  backend = await startBackendProcess()
  proxy = await startSwitch(backend.url)
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  vi.stubEnv('VITE_SUPABASE_URL', proxyUrl)
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', backend.anonKey)
  // The app reads its backend address when its modules load: load them after pointing it here.
  ;({ makeStore } = await import('@/app/store'))
  modules = {
    slice: await import('@/features/outbox/outbox'),
    auth: await import('@/features/outbox/outbox-auth'),
    sender: await import('@/features/checkout/order-outbox-sender'),
    authSlice: await import('@/features/auth/auth-slice'),
    supabase: await import('@/lib/supabase'),
  }
  admin = createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { error } = await admin.from('products').insert({
    id: 'ob-kikoi',
    slug: 'ob-kikoi',
    name: 'Kikoi Wrap',
    category: 'accessories',
    price: 2800,
    stock: 100,
  } as never)
  if (error) throw new Error(error.message)
  // These tests queue many guest orders from one phone and address: the guest limits have their own.
  const limits = await admin
    .from('store_settings')
    .update({
      guest_orders_per_phone_per_day: 1000,
      guest_orders_per_device_per_day: 1000,
      guest_orders_per_address_per_day: 1000,
    } as never)
    .eq('id', true)
  if (limits.error) throw new Error(limits.error.message)
}, 90_000)

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve))
  await backend?.stop()
})

beforeEach(() => {
  mode = 'pass'
  failed.length = 0
})

async function newAccount() {
  const email = `outbox-${crypto.randomUUID()}@example.com`
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: 'outbox-pass-1',
    email_confirm: true,
  })
  if (error) throw error
  return { email, password: 'outbox-pass-1', id: data.user.id }
}

function orderItem(userId: string | null): OutboxItem {
  return {
    id: crypto.randomUUID(),
    kind: 'order',
    payload: {
      items: [{ productId: 'ob-kikoi', quantity: 1 }],
      contact: { name: 'Achieng Otieno', email: 'achieng@example.com', phone: '0712345678' },
      delivery: {
        method: 'delivery',
        county: 'Nairobi',
        town: 'Kilimani',
        street: 'Argwings Kodhek',
      },
      paymentMethod: 'cod',
    },
    userId,
    createdAt: Date.now(),
    attempts: 0,
    lastError: null,
    status: 'pending',
    nextAttemptAt: null,
  }
}

const ordersWithKey = async (key: string) =>
  (await admin.from('orders').select('id').eq('client_order_id', key)).data ?? []

describe('the real order sender', () => {
  it('keeps an order through 500, 502 and 503, then delivers it once', async () => {
    const app = await (await modules.supabase.getSupabase()).auth.getSession()
    expect(app.data.session).toBeNull()
    const unregister = modules.slice.registerOutboxSender(
      'order',
      modules.sender.createOrderSender(),
    )
    try {
      const store = makeStore()
      const item = orderItem(null)
      store.dispatch(modules.slice.itemQueued(item))
      for (const status of [500, 502, 503] as const) {
        mode = status
        await store.dispatch(modules.slice.flushOutbox({ trigger: 'manual' }))
        const [kept] = store.getState().outbox.items
        // Neither delivered nor refused: kept, to be tried again under the same key.
        expect(kept).toMatchObject({ id: item.id, status: 'failed' })
        expect(kept?.nextAttemptAt).toBeGreaterThan(Date.now())
      }
      expect(failed.map((f) => [f.path, f.status])).toEqual([
        ['/rest/v1/rpc/place_order', 500],
        ['/rest/v1/rpc/place_order', 502],
        ['/rest/v1/rpc/place_order', 503],
      ])
      expect(await ordersWithKey(item.id)).toEqual([])

      mode = 'pass'
      const summary = await store.dispatch(modules.slice.flushOutbox({ trigger: 'online' }))
      expect(summary).toMatchObject({ delivered: 1, rejected: 0, remaining: 0 })
      expect(await ordersWithKey(item.id)).toHaveLength(1)
    } finally {
      unregister()
    }
  })

  it('treats a dropped connection the same way, and a real refusal as final', async () => {
    const unregister = modules.slice.registerOutboxSender(
      'order',
      modules.sender.createOrderSender(),
    )
    try {
      const store = makeStore()
      const bad = orderItem(null)
      ;(bad.payload as { items: unknown }).items = [{ productId: 'ob-kikoi', quantity: -1 }]
      store.dispatch(modules.slice.itemQueued(bad))
      mode = 'down'
      await store.dispatch(modules.slice.flushOutbox({ trigger: 'manual' }))
      expect(store.getState().outbox.items[0]).toMatchObject({ status: 'failed' })
      mode = 'pass'
      const summary = await store.dispatch(modules.slice.flushOutbox({ trigger: 'manual' }))
      expect(summary).toMatchObject({ delivered: 0, rejected: 1, remaining: 0 })
    } finally {
      unregister()
    }
  })
})

describe('a replay from the device', () => {
  it('finds its order after it bought the last unit and the product was switched off and repriced', async () => {
    const { error } = await admin.from('products').insert({
      id: 'ob-last',
      slug: 'ob-last',
      name: 'Last Kanga',
      category: 'accessories',
      price: 3100,
      stock: 1,
    } as never)
    if (error) throw new Error(error.message)
    const unregister = modules.slice.registerOutboxSender(
      'order',
      modules.sender.createOrderSender(),
    )
    try {
      const store = makeStore()
      const item = orderItem(null)
      ;(item.payload as { items: unknown }).items = [{ productId: 'ob-last', quantity: 1 }]
      store.dispatch(modules.slice.itemQueued(item))
      // The store takes the order (its last unit), but the answer is lost.
      mode = 'lose'
      await store.dispatch(modules.slice.flushOutbox({ trigger: 'online' }))
      expect(store.getState().outbox.items).toHaveLength(1)
      expect(await ordersWithKey(item.id)).toHaveLength(1)
      await admin
        .from('products')
        .update({ active: false, price: 9900 } as never)
        .eq('id', 'ob-last')

      mode = 'pass'
      const summary = await store.dispatch(modules.slice.flushOutbox({ trigger: 'online' }))
      expect(summary).toMatchObject({ delivered: 1, rejected: 0, remaining: 0 })
      const { data: orders } = await admin
        .from('orders')
        .select('client_order_id, subtotal')
        .eq('client_order_id', item.id)
      expect(orders).toEqual([{ client_order_id: item.id, subtotal: 3100 }])
    } finally {
      unregister()
    }
  })
})

describe('the real session adapter', () => {
  it('reads the signed-in user and renews the session, for that user only', async () => {
    const account = await newAccount()
    const other = await newAccount()
    const client = await modules.supabase.getSupabase()
    const auth = modules.auth.outboxAuth()
    expect(await auth.sessionUserId()).toBeNull()
    expect(
      (await client.auth.signInWithPassword({ email: account.email, password: account.password }))
        .error,
    ).toBeNull()
    expect(await auth.sessionUserId()).toBe(account.id)

    // ('unreachable' is left out: supabase-js retries an unreachable refresh for 30 seconds first.)
    expect(await auth.refresh(account.id)).toBe('refreshed')
    // A session that turns out to be someone else's is no renewal for this user.
    expect(await auth.refresh(other.id)).toBe('failed')

    // Signed out everywhere from another device: renewal fails for good.
    const elsewhere = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    await elsewhere.auth.signInWithPassword({ email: account.email, password: account.password })
    expect((await elsewhere.auth.signOut({ scope: 'global' })).error).toBeNull()
    expect(await auth.refresh(account.id)).toBe('failed')
  })
})

describe('sign-out while offline', () => {
  it('signs this device out and clears the session, the user’s queued orders and checkout data', async () => {
    const account = await newAccount()
    const store = makeStore()
    store.dispatch(modules.authSlice.startAuth())
    const client = await modules.supabase.getSupabase()
    await client.auth.signInWithPassword({ email: account.email, password: account.password })
    await vi.waitFor(() => expect(store.getState().auth.user?.id).toBe(account.id))
    const sessionKey = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))
    expect(sessionKey).toBeDefined()

    store.dispatch(modules.slice.itemQueued(orderItem(account.id)))
    const guestItem = orderItem(null)
    store.dispatch(modules.slice.itemQueued(guestItem))
    localStorage.setItem('luxe.checkout.queued', '{"x":{"phone":"0712345678"}}')

    mode = 'down'
    const result = await store.dispatch(modules.authSlice.signOut())
    expect(result).toEqual({ status: 'signed-out-here' })
    expect(localStorage.getItem(sessionKey!)).toBeNull()
    expect((await client.auth.getSession()).data.session).toBeNull()
    expect(store.getState().auth.user).toBeNull()
    // The user's token-carrying requests are gone; a guest's stay.
    expect(store.getState().outbox.items.map((i) => i.id)).toEqual([guestItem.id])
    await vi.waitFor(() => expect(localStorage.getItem('luxe.checkout.queued')).toBeNull())
  })
})

describe('many clients reconnecting at once', () => {
  it('places every queued order exactly once, through lost answers and double flushes', async () => {
    const { data: before } = await admin
      .from('products')
      .select('stock')
      .eq('id', 'ob-kikoi')
      .single()
    const unregister = modules.slice.registerOutboxSender(
      'order',
      modules.sender.createOrderSender(),
    )
    try {
      // 12 phones with 2 orders each, queued while offline.
      const phones = Array.from({ length: 12 }, () => {
        const store = makeStore()
        const queued = [orderItem(null), orderItem(null)]
        for (const item of queued) store.dispatch(modules.slice.itemQueued(item))
        return { store, queued }
      })
      const keys = phones.flatMap((p) => p.queued.map((i) => i.id))

      // They come back together; the store takes the orders but every answer is lost.
      mode = 'lose'
      await Promise.all(
        phones.map((p) => p.store.dispatch(modules.slice.flushOutbox({ trigger: 'online' }))),
      )
      for (const p of phones) expect(p.store.getState().outbox.items).toHaveLength(2)

      // Then the answers come through; each phone flushes twice at once (online and focus events).
      mode = 'pass'
      await Promise.all(
        phones.flatMap((p) => [
          p.store.dispatch(modules.slice.flushOutbox({ trigger: 'online' })),
          p.store.dispatch(modules.slice.flushOutbox({ trigger: 'focus', force: true })),
        ]),
      )
      for (const p of phones) expect(p.store.getState().outbox.items).toEqual([])

      const { data: orders } = await admin
        .from('orders')
        .select('client_order_id')
        .in('client_order_id', keys)
      expect(orders?.map((o) => o.client_order_id as string).sort()).toEqual([...keys].sort())
      const { data: after } = await admin
        .from('products')
        .select('stock')
        .eq('id', 'ob-kikoi')
        .single()
      expect((before as { stock: number }).stock - (after as { stock: number }).stock).toBe(
        keys.length,
      )
    } finally {
      unregister()
    }
  })
})
