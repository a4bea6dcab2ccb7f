import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installParitySchema } from '../../../../support/parity-schema'
import { startRestEnv, type RestEnv } from '../../../../support/rest-server'
import { freshDb } from '../../../../support/test-db'

/**
 * RPC as PostgREST 13 answers it (test/spec/Feature/Query/RpcSpec.hs and
 * Preferences/MaxAffectedSpec.hs): overload choice, single unnamed parameters, counts of scalar
 * results, and max-affected with handling=strict.
 */
let env: RestEnv

beforeAll(async () => {
  env = await startRestEnv(await freshDb({ migrations: false }), installParitySchema)
})

afterAll(async () => {
  await env?.close()
})

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  env.raw(path, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

describe('a function returning one scalar', () => {
  it('counts its one value with count=exact: Content-Range 0-0/1, and supabase-js reads count 1', async () => {
    const res = await env.raw('/rpc/add_them?a=3&b=4', { headers: { Prefer: 'count=exact' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-range')).toBe('0-0/1')
    expect(await res.text()).toBe('7')
    const js = await env.anon.rpc('add_them', { a: 3, b: 4 }, { count: 'exact' })
    expect(js).toMatchObject({ status: 200, data: 7, count: 1, error: null })
  })

  it('answers 0-0/* without a count', async () => {
    const res = await env.raw('/rpc/add_them?a=3&b=4')
    expect(res.headers.get('content-range')).toBe('0-0/*')
    expect(await res.text()).toBe('7')
  })
})

describe('overloaded functions', () => {
  it('calls the overload whose parameters match the keys given', async () => {
    expect(await (await env.raw('/rpc/overloaded_unnamed_param')).json()).toBe(1)
    const none = await post('/rpc/overloaded_unnamed_param', '{}')
    expect(none.status).toBe(200)
    expect(await none.json()).toBe(1)
    const two = await post('/rpc/overloaded_unnamed_param', '{"x": 1, "y": 2}')
    expect(two.status).toBe(200)
    expect(await two.json()).toBe(3)
    const js = await env.anon.rpc('overloaded_unnamed_param', { x: 1, y: 2 })
    expect(js).toMatchObject({ status: 200, data: 3, error: null })
  })

  it('falls back to the single unnamed json parameter when no overload matches', async () => {
    const res = await post('/rpc/overloaded_unnamed_param', '{"A": 1, "B": 2, "C": 3}')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ A: 1, B: 2, C: 3 })
  })

  it('passes the whole body to a single unnamed json parameter', async () => {
    const res = await post('/rpc/unnamed_json_param', '{"A": 1, "B": 2, "C": 3}')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ A: 1, B: 2, C: 3 })
    // A key that is the empty name is still the whole body, never an SQL error.
    const empty = await post('/rpc/unnamed_json_param', '{"": "text"}')
    expect(empty.status).toBe(200)
    expect(await empty.json()).toEqual({ '': 'text' })
  })

  it('refuses a json body for a function whose single parameter has a name', async () => {
    const res = await post('/rpc/named_json_param', '{"A": 1, "B": 2, "C": 3}')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.named_json_param(A, B, C) in the schema cache',
      details:
        'Searched for the function public.named_json_param with parameters A, B, C or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    })
  })
})

describe('Prefer: handling=strict, max-affected on RPC', () => {
  it('refuses a call that affects more rows than allowed, and keeps them', async () => {
    const res = await post('/rpc/delete_items_returns_setof', '', {
      Prefer: 'handling=strict, max-affected=10',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'PGRST124',
      details: 'The query affects 15 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    })
    const { count } = await env.service.from('items').select('*', { count: 'exact', head: true })
    expect(count).toBe(20)
  })

  it('refuses it for a function that does not return a set', async () => {
    const res = await post('/rpc/delete_items_returns_void', '', {
      Prefer: 'handling=strict, max-affected=20',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'PGRST128',
      details: null,
      hint: null,
      message:
        'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    })
    const { count } = await env.service.from('items').select('*', { count: 'exact', head: true })
    expect(count).toBe(20)
  })

  it('runs a call within the limit', async () => {
    const res = await post('/rpc/delete_items_returns_setof', '', {
      Prefer: 'handling=strict, max-affected=20',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(Array.from({ length: 15 }, (_, i) => ({ id: i + 1 })))
  })
})
