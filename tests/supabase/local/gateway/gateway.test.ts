import { fileURLToPath } from 'node:url'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../support/server'

/** The Kong part: API keys, CORS, and forged or expired JWTs refused by every service. */
const fixtures = fileURLToPath(new URL('../functions/fixtures', import.meta.url))
let t: TestServer
let userToken: string

beforeAll(async () => {
  t = await startTestServer({ functionsDir: fixtures, configFile: `${fixtures}/config.toml` })
  const { client } = await t.signUpUser()
  userToken = (await client.auth.getSession()).data.session!.access_token
})
afterAll(async () => {
  await t?.close()
})

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const sign = (payload: Record<string, unknown>, secret: string) =>
  new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))

async function forgedTokens() {
  const now = Math.floor(Date.now() / 1000)
  const [header, payload, signature] = userToken.split('.') as [string, string, string]
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
  return {
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, role: 'service_role' })}.`,
    'wrong signature': await sign(
      { ...claims, role: 'service_role' },
      'another-secret-that-is-at-least-32-characters',
    ),
    'edited role': `${header}.${b64({ ...claims, role: 'service_role' })}.${signature}`,
    expired: await sign({ ...claims, iat: now - 7200, exp: now - 3600 }, t.jwtSecret),
  }
}

describe('API keys', () => {
  it('requires an apikey on /rest and /auth, with Kong’s exact answers', async () => {
    for (const path of ['/rest/v1/products', '/auth/v1/user', '/auth/v1/settings']) {
      const missing = await fetch(`${t.url}${path}`)
      expect(missing.status).toBe(401)
      expect(await missing.json()).toEqual({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      })
      const unknown = await fetch(`${t.url}${path}`, { headers: { apikey: 'not-a-key' } })
      expect(unknown.status).toBe(401)
      expect(await unknown.json()).toEqual({
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      })
    }
  })

  it('refuses a forged key used as the apikey', async () => {
    const { 'edited role': forged } = await forgedTokens()
    const res = await fetch(`${t.url}/auth/v1/settings`, { headers: { apikey: forged } })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { message: string }).message).toBe('Invalid API key')
  })

  it('accepts ?apikey= and leaves email-link routes open', async () => {
    const settings = await fetch(`${t.url}/auth/v1/settings?apikey=${t.anonKey}`)
    expect(settings.status).toBe(200)
    const verify = await fetch(`${t.url}/auth/v1/verify?token=nope&type=signup`, {
      redirect: 'manual',
    })
    expect(verify.status).toBe(303)
  })
})

describe('CORS', () => {
  it.each(['/rest/v1/products', '/auth/v1/token?grant_type=password', '/storage/v1/object'])(
    'answers the preflight on %s and echoes the requested headers',
    async (path) => {
      const res = await fetch(`${t.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'apikey, authorization, content-type, x-client-info, x-supabase-api-version, prefer',
        },
      })
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('access-control-allow-methods')).toBe(
        'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      )
      expect(res.headers.get('access-control-allow-headers')).toBe(
        'apikey, authorization, content-type, x-client-info, x-supabase-api-version, prefer',
      )
      expect(res.headers.get('access-control-max-age')).toBe('86400')
    },
  )

  it('exposes the headers supabase-js reads, on answers and on gateway errors', async () => {
    for (const res of [
      await fetch(`${t.url}/auth/v1/settings`, { headers: { apikey: t.anonKey } }),
      await fetch(`${t.url}/rest/v1/products`),
    ]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase()
      for (const header of [
        'content-range',
        'x-supabase-api-version',
        'x-relay-error',
        'x-sb-error-code',
        'preference-applied',
        'range-unit',
        'content-location',
        'location',
      ]) {
        expect(exposed.split(', ')).toContain(header)
      }
    }
  })
})

describe('forged and expired JWTs', () => {
  it('are refused by auth (403 bad_jwt), REST (401) and functions (401)', async () => {
    const tokens = await forgedTokens()
    for (const [name, token] of Object.entries(tokens)) {
      const auth = await fetch(`${t.url}/auth/v1/user`, {
        headers: {
          apikey: t.anonKey,
          authorization: `Bearer ${token}`,
          'x-supabase-api-version': '2024-01-01',
        },
      })
      expect(auth.status, `auth: ${name}`).toBe(403)
      expect(((await auth.json()) as { code: string }).code, `auth: ${name}`).toBe('bad_jwt')

      const rest = await fetch(`${t.url}/rest/v1/user_roles?select=*`, {
        headers: { apikey: t.anonKey, authorization: `Bearer ${token}` },
      })
      expect(rest.status, `rest: ${name}`).toBe(401)
      const body = (await rest.json()) as { code: string }
      expect(body.code, `rest: ${name}`).toBe(name === 'expired' ? 'PGRST303' : 'PGRST301')

      const fn = await fetch(`${t.url}/functions/v1/echo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(fn.status, `functions: ${name}`).toBe(401)
    }
  })

  it('while the genuine token works on all three', async () => {
    const headers = { apikey: t.anonKey, authorization: `Bearer ${userToken}` }
    expect((await fetch(`${t.url}/auth/v1/user`, { headers })).status).toBe(200)
    expect((await fetch(`${t.url}/rest/v1/user_roles?select=*`, { headers })).status).toBe(200)
    const fn = await fetch(`${t.url}/functions/v1/echo`, { method: 'POST', headers })
    expect(fn.status).toBe(200)
  })
})

describe('the dev inbox', () => {
  it('is served at /__dev/inbox as HTML and JSON', async () => {
    const html = await fetch(`${t.url}/__dev/inbox`)
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await html.text()).toContain('<h1>Local inbox</h1>')
    const json = await fetch(`${t.url}/__dev/inbox.json`)
    expect(Array.isArray(await json.json())).toBe(true)
    expect((await fetch(`${t.url}/__dev/other`)).status).toBe(404)
  })
})
