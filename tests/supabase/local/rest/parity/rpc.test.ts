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

describe('errors raised in the database (ErrorSpec.hs, RpcSpec.hs)', () => {
  it('takes the status of a PTnnn code, and answers 500 for a PT code without a number', async () => {
    const paid = await env.anon.rpc('raise_pt402')
    expect(paid.status).toBe(402)
    expect(paid.error).toEqual({
      code: 'PT402',
      message: 'Payment Required',
      details: 'Quota exceeded',
      hint: 'Upgrade your plan',
    })
    const bad = await env.raw('/rpc/raise_bad_pt')
    expect(bad.status).toBe(500)
    expect(await bad.json()).toEqual({ code: 'PT40A', message: 'Wrong', details: null, hint: null })
  })

  it("gives full control of the response to RAISE SQLSTATE 'PGRST'", async () => {
    const res = await env.raw('/rpc/raise_sqlstate_test1')
    expect(res.status).toBe(332)
    expect(res.headers.get('x-header')).toBe('str')
    expect(res.headers.get('proxy-status')).toBe('PostgREST; error=123')
    expect(await res.json()).toEqual({ code: '123', message: 'ABC', details: 'DEF', hint: 'XYZ' })
  })

  it('answers 500 PGRST121 when the PGRST message or detail is not the JSON it must be', async () => {
    const message = await env.raw('/rpc/raise_sqlstate_invalid_json_message')
    expect(message.status).toBe(500)
    expect(await message.json()).toEqual({
      code: 'PGRST121',
      message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      details: "Invalid JSON value for MESSAGE: 'INVALID'",
      hint: "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    })
    const detail = await env.raw('/rpc/raise_sqlstate_missing_details')
    expect(detail.status).toBe(500)
    expect(await detail.json()).toMatchObject({
      code: 'PGRST121',
      details: 'DETAIL is missing in the RAISE statement',
      hint: "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    })
  })

  it('refuses response GUCs PostgREST cannot read (PGRST111, PGRST112)', async () => {
    const headers = await post('/rpc/bad_guc_headers', '{}')
    expect(headers.status).toBe(500)
    expect(await headers.json()).toEqual({
      code: 'PGRST111',
      message:
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      details: null,
      hint: null,
    })
    const status = await post('/rpc/bad_guc_status', '{}')
    expect(status.status).toBe(500)
    expect(await status.json()).toEqual({
      code: 'PGRST112',
      message: 'response.status guc must be a valid status code',
      details: null,
      hint: null,
    })
  })

  it('answers 401 with WWW-Authenticate to anon and 403 to a signed-in user refused a grant', async () => {
    const anon = await env.raw('/members_only')
    expect(anon.status).toBe(401)
    expect(anon.headers.get('www-authenticate')).toBe('Bearer')
    expect(await anon.json()).toMatchObject({ code: '42501' })
    const token = await env.server.userToken('6a3c1d1e-0000-4000-8000-000000000001')
    const user = await env.raw('/members_only', { token })
    expect(user.status).toBe(403)
    expect(user.headers.get('www-authenticate')).toBeNull()
  })
})

describe('functions that cannot be found or called (RpcSpec.hs)', () => {
  it('names the nearest function, or the nearest parameters of the one named', async () => {
    const name = await env.raw('/rpc/add_thm')
    expect(name.status).toBe(404)
    expect(await name.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.add_thm without parameters in the schema cache',
      details:
        'Searched for the function public.add_thm without parameters, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_them',
    })
    const args = await env.raw('/rpc/add_them?a=1&b=2&smthelse=blabla')
    expect(await args.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.add_them(a, b, smthelse) in the schema cache',
      details:
        'Searched for the function public.add_them with parameters a, b, smthelse, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_them(a, b)',
    })
    const one = await env.anon.rpc('add_them', { a: 1 })
    expect(one.status).toBe(404)
    expect(one.error).toMatchObject({
      message: 'Could not find the function public.add_them(a) in the schema cache',
      details:
        'Searched for the function public.add_them with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    })
  })

  it('refuses other methods with 405 PGRST101', async () => {
    const res = await env.raw('/rpc/add_them', { method: 'DELETE' })
    expect(res.status).toBe(405)
    expect(await res.json()).toEqual({
      code: 'PGRST101',
      message: 'Cannot use the DELETE method on RPC',
      details: null,
      hint: null,
    })
  })
})
