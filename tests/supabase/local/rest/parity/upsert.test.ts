import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installParitySchema } from '../../../../support/parity-schema'
import { startRestEnv, type RestEnv } from '../../../../support/rest-server'
import { freshDb } from '../../../../support/test-db'

/**
 * Upserts as PostgREST 13 answers them (test/spec/Feature/Query/UpsertSpec.hs): 201 when a row was
 * inserted, 200 when every row updated an existing one, and missing=default writing defaults.
 */
let env: RestEnv

beforeAll(async () => {
  env = await startRestEnv(await freshDb({ migrations: false }), installParitySchema)
})

afterAll(async () => {
  await env?.close()
})

const upsert = (path: string, body: unknown, prefer: string) =>
  env.raw(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', Prefer: prefer },
  })

describe('upsert status', () => {
  it('answers 201 when it inserts rows', async () => {
    const res = await upsert(
      '/tiobe_pls',
      [
        { name: 'Javascript', rank: 6 },
        { name: 'Java', rank: 2 },
        { name: 'C', rank: 1 },
      ],
      'return=representation, resolution=merge-duplicates',
    )
    expect(res.status).toBe(201)
    expect(res.headers.get('preference-applied')).toBe(
      'return=representation, resolution=merge-duplicates',
    )
    expect(await res.json()).toEqual([
      { name: 'Javascript', rank: 6 },
      { name: 'Java', rank: 2 },
      { name: 'C', rank: 1 },
    ])
  })

  it('answers 200 when every row updates an existing one', async () => {
    const res = await upsert(
      '/tiobe_pls',
      [
        { name: 'Python', rank: 6 },
        { name: 'Java', rank: 2 },
        { name: 'C', rank: 1 },
      ],
      'return=representation, resolution=merge-duplicates',
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      { name: 'Python', rank: 6 },
      { name: 'Java', rank: 2 },
      { name: 'C', rank: 1 },
    ])
    // supabase-js's upsert sends the same request.
    const js = await env.anon.from('tiobe_pls').upsert({ name: 'C', rank: 3 })
    expect(js).toMatchObject({ status: 200, error: null })
  })

  it('answers 200 with [] for an empty body', async () => {
    const res = await upsert('/tiobe_pls', [], 'return=representation, resolution=merge-duplicates')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
  })

  it('keeps 201 for ignore-duplicates, whatever it inserted', async () => {
    const res = await upsert(
      '/tiobe_pls',
      [{ name: 'Java', rank: 9 }],
      'return=representation, resolution=ignore-duplicates',
    )
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual([])
  })
})

describe('upsert with missing=default', () => {
  it('inserts and updates rows with a serial key', async () => {
    const res = await upsert(
      '/surr_serial_upsert?columns=id,name&select=name,extra',
      [{ id: 1, name: 'updated value' }, { name: 'new value' }],
      'return=representation, resolution=merge-duplicates, missing=default',
    )
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual([
      { name: 'updated value', extra: 'existing value' },
      { name: 'new value', extra: null },
    ])
  })

  it('writes the default of a column the row leaves out, as the insert would', async () => {
    const res = await upsert(
      '/defaults_upsert?columns=id,name,note',
      [{ id: 1, name: 'replaced' }],
      'return=representation, resolution=merge-duplicates, missing=default',
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([{ id: 1, name: 'replaced', note: 'fallback' }])
  })
})
