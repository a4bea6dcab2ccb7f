import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installParitySchema } from '../../../../support/parity-schema'
import { startRestEnv, type RestEnv } from '../../../../support/rest-server'
import { freshDb } from '../../../../support/test-db'

/**
 * CSV as PostgREST 13 writes it (QuerySpec.hs "should respond with CSV", RpcSpec.hs "returns CSV"): a
 * header line of keys, then each row as Postgres's record text without parentheses.
 */
let env: RestEnv

beforeAll(async () => {
  env = await startRestEnv(await freshDb({ migrations: false }), installParitySchema)
})

afterAll(async () => {
  await env?.close()
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
