import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installParitySchema } from '../../../../support/parity-schema'
import { startRestEnv, type RestEnv } from '../../../../support/rest-server'
import { freshDb } from '../../../../support/test-db'

/**
 * Random requests built from the fixture schema: select trees (with embeds, casts, JSON paths),
 * filters, logic trees, order, limit/offset, Range and Prefer. Whatever is asked, the answer is never a
 * 5xx and always a well-formed answer (an error is PostgREST's JSON error body).
 *
 * `npm test` runs a fixed seed and a bounded number of requests. On demand:
 *   REST_FUZZ_SEED=random REST_FUZZ_REQUESTS=2000 npm run test:unit -- tests/supabase/local/rest/parity/fuzz
 * (a failing seed is printed, and can be given back as REST_FUZZ_SEED=<n>).
 */
const seedSetting = process.env.REST_FUZZ_SEED ?? '24'
const SEED =
  seedSetting === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number.parseInt(seedSetting, 10)
const REQUESTS = Number.parseInt(process.env.REST_FUZZ_REQUESTS ?? '120', 10)

/** mulberry32: small, fast and deterministic for a seed. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const TABLES: Record<string, string[]> = {
  categories: ['id', 'parent_id', 'name'],
  categories_view: ['id', 'parent_id', 'name'],
  items: ['id'],
  tiobe_pls: ['name', 'rank'],
  surr_serial_upsert: ['id', 'name', 'extra'],
  defaults_upsert: ['id', 'name', 'note'],
}
const EMBEDS = ['categories', 'categories!parent_id', 'parent:categories', 'items', 'nope']
const OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'eq(any)',
  'like(all)',
  'fts(english)',
  'bogus',
]
const VALUES = [
  '1',
  '0',
  '-1',
  '2.5',
  'abc',
  '',
  '*a*',
  '(1,2)',
  '("a,b",c)',
  '{1,2}',
  '[1,2]',
  'null',
  'true',
  'not_null',
  'unknown',
  "'",
  '"',
  '\\',
  '%',
  '1e400',
  '99999999999999999999',
  'é✓',
  '(',
  ')',
  ',',
  '2024-01-01',
  'NaN',
  'a b',
  '""',
  '{"a":1}',
]
const PREFERS = [
  'count=exact',
  'count=planned',
  'count=estimated',
  'return=representation',
  'return=minimal',
  'handling=strict',
  'handling=lenient',
  'tx=rollback',
  'max-affected=1',
  'missing=default',
  'resolution=merge-duplicates',
  'params=single-object',
  'timezone=UTC',
  'bogus=1',
  'count=',
]
const ACCEPTS = [
  'application/json',
  'application/vnd.pgrst.object+json',
  'text/csv',
  '*/*',
  'application/json;nulls=stripped',
  'text/html',
  'application/openapi+json',
]
const RPCS: Record<string, string[]> = {
  add_them: ['a', 'b'],
  overloaded_unnamed_param: ['x', 'y'],
  unnamed_json_param: [],
  named_json_param: ['data'],
}

function requestFor(next: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const chance = (p: number) => next() < p
  const table = pick(Object.keys(TABLES))
  const columns = [...TABLES[table]!, 'missing_col']
  const field = () => {
    const c = pick(columns)
    return chance(0.1) ? `${c}->>k` : chance(0.05) ? `"${c}"` : c
  }
  const filter = () => `${chance(0.2) ? 'not.' : ''}${pick(OPS)}.${pick(VALUES)}`
  const params = new URLSearchParams()
  if (chance(0.6)) {
    const items = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
      chance(0.25)
        ? `${chance(0.2) ? '...' : ''}${pick(EMBEDS)}(${chance(0.5) ? '*' : pick(columns)})`
        : `${chance(0.15) ? 'alias:' : ''}${field()}${chance(0.1) ? '::text' : ''}`,
    )
    params.set('select', chance(0.05) ? `${items.join(',')})(` : items.join(','))
  }
  for (let i = 0; i < Math.floor(next() * 3); i++) params.append(field(), filter())
  if (chance(0.2))
    params.set(pick(['or', 'and', 'not.or']), `(${field()}.${filter()},${field()}.${filter()})`)
  if (chance(0.3))
    params.set('order', `${field()}${pick(['', '.asc', '.desc.nullslast', '.bogus'])}`)
  if (chance(0.2)) params.set('limit', pick(['0', '1', '5', '-1', 'x']))
  if (chance(0.15)) params.set('offset', pick(['0', '2', '100', 'x']))
  if (chance(0.1)) params.set(`${pick(EMBEDS)}.limit`, '1')
  const headers: Record<string, string> = {}
  if (chance(0.4)) {
    headers.Prefer = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(PREFERS)).join(
      ', ',
    )
  }
  if (chance(0.3)) headers.Accept = pick(ACCEPTS)
  if (chance(0.15)) headers.Range = pick(['0-1', '2-1', '5-', 'items=0-0', 'bogus'])
  if (chance(0.2)) {
    const rpc = pick(Object.keys(RPCS))
    const body: Record<string, unknown> = {}
    for (const arg of RPCS[rpc]!)
      if (chance(0.7)) body[arg] = chance(0.8) ? Math.floor(next() * 10) : pick(VALUES)
    if (chance(0.2)) body[pick(['', 'x', 'zz'])] = pick(VALUES)
    const method = pick(['GET', 'POST', 'POST', 'HEAD'])
    if (method !== 'POST') for (const [k, v] of Object.entries(body)) params.set(k, String(v))
    return {
      method,
      path: `/rpc/${rpc}?${params}`,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: method === 'POST' ? (chance(0.05) ? '{"a":' : JSON.stringify(body)) : undefined,
    }
  }
  return { method: pick(['GET', 'GET', 'GET', 'HEAD']), path: `/${table}?${params}`, headers }
}

let env: RestEnv

beforeAll(async () => {
  env = await startRestEnv(await freshDb({ migrations: false }), installParitySchema)
})

afterAll(async () => {
  await env?.close()
})

describe(`random requests (seed ${SEED}, ${REQUESTS} requests)`, () => {
  it(
    'never answer 5xx, and every error is a PostgREST error body',
    async () => {
      const next = random(SEED)
      for (let n = 0; n < REQUESTS; n++) {
        const request = requestFor(next)
        const res = await env.raw(request.path, request)
        const text = await res.text()
        const where = `seed ${SEED}, request ${n}: ${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body ?? ''} → ${res.status} ${text}`
        expect(res.status, where).toBeLessThan(500)
        if (res.status >= 400 && request.method !== 'HEAD') {
          const body = JSON.parse(text) as Record<string, unknown>
          expect(Object.keys(body).sort(), where).toEqual(['code', 'details', 'hint', 'message'])
        }
      }
      // An on-demand run of many requests takes longer than one test normally may.
    },
    Math.max(30_000, REQUESTS * 100),
  )
})
