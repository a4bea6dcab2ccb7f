import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expandCatalogue } from '../../../../supabase/functions/_shared/catalogue-format'
import {
  CATALOGUE_CHANNEL,
  createCatalogueCache,
  nodeRequestView,
} from '../../../../supabase/local/rest/catalogue-cache'
import { createRestHandler, loadSchemaCache } from '../../../../supabase/local/rest/index'
import { rawRequest } from '../../../support/raw-http'
import { startTestServer, type TestServer } from '../../../support/server'

/**
 * The catalogue RPCs (the list and its details) served from memory: ETag and 304, a new version (and
 * body) after every change, negotiated gzip/brotli bodies that decode to the same JSON, HEAD, and answers
 * identical to PostgREST's ordinary path for everything else.
 */
let t: TestServer
let anon: Record<string, string>
let service: Record<string, string>

const raw = (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
  rawRequest(`${t.url}${path}`, headers, method, body)

const CATALOGUE = '/rest/v1/rpc/catalogue'
const DETAILS = '/rest/v1/rpc/catalogue_details'

async function currentVersion(): Promise<string> {
  const { data, error } = await t.client().rpc('catalogue_version')
  if (error) throw error
  return data as string
}

/** The catalogue as PostgREST's ordinary path builds it (a Prefer header keeps the cache out). */
async function uncachedBody(path = CATALOGUE): Promise<string> {
  const res = await raw(path, { ...anon, prefer: 'handling=lenient' })
  expect(res.status).toBe(200)
  expect(res.headers.etag).toBeUndefined()
  return res.body.toString()
}

async function setPrice(id: string, price: number) {
  const { error, count } = await t
    .admin()
    .from('products')
    .update({ price }, { count: 'exact' })
    .eq('id', id)
  expect(error).toBeNull()
  expect(count).toBe(1)
}

const priceOf = (body: Buffer | string, id: string) =>
  expandCatalogue(JSON.parse(body.toString()))?.products.find((p) => p.id === id)?.price as
    number | undefined

let productId: string

beforeAll(async () => {
  t = await startTestServer()
  anon = { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}` }
  service = { apikey: t.serviceRoleKey, authorization: `Bearer ${t.serviceRoleKey}` }
  const { data } = await t.client().from('products').select('id').eq('active', true).limit(1)
  productId = (data as { id: string }[])[0]!.id
})
afterAll(async () => {
  await t?.close()
})

describe('the cached catalogue', () => {
  it('answers with the ordinary body, the version as ETag and revalidation headers', async () => {
    const expected = await uncachedBody()
    const res = await raw(CATALOGUE, anon)
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(expected)
    const version = await currentVersion()
    expect(res.headers.etag).toBe(`"${version}"`)
    expect((JSON.parse(expected) as { version: string }).version).toBe(version)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers.vary).toBe('Accept-Encoding')
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['content-range']).toBe('0-0/*')
    expect(res.headers['content-length']).toBe(String(res.body.length))
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/\bETag\b/)
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/\bContent-Range\b/)
  })

  it('answers a matching If-None-Match with a bodiless 304', async () => {
    const first = await raw(CATALOGUE, anon)
    const etag = String(first.headers.etag)
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await raw(CATALOGUE, { ...anon, 'if-none-match': ifNoneMatch })
      expect(res.status, ifNoneMatch).toBe(304)
      expect(res.body.length).toBe(0)
      expect(res.headers.etag).toBe(etag)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['access-control-allow-origin']).toBe('*')
    }
    const stale = await raw(CATALOGUE, { ...anon, 'if-none-match': '"0000000000000000"' })
    expect(stale.status).toBe(200)
    expect(stale.body.toString()).toBe(first.body.toString())
  })

  it('lets a browser revalidate through its HTTP cache semantics (fetch sees the 304)', async () => {
    const first = await fetch(`${t.url}${CATALOGUE}`, { headers: anon })
    const etag = first.headers.get('etag')!
    await first.arrayBuffer()
    const again = await fetch(`${t.url}${CATALOGUE}`, {
      headers: { ...anon, 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)
  })

  it('never serves an old version: a price changed as service_role shows at once', async () => {
    const before = await raw(CATALOGUE, anon)
    const again = await raw(CATALOGUE, anon)
    expect(again.headers.etag).toBe(before.headers.etag)
    const oldPrice = priceOf(before.body, productId)!

    await setPrice(productId, oldPrice + 111)
    const after = await raw(CATALOGUE, anon)
    expect(after.status).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.headers.etag).toBe(`"${await currentVersion()}"`)
    expect(priceOf(after.body, productId)).toBe(oldPrice + 111)
    expect(after.body.toString()).toBe(await uncachedBody())

    // The old ETag no longer earns a 304.
    const revalidated = await raw(CATALOGUE, {
      ...anon,
      'if-none-match': String(before.headers.etag),
    })
    expect(revalidated.status).toBe(200)
    expect(priceOf(revalidated.body, productId)).toBe(oldPrice + 111)

    // Other roles see the change too.
    const asService = await raw(CATALOGUE, service)
    expect(asService.headers.etag).toBe(after.headers.etag)
    expect(priceOf(asService.body, productId)).toBe(oldPrice + 111)
  })

  it('stays fresh under concurrent readers: a read that starts after a write sees it', async () => {
    let stop = false
    const readers = Array.from({ length: 8 }, async () => {
      while (!stop) await raw(CATALOGUE, { ...anon, 'accept-encoding': 'gzip' })
    })
    try {
      for (let round = 1; round <= 6; round++) {
        const price = 50_000 + round
        await setPrice(productId, price)
        const res = await raw(CATALOGUE, anon)
        expect(priceOf(res.body, productId)).toBe(price)
        expect(res.headers.etag).toBe(`"${await currentVersion()}"`)
      }
    } finally {
      stop = true
      await Promise.all(readers)
    }
  })

  it('reads the version from memory while nothing changes, and from the database after a change', async () => {
    const db = t.server.db
    const original = db.withRequest
    let transactions = 0
    db.withRequest = (ctx, opts, fn) => {
      transactions++
      return original(ctx, opts, fn)
    }
    try {
      const first = await raw(CATALOGUE, anon)
      transactions = 0
      for (let i = 0; i < 5; i++) {
        const res = await raw(CATALOGUE, { ...anon, 'if-none-match': String(first.headers.etag) })
        expect(res.status).toBe(304)
      }
      expect(transactions).toBe(0)

      // A change made outside the API (the superuser connection, as a migration or a script would)
      // is announced by the database too. On PostgreSQL the notice reaches the listening connection a
      // moment after the commit (the cache's handler runs before this one, in the order they listened),
      // so the read waits for it.
      let announce!: () => void
      const announced = new Promise<void>((resolve) => (announce = resolve))
      const stopListening = await db.pg.listen(CATALOGUE_CHANNEL, () => announce())
      const before = priceOf(first.body, productId)!
      await db.pg.query('update public.products set price = $1 where id = $2', [
        before + 7,
        productId,
      ])
      await announced
      await stopListening()
      const after = await raw(CATALOGUE, anon)
      expect(after.headers.etag).not.toBe(first.headers.etag)
      expect(after.headers.etag).toBe(`"${await currentVersion()}"`)
      expect(priceOf(after.body, productId)).toBe(before + 7)
    } finally {
      db.withRequest = original
    }
  })

  it('forgets nothing when a change is rolled back', async () => {
    const first = await raw(CATALOGUE, anon)
    await t.server.db.pg
      .transaction(async (tx) => {
        await tx.query('update public.products set price = price + 1 where id = $1', [productId])
        throw new Error('changed my mind')
      })
      .catch(() => {})
    const again = await raw(CATALOGUE, anon)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(again.headers.etag).toBe(`"${await currentVersion()}"`)
  })

  it('serves gzip and brotli bodies that decode to the same JSON', async () => {
    const plain = await raw(CATALOGUE, { ...anon, 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()

    const gz = await raw(CATALOGUE, { ...anon, 'accept-encoding': 'gzip, deflate' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.vary).toBe('Accept-Encoding')
    expect(gz.headers['content-length']).toBe(String(gz.body.length))
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString())
    // The list is compact already (dictionaries, columns), so gzip takes off less than it used to.
    expect(gz.body.length).toBeLessThan(plain.body.length / 2)

    const br = await raw(CATALOGUE, { ...anon, 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString())
    expect(br.headers.etag).toBe(gz.headers.etag)

    const refusedBr = await raw(CATALOGUE, { ...anon, 'accept-encoding': 'br;q=0, gzip' })
    expect(refusedBr.headers['content-encoding']).toBe('gzip')
    const refusedAll = await raw(CATALOGUE, { ...anon, 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(refusedAll.headers['content-encoding']).toBeUndefined()
    expect(refusedAll.body.toString()).toBe(plain.body.toString())
  })

  it('answers HEAD with the GET headers and no body, and 304 when it matches', async () => {
    const get = await raw(CATALOGUE, { ...anon, 'accept-encoding': 'gzip' })
    const head = await raw(CATALOGUE, { ...anon, 'accept-encoding': 'gzip' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    for (const name of ['etag', 'content-length', 'content-encoding', 'content-type', 'vary']) {
      expect(head.headers[name], name).toBe(get.headers[name])
    }
    const conditional = await raw(
      CATALOGUE,
      { ...anon, 'if-none-match': String(get.headers.etag) },
      'HEAD',
    )
    expect(conditional.status).toBe(304)
  })

  it('serves supabase-js rpc() (a POST with {}) and an empty POST from the cache', async () => {
    const expected = JSON.parse(await uncachedBody()) as unknown
    const { data, error } = await t.client().rpc('catalogue')
    expect(error).toBeNull()
    expect(data).toEqual(expected)
    const { data: viaGet } = await t.client().rpc('catalogue', {}, { get: true })
    expect(viaGet).toEqual(expected)

    for (const body of ['', '{}', ' { } ']) {
      const res = await raw(
        CATALOGUE,
        { ...anon, 'content-type': 'application/json', 'if-none-match': '*' },
        'POST',
        body,
      )
      // A POST is never answered 304: If-None-Match is for GET and HEAD.
      expect(res.status).toBe(200)
      expect(res.headers.etag).toBe(`"${await currentVersion()}"`)
      expect(JSON.parse(res.body.toString())).toEqual(expected)
    }
  })

  it('leaves every other call to the ordinary path, with its usual answers', async () => {
    const withArgs = await raw(
      CATALOGUE,
      { ...anon, 'content-type': 'application/json' },
      'POST',
      '{"x":1}',
    )
    expect(withArgs.status).toBe(404)
    expect((JSON.parse(withArgs.body.toString()) as { code: string }).code).toBe('PGRST202')

    const badJson = await raw(
      CATALOGUE,
      { ...anon, 'content-type': 'application/json' },
      'POST',
      '{',
    )
    expect(badJson.status).toBe(400)
    expect((JSON.parse(badJson.body.toString()) as { code: string }).code).toBe('PGRST102')

    const badSchema = await raw(CATALOGUE, { ...anon, 'accept-profile': 'private' })
    expect(badSchema.status).toBe(406)
    expect((JSON.parse(badSchema.body.toString()) as { code: string }).code).toBe('PGRST106')

    const badJwt = await raw(CATALOGUE, { apikey: t.anonKey, authorization: 'Bearer a.b' })
    expect(badJwt.status).toBe(401)
    expect((JSON.parse(badJwt.body.toString()) as { code: string }).code).toBe('PGRST301')

    const object = await raw(CATALOGUE, { ...anon, accept: 'application/vnd.pgrst.object+json' })
    expect(object.status).toBe(200)
    expect(object.headers.etag).toBeUndefined()
    expect(object.headers['content-type']).toBe('application/vnd.pgrst.object+json; charset=utf-8')

    const put = await raw(CATALOGUE, anon, 'PUT')
    expect(put.status).toBe(405)

    // A role the database does not know: the version check fails, the ordinary path answers.
    const nobody = await t.server.jwt.sign({
      role: 'nobody',
      exp: Math.floor(Date.now() / 1000) + 60,
    })
    const unknownRole = await raw(CATALOGUE, {
      apikey: t.anonKey,
      authorization: `Bearer ${nobody}`,
    })
    expect(unknownRole.status).toBe(401)
    expect(JSON.parse(unknownRole.body.toString())).toMatchObject({
      code: '22023',
      message: 'role "nobody" does not exist',
    })
  })
})

describe('the cached details', () => {
  const descriptionOf = (body: Buffer | string, id: string) => {
    const doc = JSON.parse(body.toString()) as {
      products: { id: string[]; description: string[] }
    }
    // The first id is always sent whole.
    return doc.products.id[0] === id ? doc.products.description[0] : undefined
  }

  it('answers with the ordinary body, the catalogue version as ETag, and 304 while it holds', async () => {
    const expected = await uncachedBody(DETAILS)
    const res = await raw(DETAILS, { ...anon, 'accept-encoding': 'gzip' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.body).toString()).toBe(expected)
    expect(res.headers.etag).toBe(`"${await currentVersion()}"`)
    expect(res.headers['cache-control']).toBe('no-cache')
    const again = await raw(DETAILS, { ...anon, 'if-none-match': String(res.headers.etag) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    // The list names the details it goes with.
    const list = JSON.parse((await raw(CATALOGUE, anon)).body.toString()) as { details: string }
    expect(list.details).toBe((JSON.parse(expected) as { version: string }).version)
  })

  it('never serves old details: a description changed as service_role shows at once', async () => {
    const before = await raw(DETAILS, anon)
    const doc = JSON.parse(before.body.toString()) as { products: { id: string[] } }
    const first = doc.products.id[0]!
    const { error } = await t
      .admin()
      .from('products')
      .update({ description: 'Rewritten for the cache test.' })
      .eq('id', first)
    expect(error).toBeNull()
    const after = await raw(DETAILS, { ...anon, 'if-none-match': String(before.headers.etag) })
    expect(after.status).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(descriptionOf(after.body, first)).toBe('Rewritten for the cache test.')
    expect(after.body.toString()).toBe(await uncachedBody(DETAILS))
  })
})

describe('the cache beside the ordinary path', () => {
  it('gives the same status, headers and body as PostgREST for plain calls', async () => {
    const verifyJwt = t.server.verifyJwt
    const cached = createRestHandler({ db: t.server.db, verifyJwt })
    const ordinary = createRestHandler({ db: t.server.db, verifyJwt, catalogueCache: false })
    const { access_token: userToken } = (await (await t.signUpUser()).client.auth.getSession()).data
      .session!
    const cases: Array<[string, RequestInit]> = [
      ['GET anon', { headers: anon }],
      ['GET user', { headers: { apikey: t.anonKey, authorization: `Bearer ${userToken}` } }],
      ['GET service', { headers: service }],
      ['GET apikey param', { headers: { authorization: `Bearer ${t.anonKey}` } }],
      [
        'POST {}',
        { method: 'POST', headers: { ...anon, 'content-profile': 'public' }, body: '{}' },
      ],
      ['HEAD', { method: 'HEAD', headers: anon }],
    ]
    for (const path of [CATALOGUE, DETAILS]) {
      for (const [label, init] of cases) {
        const url = `http://local${path}${label === 'GET apikey param' ? `?apikey=${t.anonKey}` : ''}`
        const a = await cached(new Request(url, init))
        const b = await ordinary(new Request(url, init))
        const where = `${path} ${label}`
        expect(a.headers.get('etag'), where).toMatch(/^"[0-9a-f]{16}"$/)
        expect(b.headers.get('etag'), where).toBeNull()
        expect(a.status, where).toBe(b.status)
        for (const name of ['content-type', 'content-range', 'preference-applied']) {
          expect(a.headers.get(name), `${where}: ${name}`).toBe(b.headers.get(name))
        }
        expect(await a.text(), where).toBe(await b.text())
      }
    }
  })

  it('keeps one entry per role, shares compressed forms, and makes the best brotli later', async () => {
    const schemaCache = await loadSchemaCache(t.server.db.pg, ['public', 'graphql_public'])
    const cache = createCatalogueCache({ db: t.server.db, bestBrotliDelayMs: 0 })
    const ask = async (role: string) => {
      const url = new URL(`http://local${CATALOGUE}`)
      const res = await cache.serve({
        req: nodeRequestView({ 'accept-encoding': 'br' }),
        url,
        method: 'GET',
        schema: 'public',
        routine: 'catalogue',
        role,
        context: () => ({
          role,
          claims: { role },
          method: 'GET',
          path: '/rpc/catalogue',
          headers: {},
        }),
        schemaCache,
      })
      expect(res?.status).toBe(200)
      expect(res?.headers['Content-Encoding']).toBe('br')
      return res!.body!
    }
    const quick = await ask('anon')
    await ask('authenticated')
    expect(cache.size).toBe(2)
    // The details are entries of their own, per role too.
    const details = await cache.serve({
      req: nodeRequestView({}),
      url: new URL(`http://local${DETAILS}`),
      method: 'GET',
      schema: 'public',
      routine: 'catalogue_details',
      role: 'anon',
      context: () => ({
        role: 'anon',
        claims: { role: 'anon' },
        method: 'GET',
        path: '/rpc/catalogue_details',
        headers: {},
      }),
      schemaCache,
    })
    expect(details?.status).toBe(200)
    expect(JSON.parse(details!.body!.toString())).toMatchObject({ format: 2 })
    expect(cache.size).toBe(3)
    // Best-quality brotli is made in the background; wait for the smaller body to appear.
    let best = quick
    for (let i = 0; i < 200 && best.length >= quick.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      best = await ask('anon')
    }
    expect(best.length).toBeLessThan(quick.length)
    expect(brotliDecompressSync(best).equals(brotliDecompressSync(quick))).toBe(true)
    expect(await ask('authenticated')).toEqual(best)
    // Not a catalogue call: not ours.
    const url = new URL(`http://local/rest/v1/rpc/catalogue_version`)
    const other = await cache.serve({
      req: new Request(url),
      url,
      method: 'GET',
      schema: 'public',
      routine: 'catalogue_version',
      role: 'anon',
      context: () => ({ role: 'anon', claims: {}, method: 'GET', path: '/', headers: {} }),
      schemaCache,
    })
    expect(other).toBeNull()
  })
})
