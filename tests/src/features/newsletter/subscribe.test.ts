// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import type { subscribe as subscribeFn } from '@/features/newsletter/api/subscribe'
import { startTestServer, uniqueEmail, type TestServer } from '../../../support/server'

/**
 * `subscribe()` against the real embedded backend: the migration's function, RLS and unique keys.
 * (Node environment: the browser's supabase-js client needs a WebSocket class, which Node 20 lacks.)
 */
let server: TestServer
let subscribe: typeof subscribeFn

beforeAll(async () => {
  server = await startTestServer()
  vi.stubGlobal('WebSocket', WebSocket)
  vi.stubEnv('VITE_SUPABASE_URL', server.url)
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', server.anonKey)
  ;({ subscribe } = await import('@/features/newsletter/api/subscribe'))
  // Transform supabase-js once up front, so the first subscription is not timed with it.
  await import('@supabase/supabase-js')
}, 60_000)

let closed = false
afterAll(async () => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  if (!closed) await server?.close()
})

async function rowsFor(email: string) {
  const { data, error } = await server
    .admin()
    .from('newsletter_subscribers')
    .select('email, client_id, source')
    .eq('email', email)
  if (error) throw error
  return data
}

describe('subscribe', () => {
  it('stores a new address with its client id and source', async () => {
    const email = uniqueEmail('news')
    const clientId = crypto.randomUUID()
    const result = await subscribe({ email, clientId, source: 'footer' })
    // The sign-up also issues the address's welcome code, shown once.
    expect(result).toMatchObject({ ok: true, percent: 40, welcome: { percent: 40 } })
    expect(result.ok && result.welcome?.code).toMatch(/^WELCOME-/)
    expect(await rowsFor(email)).toEqual([{ email, client_id: clientId, source: 'footer' }])
    // The first call also builds the client and has the database plan the offer's functions.
  }, 15_000)

  it('treats a known address and a replayed request as success, stored once', async () => {
    const email = uniqueEmail('twice')
    const clientId = crypto.randomUUID()
    await subscribe({ email, clientId, source: 'home' })
    await expect(subscribe({ email, clientId, source: 'home' })).resolves.toMatchObject({
      ok: true,
      welcome: null,
    })
    await expect(
      subscribe({ email: email.toUpperCase(), clientId: crypto.randomUUID(), source: 'home' }),
    ).resolves.toMatchObject({ ok: true, welcome: null })
    expect(await rowsFor(email)).toHaveLength(1)
  })

  it('reports an address the server refuses as invalid, not retryable', async () => {
    const result = await subscribe({
      email: 'shopper@nowhere',
      clientId: crypto.randomUUID(),
      source: 'home',
    })
    expect(result).toMatchObject({ ok: false, reason: 'invalid_email', retryable: false })
  })

  it('cannot read the list back as a visitor', async () => {
    const email = uniqueEmail('private')
    await subscribe({ email, clientId: crypto.randomUUID(), source: 'home' })
    const { data, error } = await server.client().from('newsletter_subscribers').select('email')
    expect(error ?? data).toBeTruthy()
    expect(data ?? []).toEqual([])
  })

  it('answers "network, retry later" when offline or when the server cannot be reached', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const offline = await subscribe({
      email: uniqueEmail(),
      clientId: crypto.randomUUID(),
      source: 'home',
    })
    expect(offline).toMatchObject({ ok: false, reason: 'network', retryable: true })
    vi.stubGlobal('navigator', { onLine: true })

    await server.close()
    closed = true
    const unreachable = await subscribe({
      email: uniqueEmail(),
      clientId: crypto.randomUUID(),
      source: 'home',
    })
    expect(unreachable).toMatchObject({ ok: false, reason: 'network', retryable: true })
  })
})
