import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRestEnv, type RestEnv } from '../../../support/rest-server'
import { installRestSchema, USER_A } from '../../../support/rest-schema'
import { freshDb } from '../../../support/test-db'

let env: RestEnv

beforeAll(async () => {
  env = await startRestEnv(await freshDb({ migrations: false }), installRestSchema)
})

afterAll(async () => {
  await env?.close()
})

const ids = (data: unknown) => (data as { id: number }[]).map((r) => r.id)

describe('wire format', () => {
  it('builds JSON in Postgres: numeric keeps its scale, dates stay dates, timestamps carry offsets', async () => {
    const res = await env.raw('/products?select=id,price,released,meta,tags&id=eq.1')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('content-range')).toBe('0-0/*')
    const text = await res.text()
    expect(text).toContain('"price":6300.00')
    expect(text).toContain('"released":"2026-01-02"')
    expect(text).toContain('"tags":["dress","cotton"]')
    expect(JSON.parse(text)).toEqual([
      {
        id: 1,
        price: 6300,
        released: '2026-01-02',
        meta: { size: { eu: 38 }, colour: 'red' },
        tags: ['dress', 'cotton'],
      },
    ])
    const { data } = await env.service.from('orders').select('created_at').eq('id', 1).single()
    expect(data).toEqual({ created_at: '2026-01-02T03:04:05.123456+00:00' })
  })

  it('selects columns with aliases, casts and JSON paths', async () => {
    const { data, error } = await env.anon
      .from('products')
      .select('id, label:name, price::text, colour:meta->>colour, meta->size->eu, name_upper')
      .eq('id', 1)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({
      id: 1,
      label: 'Kitenge Dress',
      price: '6300.00',
      colour: 'red',
      eu: 38,
      name_upper: 'KITENGE DRESS',
    })
  })

  it('strips nulls when asked', async () => {
    const { data } = await env.anon.from('products').select('id,brand_id').eq('id', 5).stripNulls()
    expect(data).toEqual([{ id: 5 }])
  })
})

describe('filters', () => {
  const q = () => env.anon.from('products').select('id').order('id')

  it('compares with eq, neq, gt, gte, lt, lte (repeated keys are ANDed)', async () => {
    expect(ids((await q().eq('brand_id', 1)).data)).toEqual([1, 2])
    expect(ids((await q().neq('brand_id', 1)).data)).toEqual([3, 4])
    expect(ids((await q().gte('price', 3500.5).lt('price', 8999.99)).data)).toEqual([1, 2])
    expect(ids((await q().gt('id', 1).lte('id', 3)).data)).toEqual([2, 3])
    expect(ids((await q().match({ brand_id: 1, stock: 0 })).data)).toEqual([2])
  })

  it('matches patterns with like/ilike (* is %), regexes and any/all quantifiers', async () => {
    expect(ids((await q().like('name', '%Shirt')).data)).toEqual([2])
    expect(ids((await q().like('name', 'Kitenge*')).data)).toEqual([1, 2])
    expect(ids((await q().ilike('name', 'kitenge*')).data)).toEqual([1, 2])
    expect(ids((await q().filter('name', 'match', '^K')).data)).toEqual([1, 2])
    expect(ids((await q().filter('name', 'imatch', '^k.*shirt$')).data)).toEqual([2])
    expect(ids((await q().likeAnyOf('name', ['*Dress', '*Wrap'])).data)).toEqual([1, 4])
    expect(ids((await q().likeAllOf('name', ['K*', '*Shirt'])).data)).toEqual([2])
    expect(ids((await q().filter('id', 'eq(any)', '{1,3}')).data)).toEqual([1, 3])
  })

  it('handles in (with quoted values), is, isdistinct and not', async () => {
    expect(ids((await q().in('name', ['Gift Card', 'a,b', 'Aso Oke Wrap'])).data)).toEqual([4, 5])
    expect(ids((await q().in('id', [])).data)).toEqual([])
    expect(ids((await q().is('brand_id', null)).data)).toEqual([5])
    expect(ids((await q().not('brand_id', 'is', null)).data)).toEqual([1, 2, 3, 4])
    expect(ids((await q().filter('stock', 'isdistinct', '5')).data)).toEqual([2, 3, 4, 5])
    expect(ids((await q().not('id', 'in', '(1,2,3)')).data)).toEqual([4, 5])
    const active = await env.anon.from('warehouses').select('id').is('active', true)
    expect(ids(active.data)).toEqual([1])
    const inactive = await env.anon.from('warehouses').select('id').is('active', false)
    expect(ids(inactive.data)).toEqual([2])
  })

  it('handles array and jsonb containment, overlap and JSON path filters', async () => {
    expect(ids((await q().contains('tags', ['cotton'])).data)).toEqual([1, 2])
    expect(ids((await q().containedBy('tags', ['wrap', 'dress'])).data)).toEqual([4, 5])
    expect(ids((await q().overlaps('tags', ['shoes', 'wrap'])).data)).toEqual([3, 4])
    expect(ids((await q().contains('meta', { colour: 'red' })).data)).toEqual([1])
    expect(ids((await q().eq('meta->>colour', 'blue')).data)).toEqual([2])
    expect(ids((await q().eq('meta->size->>eu', '38')).data)).toEqual([1])
  })

  it('searches text with fts, plfts, phfts and wfts, on tsvector and text columns', async () => {
    expect(ids((await q().textSearch('search', 'beaded & leather')).data)).toEqual([3])
    expect(
      ids(
        (await q().textSearch('description', 'wax print', { type: 'websearch', config: 'english' }))
          .data,
      ),
    ).toEqual([1])
    expect(
      ids((await q().textSearch('description', 'short sleeve', { type: 'plain' })).data),
    ).toEqual([2])
    expect(
      ids((await q().textSearch('search', 'leather sandals', { type: 'phrase' })).data),
    ).toEqual([3])
  })

  it('combines or/and trees with nesting and quoted values', async () => {
    expect(ids((await q().or('price.lt.1000,and(brand_id.eq.1,stock.eq.0)')).data)).toEqual([2, 5])
    expect(ids((await q().or('name.eq."Gift Card",name.eq."a,(b)"')).data)).toEqual([5])
    expect(ids((await q().or('id.eq.1,id.eq.2').or('id.eq.2,id.eq.3')).data)).toEqual([2])
    const res = await env.raw('/products?select=id&not.or=(id.eq.1,id.eq.2)&order=id')
    expect(await res.json()).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }])
    const nested = await env.raw(
      `/products?select=id&or=(not.and(brand_id.eq.1,stock.gt.1),id.eq.1)&brand_id=not.is.null&order=id`,
    )
    expect(await nested.json()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }])
  })
})

describe('order, limit, range and count', () => {
  it('orders with directions, nulls first/last, several keys and an embedded to-one column', async () => {
    const byStock = await env.anon
      .from('products')
      .select('id')
      .order('stock', { ascending: false, nullsFirst: false })
    expect(ids(byStock.data)).toEqual([5, 3, 1, 2, 4])
    const multi = await env.anon
      .from('products')
      .select('id')
      .order('brand_id', { ascending: false })
      .order('price')
    expect(ids(multi.data)).toEqual([5, 4, 3, 2, 1])
    const related = await env.raw('/products?select=id&order=brands(name).desc,id')
    expect(ids(await related.json())).toEqual([5, 3, 4, 1, 2])
  })

  it('pages with limit/offset and answers count=exact with Content-Range and 206', async () => {
    const page = await env.anon
      .from('products')
      .select('id', { count: 'exact' })
      .order('id')
      .range(1, 2)
    expect(page.status).toBe(206)
    expect(page.count).toBe(5)
    expect(ids(page.data)).toEqual([2, 3])
    const raw = await env.raw('/products?select=id&order=id&offset=1&limit=2', {
      headers: { prefer: 'count=exact' },
    })
    expect(raw.headers.get('content-range')).toBe('1-2/5')
    // The planner's estimate: with statistics, a whole table's rows.
    await env.db.pg.exec('analyze public.products')
    const all = await env.anon.from('products').select('id', { count: 'planned' })
    expect(all.status).toBe(200)
    expect(all.count).toBe(5)
    const head = await env.anon
      .from('products')
      .select('*', { count: 'exact', head: true })
      .gt('id', 2)
    expect(head).toMatchObject({ data: null, count: 3, status: 200, error: null })
    const noCount = await env.raw('/products?select=id&limit=2')
    expect(noCount.headers.get('content-range')).toBe('0-1/*')
  })

  it('refuses an offset past the end with 416 PGRST103', async () => {
    const res = await env.anon.from('products').select('id', { count: 'exact' }).range(10, 12)
    expect(res.status).toBe(416)
    expect(res.error).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
    })
  })

  it('accepts a Range header', async () => {
    const res = await env.raw('/products?select=id&order=id', { headers: { range: '1-2' } })
    expect(ids(await res.json())).toEqual([2, 3])
  })
})

describe('csv and max rows', () => {
  it('answers Accept: text/csv with a header line and quoted fields', async () => {
    const { data, error } = await env.anon
      .from('products')
      .select('id,name,description,stock')
      .in('id', [3, 4])
      .order('id')
      .csv()
    expect(error).toBeNull()
    expect(data).toBe(
      // PostgREST's CSV: fields with white space are quoted, NULL is empty.
      'id,name,description,stock\n3,"Beaded Sandals","Hand beaded leather sandals",12\n4,"Aso Oke Wrap",,',
    )
    const quoted = await env.raw('/brands?select=name,label:country&id=eq.1', {
      headers: { accept: 'text/csv' },
    })
    expect(quoted.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(await quoted.text()).toBe('name,label\n"Kitenge House",KE')
  })

  it('returns at most 1000 top-level rows per read (hosted max_rows), with the full count', async () => {
    await env.db.pg.exec(`
      create table public.many_rows as select g as id from generate_series(1, 1005) g;
      grant select on public.many_rows to anon;
    `)
    const { data, count } = await env.anon.from('many_rows').select('id', { count: 'exact' })
    expect(data).toHaveLength(1000)
    expect(count).toBe(1005)
    const tail = await env.anon.from('many_rows').select('id').range(1000, 1010)
    expect(tail.data).toHaveLength(5)
  })
})

describe('single and maybeSingle', () => {
  it('returns the object for exactly one row and 406 PGRST116 otherwise', async () => {
    const one = await env.anon.from('brands').select('name').eq('id', 3).single()
    expect(one).toMatchObject({ data: { name: 'Lagos Loom' }, error: null, status: 200 })
    const none = await env.anon.from('brands').select('name').eq('id', 99).single()
    expect(none.status).toBe(406)
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
    })
    const many = await env.anon.from('brands').select('name').single()
    expect(many.error?.details).toBe('The result contains 4 rows')
    const raw = await env.raw('/brands?id=eq.3', {
      headers: { accept: 'application/vnd.pgrst.object+json' },
    })
    expect(raw.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8')
  })

  it('maybeSingle gives null data and no error for zero rows', async () => {
    const none = await env.anon.from('brands').select('name').eq('id', 99).maybeSingle()
    expect(none).toMatchObject({ data: null, error: null })
    const one = await env.anon.from('brands').select('name').eq('id', 2).maybeSingle()
    expect(one.data).toEqual({ name: 'Maasai Made' })
  })
})

describe('embedding', () => {
  it('embeds many-to-one as an object (or null) and one-to-many as an array (or [])', async () => {
    const { data } = await env.anon
      .from('products')
      .select('id, brands(name)')
      .in('id', [1, 5])
      .order('id')
    expect(data).toEqual([
      { id: 1, brands: { name: 'Kitenge House' } },
      { id: 5, brands: null },
    ])
    const brands = await env.anon.from('brands').select('id, products(id)').order('id')
    expect(brands.data).toEqual([
      { id: 1, products: [{ id: 1 }, { id: 2 }] },
      { id: 2, products: [{ id: 3 }] },
      { id: 3, products: [{ id: 4 }] },
      { id: 4, products: [] },
    ])
  })

  it('embeds by foreign key column and constraint name, through views and many-to-many junctions', async () => {
    const byColumn = await env.anon.from('products').select('brand:brand_id(name)').eq('id', 3)
    expect(byColumn.data).toEqual([{ brand: { name: 'Maasai Made' } }])
    const byFk = await env.anon
      .from('products')
      .select('brands!products_brand_id_fkey(name)')
      .eq('id', 4)
    expect(byFk.data).toEqual([{ brands: { name: 'Lagos Loom' } }])
    const view = await env.anon.from('product_cards').select('name, brands(country)').eq('id', 4)
    expect(view.data).toEqual([{ name: 'Aso Oke Wrap', brands: { country: 'NG' } }])
    const m2m = await env.anon.from('products').select('name, categories(name)').eq('id', 3)
    expect(m2m.data).toEqual([
      {
        name: 'Beaded Sandals',
        categories: [{ name: 'Women' }, { name: 'Men' }, { name: 'Shoes' }],
      },
    ])
  })

  it('filters, orders and limits embedded rows per parent without dropping parents', async () => {
    const { data } = await env.anon
      .from('brands')
      .select('id, products(id)')
      .in('id', [1, 2])
      .order('id')
      .order('id', { referencedTable: 'products', ascending: false })
      .limit(1, { referencedTable: 'products' })
    expect(data).toEqual([
      { id: 1, products: [{ id: 2 }] },
      { id: 2, products: [{ id: 3 }] },
    ])
    const filtered = await env.anon
      .from('brands')
      .select('id, products(name)')
      .eq('products.name', 'Kitenge Shirt')
      .order('id')
    expect(filtered.data).toEqual([
      { id: 1, products: [{ name: 'Kitenge Shirt' }] },
      { id: 2, products: [] },
      { id: 3, products: [] },
      { id: 4, products: [] },
    ])
    const orEmbedded = await env.anon
      .from('brands')
      .select('id, products(id)')
      .or('id.eq.3,id.eq.2', { referencedTable: 'products' })
      .eq('id', 2)
    expect(orEmbedded.data).toEqual([{ id: 2, products: [{ id: 3 }] }])
  })

  it('drops parents with !inner and with is.null / not.is.null on the embed', async () => {
    const inner = await env.anon
      .from('brands')
      .select('name, products!inner(name)')
      .eq('products.name', 'Aso Oke Wrap')
    expect(inner.data).toEqual([{ name: 'Lagos Loom', products: [{ name: 'Aso Oke Wrap' }] }])
    const without = await env.anon.from('brands').select('id, products(id)').is('products', null)
    expect(without.data).toEqual([{ id: 4, products: [] }])
    const withSome = await env.anon
      .from('brands')
      .select('id, products(id)')
      .not('products', 'is', null)
      .order('id')
    expect(ids(withSome.data)).toEqual([1, 2, 3])
  })

  it('counts related rows with rel(count), as the Supabase docs show', async () => {
    const { data } = await env.anon
      .from('brands')
      .select('name, products(count)')
      .in('id', [1, 4])
      .order('id')
    expect(data).toEqual([
      { name: 'Kitenge House', products: [{ count: 2 }] },
      { name: 'Empty Co', products: [{ count: 0 }] },
    ])
  })

  it('ignores whitespace in select outside quotes', async () => {
    const res = await env.raw(
      '/products?select=' + encodeURIComponent(' id , brand : brands ( name ) ') + '&id=eq.2',
    )
    expect(await res.json()).toEqual([{ id: 2, brand: { name: 'Kitenge House' } }])
  })

  it('disambiguates with hints, spreads to-one columns and nests embeds', async () => {
    const hinted = await env.anon
      .from('shipments')
      .select('id, from:warehouses!origin_id(city), to:warehouses!destination_id(city)')
      .order('id')
    expect(hinted.data).toEqual([
      { id: 1, from: { city: 'Nairobi' }, to: { city: 'Mombasa' } },
      { id: 2, from: { city: 'Mombasa' }, to: { city: 'Nairobi' } },
    ])
    const spread = await env.anon.from('products').select('name, ...brands(brand:name)').eq('id', 1)
    expect(spread.data).toEqual([{ name: 'Kitenge Dress', brand: 'Kitenge House' }])
    const token = await env.server.userToken(USER_A)
    const nested = await env.server
      .client(token)
      .from('orders')
      .select('id, order_items(qty, products(name, brands(name)))')
      .order('id')
    expect(nested.data).toEqual([
      {
        id: 1,
        order_items: [
          { qty: 1, products: { name: 'Kitenge Dress', brands: { name: 'Kitenge House' } } },
        ],
      },
      {
        id: 2,
        order_items: [
          { qty: 1, products: { name: 'Beaded Sandals', brands: { name: 'Maasai Made' } } },
        ],
      },
    ])
  })

  it('answers 300 PGRST201 for ambiguous embeds and 400 PGRST200 when there is no relationship', async () => {
    const ambiguous = await env.anon.from('shipments').select('*, warehouses(*)')
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.error?.code).toBe('PGRST201')
    expect(ambiguous.error?.hint).toContain("'warehouses!shipments_origin_id_fkey'")
    const none = await env.anon.from('products').select('*, warehouses(*)')
    expect(none.status).toBe(400)
    expect(none.error).toMatchObject({
      code: 'PGRST200',
      message:
        "Could not find a relationship between 'products' and 'warehouses' in the schema cache",
    })
  })
})

describe('errors and refusals', () => {
  it('maps unknown schema, table, column, operator and aggregate to PostgREST codes', async () => {
    const schema = await env.anon.schema('private').from('brands').select()
    expect(schema.status).toBe(406)
    expect(schema.error).toMatchObject({
      code: 'PGRST106',
      message: 'Invalid schema: private',
      hint: 'Only the following schemas are exposed: public, graphql_public',
    })
    const table = await env.anon.from('brandz').select()
    expect(table.status).toBe(404)
    expect(table.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.brandz' in the schema cache",
      hint: "Perhaps you meant the table 'public.brands'",
    })
    const column = await env.anon.from('brands').select('nope')
    expect(column.status).toBe(400)
    expect(column.error?.code).toBe('42703')
    const op = await env.raw('/brands?id=equals.1')
    expect(op.status).toBe(400)
    expect((await op.json()).code).toBe('PGRST100')
    const agg = await env.anon.from('brands').select('count()')
    expect(agg.error?.code).toBe('PGRST123')
    // A limit that is not a number is ignored, as PostgREST does; a negative one is refused.
    const limit = await env.raw('/brands?limit=ten')
    expect(limit.status).toBe(200)
    expect(await limit.json()).toHaveLength(4)
    const negative = await env.raw('/brands?limit=-1')
    expect(negative.status).toBe(416)
    expect(await negative.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'Limit should be greater than or equal to zero.',
      hint: null,
    })
    const strayEmbed = await env.raw('/brands?select=id&products.order=id')
    expect(strayEmbed.status).toBe(400)
    expect((await strayEmbed.json()).code).toBe('PGRST108')
    const accept = await env.raw('/brands', { headers: { accept: 'application/xml' } })
    expect(accept.status).toBe(406)
    expect((await accept.json()).code).toBe('PGRST107')
  })

  it.each([
    ['id.ac', 4, 'unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
    ['id.descc', 8, `unexpected 'c' expecting delimiter (.), "," or end of input`],
    ['id.nulsfist', 4, 'unexpected "n" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
    ['id.nullslasttt', 13, `unexpected 't' expecting "," or end of input`],
    ['id.asc.nlsfst', 8, 'unexpected "l" expecting "nullsfirst" or "nullslast"'],
    ['name,id.asc.nullslasttt', 22, `unexpected 't' expecting "," or end of input`],
  ])('words a malformed order=%s as PostgREST does (PGRST100)', async (order, column, details) => {
    const res = await env.raw(`/brands?order=${order}`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'PGRST100',
      message: `"failed to parse order (${order})" (line 1, column ${column})`,
      details,
      hint: null,
    })
  })

  it.each([
    ['noop.0', 1, 'unexpected "o" expecting "not" or operator (eq, gt, ...)'],
    ['0', 1, 'unexpected "0" expecting "not" or operator (eq, gt, ...)'],
    ['equals.1', 3, 'unexpected "u" expecting operator (eq, gt, ...)'],
    ['eq().value', 4, 'unexpected ")" expecting operator (eq, gt, ...)'],
    ['is().value', 3, 'unexpected "(" expecting operator (eq, gt, ...)'],
    ['nothing.1', 4, 'unexpected "h" expecting delimiter (.)'],
    ['in.1,2', 4, 'unexpected "1" expecting "("'],
    ['in.(1,2', 8, 'unexpected end of input expecting "," or ")"'],
    ['is.nil', 5, 'unexpected "i" expecting isVal: (null, not_null, true, false, unknown)'],
  ])(
    'words a malformed filter id=%s as PostgREST does (PGRST100)',
    async (value, column, details) => {
      const res = await env.raw(`/brands?id=${value}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({
        code: 'PGRST100',
        message: `"failed to parse filter (${value})" (line 1, column ${column})`,
        details,
        hint: null,
      })
    },
  )

  it('words an empty logic tree as PostgREST does (PGRST100)', async () => {
    const res = await env.anon.from('brands').select('id').or('')
    expect(res.status).toBe(400)
    expect(res.error).toEqual({
      code: 'PGRST100',
      message: '"failed to parse logic tree (())" (line 1, column 4)',
      details:
        'unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)',
      hint: null,
    })
  })

  it.each([
    ['or', '(id.in.1,2,id.eq.3)', 10, 'unexpected "1" expecting "("'],
    ['and', '(ord(id.eq.1,id.eq.1),id.eq.2)', 7, 'unexpected "d" expecting "("'],
    [
      'or',
      '(id.eq.1,not.xor(id.eq.2,id.eq.3))',
      16,
      'unexpected "x" expecting logic operator (and, or)',
    ],
    ['or', '(id.equals.1,name.eq.x)', 9, 'unexpected "u" expecting operator (eq, gt, ...)'],
  ])('words a malformed %s=%s as PostgREST does (PGRST100)', async (op, tree, column, details) => {
    const res = await env.raw(`/brands?${op}=${tree}`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'PGRST100',
      message: `"failed to parse logic tree (${tree})" (line 1, column ${column})`,
      details,
      hint: null,
    })
  })

  it('never executes SQL smuggled through select, filters, order, casts, hints or JSON keys', async () => {
    const attempts = [
      '/brands?select=id,name);drop table public.brands;--',
      '/brands?select=' + encodeURIComponent('"id""; drop table public.brands; --"'),
      '/brands?select=id::text;drop table public.brands',
      '/brands?select=id,products!x";drop table public.brands;--(id)',
      '/brands?order=id;delete from public.brands',
      '/brands?order=' + encodeURIComponent('id desc; delete from public.brands'),
      '/brands?' + encodeURIComponent('id;drop table public.brands') + '=eq.1',
      '/brands?id=eq.1;drop table public.brands',
      '/brands?name=eq.' + encodeURIComponent("x' or '1'='1"),
      '/products?select=' + encodeURIComponent("meta->>'x'');drop table public.brands;--"),
      '/products?meta->>' + encodeURIComponent("a');drop table public.brands;--") + '=eq.1',
      '/brands?or=(id.eq.1);drop table public.brands;--',
      '/rpc/add;drop table public.brands?a=1',
    ]
    for (const path of attempts) {
      const res = await env.raw(path)
      const text = await res.text()
      expect(text, path).not.toMatch(/at \w+ \(|node_modules/)
      if (res.status === 200) expect(JSON.parse(text), path).toEqual([])
      else expect([400, 404], path).toContain(res.status)
    }
    const { count } = await env.service.from('brands').select('*', { count: 'exact', head: true })
    expect(count).toBe(4)
  })
})
