import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installParitySchema } from '../../../../support/parity-schema'
import {
  startRestEnv,
  startRestServer,
  type RestEnv,
  type RestServer,
} from '../../../../support/rest-server'
import { freshDb } from '../../../../support/test-db'

/**
 * Counts and formats as PostgREST 13 gives them. Counts: RangeSpec.hs "when count=planned",
 * QueryLimitedSpec.hs "count=estimated" (max-rows 2), RelatedQueriesSpec.hs; the views over functions
 * declared ROWS 2019 and ROWS 1 are PostgREST's getallprojects_view and get_projects_above_view. CSV:
 * QuerySpec.hs "should respond with CSV", RpcSpec.hs "returns CSV": a header line of keys, then each
 * row as Postgres's record text without parentheses.
 */
let env: RestEnv
/** The same database behind a server whose max-rows is 2, as QueryLimitedSpec runs. */
let limited: RestServer

beforeAll(async () => {
  env = await startRestEnv(await freshDb({ migrations: false }), installParitySchema)
  limited = await startRestServer(env.db, { maxRows: 2 })
})

afterAll(async () => {
  await limited?.close()
  await env?.close()
})

const counted = (path: string, count: string, init: RequestInit = {}) =>
  env.raw(path, { ...init, headers: { Prefer: `count=${count}`, ...init.headers } })

const limitedHead = (path: string, count: string) =>
  fetch(`${limited.url}/rest/v1${path}`, {
    method: 'HEAD',
    headers: {
      apikey: limited.anonKey,
      Authorization: `Bearer ${limited.anonKey}`,
      Prefer: `count=${count}`,
    },
  })

describe('Prefer: count=planned', () => {
  it("answers the planner's estimate of the filtered rows, with 206 when the page is smaller", async () => {
    const res = await counted('/all_videogames_view?select=id&id=lt.3&order=id', 'planned')
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('0-1/673')
    expect(res.headers.get('preference-applied')).toBe('count=planned')
    expect(await res.json()).toEqual([{ id: 1 }, { id: 2 }])
    const head = await counted('/all_videogames_view', 'planned', { method: 'HEAD' })
    expect(head.status).toBe(206)
    expect(head.headers.get('content-range')).toBe('0-3/2019')
    const js = await env.anon
      .from('all_videogames_view')
      .select('id', { count: 'planned', head: true })
    expect(js).toMatchObject({ status: 206, count: 2019, error: null })
  })

  it('ignores limit and offset, and counts an analysed table with its embeds as its rows', async () => {
    const paged = await counted('/all_videogames_view?limit=2&offset=1', 'planned', {
      method: 'HEAD',
    })
    expect(paged.status).toBe(206)
    expect(paged.headers.get('content-range')).toBe('1-2/2019')
    const full = await counted('/items', 'planned', { method: 'HEAD' })
    expect(full.status).toBe(200)
    expect(full.headers.get('content-range')).toBe('0-19/20')
    const embedded = await env.anon
      .from('videogames')
      .select('name,designers(name)', { count: 'planned' })
      .order('id')
    expect(embedded).toMatchObject({ status: 200, count: 4, error: null })
    expect(embedded.data).toHaveLength(4)
  })

  it('leaves functions and writes uncounted, as PostgREST counts only exact and estimated there', async () => {
    const call = await counted('/rpc/getallvideogames', 'planned')
    expect(call.status).toBe(200)
    expect(call.headers.get('content-range')).toBe('0-3/*')
    const scalar = await counted('/rpc/add_them?a=1&b=2', 'planned')
    expect(scalar.headers.get('content-range')).toBe('0-0/*')
    const write = await counted('/designers?id=eq.1', 'planned', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Sid Meier' }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(write.status).toBe(204)
    expect(write.headers.get('content-range')).toBe('0-0/*')
    const estimatedCall = await counted('/rpc/getallvideogames', 'estimated')
    expect(estimatedCall.headers.get('content-range')).toBe('0-3/4')
  })
})

describe('Prefer: count=estimated', () => {
  it("uses the planner's figure once the rows pass max-rows", async () => {
    const res = await limitedHead('/all_videogames_view', 'estimated')
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('0-1/2019')
  })

  it('gives the exact count when the rows are within max-rows', async () => {
    const res = await limitedHead('/all_videogames_view?id=lt.3', 'estimated')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-range')).toBe('0-1/2')
  })

  it("keeps the counted rows when the planner's guess is lower", async () => {
    const res = await limitedHead('/videogames_above_view', 'estimated')
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('0-1/3')
    // The exact count, by contrast, counts every row.
    const exact = await limitedHead('/videogames_above_view', 'exact')
    expect(exact.headers.get('content-range')).toBe('0-1/3')
    const exactAll = await limitedHead('/all_videogames_view', 'exact')
    expect(exactAll.headers.get('content-range')).toBe('0-1/4')
  })

  it('counts exactly under the default max-rows', async () => {
    const { count, status } = await env.anon
      .from('all_videogames_view')
      .select('id', { count: 'estimated', head: true })
    expect({ count, status }).toEqual({ count: 4, status: 200 })
  })
})

describe('Accept: text/csv', () => {
  it('quotes fields with commas, quotes, parentheses, backslashes or spaces, doubling quotes', async () => {
    const { data, error, status } = await env.anon
      .from('categories')
      .select('id,name,parent_id')
      .in('id', [1, 6, 7])
      .order('id')
      .csv()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toBe(
      'id,name,parent_id\n1,Clothing,\n6,"Bags, ""small"" (leather)",4\n7,"back\\\\slash",4',
    )
  })

  it('answers a header-only body for no rows, and a set of scalars as one column', async () => {
    const none = await env.raw('/categories?id=eq.999', { headers: { Accept: 'text/csv' } })
    expect(none.status).toBe(200)
    expect(none.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(await none.text()).toBe('\n')
    const rows = await env.raw('/items?select=id&id=in.(3,4)&order=id', {
      headers: { Accept: 'text/csv' },
    })
    expect(await rows.text()).toBe('id\n3\n4')
  })
})
