import { fileURLToPath } from 'node:url'
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readVerifyJwt } from '../../../../supabase/local/functions-runner'
import { startTestServer, type TestServer } from '../../../support/server'

/** Edge functions through `supabase.functions.invoke`, run by the local Deno.serve shim. */
const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url))
let t: TestServer

beforeAll(async () => {
  t = await startTestServer({ functionsDir: fixtures, configFile: `${fixtures}/config.toml` })
})
afterAll(async () => {
  await t?.close()
})

describe('invoke', () => {
  it('hands the function a Fetch request and returns its JSON answer', async () => {
    const { data, error } = await t.client().functions.invoke('echo', {
      body: { items: [1, 2] },
      headers: { 'x-custom': 'yes' },
    })
    expect(error).toBeNull()
    expect(data).toEqual({
      method: 'POST',
      path: '/echo',
      search: '',
      body: { items: [1, 2] },
      contentType: 'application/json',
      authorization: `Bearer ${t.anonKey}`,
      custom: 'yes',
      supabaseUrl: t.url,
      hasAnonKey: true,
      hasServiceKey: true,
    })
  })

  it('keeps sub-paths and query strings after the function name', async () => {
    const { data } = await t.client().functions.invoke('echo/orders/42?view=full', {
      method: 'GET',
    })
    expect(data).toMatchObject({ method: 'GET', path: '/echo/orders/42', search: '?view=full' })
  })

  it('parses by content type: no JSON content type means text', async () => {
    const { data, error } = await t.client().functions.invoke('plain-text')
    expect(error).toBeNull()
    expect(data).toBe('{"looks":"like json"}')
  })

  it('turns a non-2xx answer into FunctionsHttpError with a readable body', async () => {
    const { data, error } = await t.client().functions.invoke('teapot')
    expect(data).toBeNull()
    expect(error).toBeInstanceOf(FunctionsHttpError)
    expect((error as FunctionsHttpError).context.status).toBe(418)
    expect(await (error as FunctionsHttpError).context.json()).toEqual({
      error: 'Out of stock',
      code: 'sold_out',
    })
  })

  it('passes the signed-in user through: a function can call back into auth', async () => {
    const { client, email } = await t.signUpUser()
    const { data, error } = await client.functions.invoke('whoami')
    expect(error).toBeNull()
    expect(data).toEqual({ email })
  })
})

describe('two servers in one process', () => {
  it('each runs the function itself, with its own address in Deno.env', async () => {
    // The first server has loaded echo already; the module system would hand the second the same
    // module, which never calls Deno.serve again.
    expect((await t.client().functions.invoke('echo')).error).toBeNull()
    const second = await startTestServer({ functionsDir: fixtures })
    try {
      const answers = await Promise.all(
        [t, second].map(async (server) => (await server.client().functions.invoke('echo')).data),
      )
      expect(answers).toMatchObject([{ supabaseUrl: t.url }, { supabaseUrl: second.url }])
    } finally {
      await second.close()
    }
  })
})

describe('relay errors', () => {
  it.each(['does-not-exist', 'crash', 'boot-error', 'no-serve', '_shared'])(
    '%s → FunctionsRelayError (x-relay-error: true)',
    async (name) => {
      const { data, error, response } = await t.client().functions.invoke(name)
      expect(data).toBeNull()
      expect(error).toBeInstanceOf(FunctionsRelayError)
      expect(response?.headers.get('x-relay-error')).toBe('true')
    },
  )
})

describe('verify_jwt', () => {
  const forged = (token: string) => {
    const [header, payload] = token.split('.')
    return `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`
  }

  it('runs nothing without a valid Bearer token (default verify_jwt = true)', async () => {
    const missing = await fetch(`${t.url}/functions/v1/echo`, { method: 'POST' })
    expect(missing.status).toBe(401)
    expect(missing.headers.get('x-relay-error')).toBeNull()

    const bad = await fetch(`${t.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${forged(t.anonKey)}` },
    })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({ code: 401, message: 'Invalid JWT' })

    const { error } = await t.client({ accessToken: forged(t.anonKey) }).functions.invoke('echo')
    expect(error).toBeInstanceOf(FunctionsHttpError)
  })

  it('lets anyone call a function with verify_jwt = false', async () => {
    const res = await fetch(`${t.url}/functions/v1/public-hello`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ hello: 'world' })
  })

  it('reads [functions.<name>] sections of config.toml', () => {
    const parsed = readVerifyJwt(`
[api]
verify_jwt = false  # not a function
[functions.a]
verify_jwt = false
[functions."b-c"]
verify_jwt = true
`)
    expect([...parsed]).toEqual([
      ['a', false],
      ['b-c', true],
    ])
  })
})

describe('CORS belongs to the function, as on hosted', () => {
  it('passes the preflight to the function and adds no CORS headers of its own', async () => {
    const preflight = await fetch(`${t.url}/functions/v1/public-hello`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    })
    expect(preflight.status).toBe(200)
    expect(await preflight.text()).toBe('ok')
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull()

    const plain = await fetch(`${t.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.anonKey}`, origin: 'http://localhost:5173' },
    })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
  })
})
