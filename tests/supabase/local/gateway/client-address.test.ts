import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalServer, type LocalServer } from '../../../../supabase/local/gateway'
import { DEMO_JWT_SECRET, demoSecretWarning } from '../../../../supabase/local/keys'
import { startTestServer, uniqueEmail, type TestServer } from '../../../support/server'
import { freshDb } from '../../../support/test-db'

/**
 * Rate limits count the real client: a forwarded-for header is believed only from a configured proxy,
 * and sign-in failures are counted per account as well as per address.
 */
const signIn = (url: string, anonKey: string, email: string, password: string, ip?: string) =>
  fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...(ip ? { 'x-forwarded-for': ip, 'x-real-ip': ip, forwarded: `for=${ip}` } : {}),
    },
    body: JSON.stringify({ email, password }),
  })

describe('without a configured proxy (the default)', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await startTestServer({ auth: { signInRateLimit: { maxFailures: 3, windowSeconds: 60 } } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('rotating X-Forwarded-For (and X-Real-IP, Forwarded) still hits 429, right password included', async () => {
    const { email, password } = await t.signUpUser()
    for (let i = 0; i < 3; i++) {
      const res = await signIn(t.url, t.anonKey, email, `wrong-${i}`, `203.0.113.${i + 1}`)
      expect(res.status).toBe(400)
    }
    const blocked = await signIn(t.url, t.anonKey, email, password, '203.0.113.200')
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toMatchObject({ code: 'over_request_rate_limit' })
  })

  it('limits one address across many emails (credential stuffing): five times the limit for one email', async () => {
    t.server.clock.advance(61_000)
    const victim = await t.signUpUser()
    // 15 wrong passwords, each for a different email: no single account reaches its limit.
    for (let i = 0; i < 15; i++) {
      const res = await signIn(t.url, t.anonKey, uniqueEmail('stuffed'), 'guess-1', `192.0.2.${i}`)
      expect(res.status).toBe(400)
    }
    const blocked = await signIn(t.url, t.anonKey, victim.email, victim.password)
    expect(blocked.status).toBe(429)
    t.server.clock.advance(61_000)
    expect((await signIn(t.url, t.anonKey, victim.email, victim.password)).status).toBe(200)
  })

  it('rotating X-Forwarded-For does not reset the per-address sign-up limit', async () => {
    t.server.authSettings.requestRateLimits = { otp: 2, verify: 30 }
    const signUp = (ip: string) =>
      fetch(`${t.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: uniqueEmail('spoof'), password: 'secret123' }),
      })
    expect((await signUp('198.51.100.1')).status).toBe(200)
    expect((await signUp('198.51.100.2')).status).toBe(200)
    expect((await signUp('198.51.100.3')).status).toBe(429)
  })
})

describe('behind a configured proxy', () => {
  let server: LocalServer
  const logs: string[] = []
  beforeAll(async () => {
    server = await createLocalServer({
      db: await freshDb(),
      port: 0,
      distDir: null,
      seedStaff: false,
      bcryptCost: 4,
      env: { TRUSTED_PROXIES: '127.0.0.1' },
      auth: { signInRateLimit: { maxFailures: 3, windowSeconds: 60 } },
      log: (m) => logs.push(m),
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  const account = async () => {
    const email = uniqueEmail('proxied')
    await server.auth.createUser({ email, password: 'right-pass-1', confirmed: true })
    return email
  }

  it('counts each real client apart: one client’s failures do not block another', async () => {
    const email = await account()
    for (let i = 0; i < 3; i++) {
      expect(
        (await signIn(server.url, server.keys.anonKey, email, 'bad', '198.51.100.1')).status,
      ).toBe(400)
    }
    expect(
      (await signIn(server.url, server.keys.anonKey, email, 'right-pass-1', '198.51.100.1')).status,
    ).toBe(429)
    expect(
      (await signIn(server.url, server.keys.anonKey, email, 'right-pass-1', '198.51.100.2')).status,
    ).toBe(200)
  })

  it('counts failures per account too: many addresses guessing one account hit 429', async () => {
    const email = await account()
    // Twice a client's limit, each try from a new address.
    for (let i = 0; i < 6; i++) {
      const res = await signIn(server.url, server.keys.anonKey, email, 'bad', `203.0.113.${i + 1}`)
      expect(res.status).toBe(400)
    }
    const blocked = await signIn(
      server.url,
      server.keys.anonKey,
      email,
      'right-pass-1',
      '192.0.2.77',
    )
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // Other accounts stay open from those addresses.
    const other = await account()
    expect(
      (await signIn(server.url, server.keys.anonKey, other, 'right-pass-1', '203.0.113.1')).status,
    ).toBe(200)
    server.clock.advance(61_000)
    expect(
      (await signIn(server.url, server.keys.anonKey, email, 'right-pass-1', '192.0.2.77')).status,
    ).toBe(200)
  })

  it('warns at start that tokens are signed with the public demo secret', () => {
    expect(logs.some((m) => m.includes('public demo JWT secret'))).toBe(true)
  })
})

describe('the demo secret warning', () => {
  it('is given for the demo secret only', () => {
    expect(demoSecretWarning({ jwtSecret: DEMO_JWT_SECRET })).toMatch(
      /^WARNING: tokens are signed with the Supabase CLI's public demo JWT secret\. .*set JWT_SECRET/,
    )
    expect(
      demoSecretWarning({ jwtSecret: 'a-custom-secret-of-more-than-thirty-two-chars' }),
    ).toBeUndefined()
  })
})
