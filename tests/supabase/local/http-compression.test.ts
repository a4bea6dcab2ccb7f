import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../../support/raw-http'
import { startTestServer, type TestServer } from '../../support/server'

/**
 * The API's answers compressed as PostgREST behind Supabase's gateway sends them: JSON over a kilobyte
 * gzipped when the client accepts it, with status and headers as they were; supabase-js sees no change.
 */
let t: TestServer
let anon: Record<string, string>

const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${t.url}${path}`, headers, method)

beforeAll(async () => {
  t = await startTestServer()
  anon = { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}` }
})
afterAll(async () => {
  await t?.close()
})

describe('compressed API answers', () => {
  it('gzips JSON over a kilobyte when accepted, keeping status and Content-Range', async () => {
    const path = '/rest/v1/products?select=id,name,description&order=id&limit=40'
    const plain = await raw(path, { ...anon, prefer: 'count=exact' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(1024)
    const gz = await raw(path, { ...anon, prefer: 'count=exact', 'accept-encoding': 'gzip, br' })
    expect(gz.status).toBe(plain.status)
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.vary).toBe('Accept-Encoding')
    expect(gz.headers['content-range']).toBe(plain.headers['content-range'])
    expect(gz.headers['content-type']).toBe(plain.headers['content-type'])
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString())

    // What supabase-js sees is unchanged.
    const { data, count } = await t
      .client()
      .from('products')
      .select('id,name,description', { count: 'exact' })
      .order('id')
      .limit(40)
    expect(data).toEqual(JSON.parse(plain.body.toString()))
    expect(count).toBe(Number(String(plain.headers['content-range']).split('/')[1]))
  })

  it('leaves small answers, HEAD and errors under a kilobyte as they were', async () => {
    const small = await raw('/rest/v1/products?select=id&limit=1', {
      ...anon,
      'accept-encoding': 'gzip',
    })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body.length).toBeLessThan(1024)
    const head = await raw(
      '/rest/v1/products?select=*',
      { ...anon, 'accept-encoding': 'gzip' },
      'HEAD',
    )
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBeUndefined()
    const error = await raw('/rest/v1/nope', { ...anon, 'accept-encoding': 'gzip' })
    expect(error.status).toBe(404)
    expect(error.headers['content-encoding']).toBeUndefined()
    expect((JSON.parse(error.body.toString()) as { code: string }).code).toBe('PGRST205')
  })
})
