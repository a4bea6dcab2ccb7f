/**
 * catalogue() and catalogue_details(): the two documents every shopper caches offline. Callable without
 * signing in, active products only, the list columnar and compact (format 2), and read back (through the
 * same expansion the app and the assistant use) they give exactly the table's rows. The list's version
 * changes exactly when something a shopper sees changes; the details' version only when a description, a
 * tag or the set of products does.
 */
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  expandCatalogue,
  expandDetails,
  nameWords,
} from '../../../supabase/functions/_shared/catalogue-format'
import { freshDb } from '../../support/test-db'
import { addProduct, anon, call, createUser, grantRole, type LocalDb } from './db-kit'

interface ListDocument {
  format: number
  version: string
  details: string
  dict: Record<string, unknown[]>
  products: Record<string, unknown[]>
  brands: Record<string, unknown>[]
}

interface DetailsDocument {
  format: number
  version: string
  products: { id: unknown[]; description: unknown[]; tags: unknown[] }
  brands: { id: unknown[]; description: unknown[] }
}

interface ProductRow {
  id: string
  slug: string
  name: string
  description: string
  category: string
  subcategory: string | null
  brand: string | null
  price: number
  discount: number
  rating: string
  sizes: string[]
  colors: string[]
  tags: string[]
  stock: number
  image: string | null
  new_arrival: boolean
  featured: boolean
  listed_on: string
  specs: Record<string, string>
}

let db: LocalDb

async function catalogue(actor = anon): Promise<ListDocument> {
  const { value, error } = await call<ListDocument>(db, actor, 'select public.catalogue() as value')
  expect(error).toBeNull()
  return value!
}

async function details(actor = anon): Promise<DetailsDocument> {
  const { value, error } = await call<DetailsDocument>(
    db,
    actor,
    'select public.catalogue_details() as value',
  )
  expect(error).toBeNull()
  return value!
}

async function activeRows(): Promise<ProductRow[]> {
  const result = await db.pg.query<ProductRow>(
    `select id, slug, name, description, category, subcategory, brand, price, discount,
       rating::text as rating, sizes, colors, tags, stock, images[1] as image, new_arrival, featured,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as listed_on, specs
     from public.products where active order by id collate "C"`,
  )
  return result.rows
}

/** Both documents read back as rows, joined by id. */
async function expanded(actor = anon) {
  const list = expandCatalogue(await catalogue(actor))
  const extra = expandDetails(await details(actor))
  expect(list).toBeDefined()
  expect(extra).toBeDefined()
  return { list: list!, extra: extra! }
}

beforeAll(async () => {
  db = await freshDb()
})

afterAll(async () => {
  await db?.close()
})

describe('catalogue(), format 2', () => {
  it('gives anon one column per field, every active product in each, and the brands', async () => {
    const doc = await catalogue()
    const counts = await db.pg.query<{ active: number; brands: number }>(
      `select (select count(*)::int from public.products where active) as active,
              (select count(*)::int from public.watch_brands) as brands`,
    )
    const active = counts.rows[0]!.active
    expect(Object.keys(doc).sort()).toEqual([
      'brands',
      'details',
      'dict',
      'format',
      'photos',
      'products',
      'version',
    ])
    expect(doc.format).toBe(2)
    expect(doc.version).toMatch(/^[0-9a-f]{16}$/)
    expect(doc.details).toMatch(/^[0-9a-f]{16}$/)
    expect(Object.keys(doc.dict).sort()).toEqual([
      'brand',
      'category',
      'colour',
      'picture',
      'sizes',
      'subcategory',
    ])
    const columns = [
      'id',
      'name',
      'slug',
      'category',
      'subcategory',
      'brand',
      'price',
      'discount',
      'rating',
      'stock',
      'sizes',
      'colours',
      'image',
      'flags',
      'listed',
    ]
    expect(Object.keys(doc.products).sort()).toEqual([...columns].sort())
    for (const column of columns) expect(doc.products[column], column).toHaveLength(active)
    // Dictionaries hold each value once, in byte order.
    for (const name of ['category', 'subcategory', 'brand', 'colour', 'picture']) {
      const values = doc.dict[name] as string[]
      expect(new Set(values).size, name).toBe(values.length)
      expect(
        [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        name,
      ).toEqual(values)
    }
    expect(doc.brands).toHaveLength(counts.rows[0]!.brands)
    const brandKeys = ['id', 'slug', 'name', 'kind', 'category', 'country', 'heritage', 'tier']
    for (const b of doc.brands) {
      expect(Object.keys(b).filter((k) => !brandKeys.includes(k))).toEqual([])
      expect(Object.values(b)).not.toContain(null)
    }
  })

  it('reads back as exactly the rows of the table, the details joined by id', async () => {
    const { list, extra } = await expanded()
    const rows = await activeRows()
    expect(list.products.map((p) => p.id)).toEqual(rows.map((r) => r.id))
    list.products.forEach((p, i) => {
      const r = rows[i]!
      expect(p).toEqual({
        id: r.id,
        slug: r.slug,
        name: r.name,
        category: r.category,
        subcategory: r.subcategory ?? undefined,
        brand: r.brand ?? undefined,
        price: r.price,
        discount: r.discount,
        rating: Number(r.rating),
        sizes: r.sizes,
        colors: r.colors,
        stock: r.stock,
        image: r.image,
        newArrival: r.new_arrival,
        featured: r.featured,
        tags: r.tags.includes('heritage') ? ['heritage'] : [],
        createdAt: r.listed_on,
        photos: [],
      })
      expect(extra.products.get(r.id)).toEqual({
        description: r.description,
        tags: r.tags,
        ...(Object.keys(r.specs).length ? { specs: r.specs } : {}),
      })
    })
    const brands = await db.pg.query<{ id: number; description: string }>(
      'select id, description from public.watch_brands order by id',
    )
    expect([...extra.brands]).toEqual(
      brands.rows.map((b) => [String(b.id), { description: b.description }]),
    )
  })

  it('derives what it can: slugs, pictures, brand-led names, ids, and sends the rest as it is', async () => {
    const doc = await catalogue()
    const rows = await activeRows()
    // Every seeded slug is <name words>-<id>, accented names included; every seeded picture is named
    // after the first colour; about one name in four starts with its brand.
    expect(doc.products.slug!.every((code) => code === 0)).toBe(true)
    expect(doc.products.image!.every((code) => typeof code === 'number')).toBe(true)
    expect(rows.filter((r) => /[^\x20-\x7e]/.test(r.name)).length).toBeGreaterThan(0)
    const branded = (doc.products.flags as number[]).filter((flag) => flag & 8).length
    expect(branded).toBeGreaterThan(20)
    expect(doc.products.id!.filter((code) => /^\d+:/.test(String(code))).length).toBeGreaterThan(
      rows.length / 2,
    )

    await addProduct(db, { id: 'cat-plain', price: 4200, discount: 15, stock: 7, sizes: ['S'] })
    await db.pg.query(
      `update public.products set images = array['/a.svg', '/b.svg'], rating = 4.5, new_arrival = true,
         subcategory = 'dresses', brand = 'Kitenge House', name = 'Kitenge House Wrap',
         slug = 'wrap-by-kitenge-house', colors = array['Teal'], tags = array['heritage', 'wrap']
       where id = 'cat-plain'`,
    )
    await addProduct(db, { id: 'cat-bare', price: 900, stock: 1 })
    await db.pg.query(
      `update public.products set images = '{}', name = 'Crème & Brûlée Tote!',
         slug = 'creme-and-brulee-tote' where id = 'cat-bare'`,
    )
    await addProduct(db, { id: 'cat-picture', price: 1500, stock: 2, colors: ['Beaded Multi'] })
    await db.pg.query(
      `update public.products set images = array['/images/products/belt-beaded-multi.svg'],
         name = 'İstanbul ǅemal Ⅻ ﬁne', slug = $1 where id = 'cat-picture'`,
      [`${nameWords('İstanbul ǅemal Ⅻ ﬁne')}-cat-picture`],
    )
    const after = await catalogue()
    const at = (id: string) => expandCatalogue(after)!.products.findIndex((p) => p.id === id)
    const { list } = await expanded()
    const plain = list.products[at('cat-plain')]!
    expect(plain).toMatchObject({
      slug: 'wrap-by-kitenge-house',
      name: 'Kitenge House Wrap',
      brand: 'Kitenge House',
      image: '/a.svg',
      rating: 4.5,
      newArrival: true,
      tags: ['heritage'],
    })
    expect(after.products.slug![at('cat-plain')]).toBe('wrap-by-kitenge-house')
    expect(after.products.name![at('cat-plain')]).toBe('Wrap')
    expect(after.products.flags![at('cat-plain')]).toBe(1 | 4 | 8)
    expect(after.products.image![at('cat-plain')]).toBe('/a.svg')

    const bare = list.products[at('cat-bare')]!
    expect(bare).toMatchObject({ slug: 'creme-and-brulee-tote', image: null })
    expect(bare.subcategory).toBeUndefined()
    expect(bare.brand).toBeUndefined()
    expect(after.products.slug![at('cat-bare')]).toBe(1)
    expect(after.products.subcategory![at('cat-bare')]).toBeNull()

    const pictured = list.products[at('cat-picture')]!
    expect(pictured.image).toBe('/images/products/belt-beaded-multi.svg')
    expect(after.products.image![at('cat-picture')]).toEqual(expect.any(Number))
    expect(after.products.slug![at('cat-picture')]).toBe(0)
    expect(pictured.slug).toBe(`${nameWords('İstanbul ǅemal Ⅻ ﬁne')}-cat-picture`)
  })

  it('leaves out switched-off products, for staff callers too', async () => {
    await addProduct(db, { id: 'cat-off', price: 1000, stock: 3, active: false })
    const staff = await createUser(db, 'Catalogue Manager')
    await grantRole(db, staff, 'manager')
    for (const actor of [anon, staff]) {
      const { list, extra } = await expanded(actor)
      expect(list.products.some((p) => p.id === 'cat-off')).toBe(false)
      expect(extra.products.has('cat-off')).toBe(false)
    }
  })

  it('keeps its version while nothing changes and changes it when anything shoppers see changes', async () => {
    const version = async () => {
      const { value, error } = await call<string>(
        db,
        anon,
        'select public.catalogue_version() as value',
      )
      expect(error).toBeNull()
      return value!
    }
    const start = (await catalogue()).version
    expect((await catalogue()).version).toBe(start)
    expect(await version()).toBe(start)
    const versions = new Set([start])
    const changes = [
      `update public.products set price = price + 1 where id = 'cat-plain'`,
      `update public.products set stock = stock - 1 where id = 'cat-plain'`,
      `update public.products set active = false where id = 'cat-bare'`,
      `update public.watch_brands set description = description || '.' where id = (select min(id) from public.watch_brands)`,
      `insert into public.watch_brands (id, slug, name, kind, category, description, country, tier)
         values (900, 'cat-brand', 'Cat Brand', 'smart', 'Smart Watches', 'Test', 'Kenya', 'Budget')`,
    ]
    for (const sql of changes) {
      await db.pg.query(sql)
      const current = (await catalogue()).version
      expect(versions.has(current)).toBe(false)
      expect(await version()).toBe(current)
      versions.add(current)
    }
    // A product nobody can see changing does not invalidate every shopper's cache.
    const before = (await catalogue()).version
    await db.pg.query(`update public.products set price = price + 1 where id = 'cat-off'`)
    expect((await catalogue()).version).toBe(before)
  })

  it('names the details version, which moves with descriptions and tags but not with prices or stock', async () => {
    const named = async () => {
      const [list, extra] = [await catalogue(), await details()]
      expect(list.details).toBe(extra.version)
      return extra.version
    }
    const start = await named()
    await db.pg.query(`update public.products set price = price + 5, stock = stock + 1
      where id = 'cat-plain'`)
    expect(await named()).toBe(start)
    const seen = new Set([start])
    for (const sql of [
      `update public.products set description = 'Now with pockets.' where id = 'cat-plain'`,
      `update public.products set tags = array['wrap'] where id = 'cat-plain'`,
      `update public.products set active = false where id = 'cat-plain'`,
      `update public.watch_brands set description = 'A new story.' where id = 900`,
    ]) {
      await db.pg.query(sql)
      const current = await named()
      expect(seen.has(current), sql).toBe(false)
      seen.add(current)
    }
  })

  it('stays compact: reports its gzipped size per 1,000 products, and that of the details', async () => {
    const doc = JSON.stringify(await catalogue())
    const extra = JSON.stringify(await details())
    const products = (await activeRows()).length
    const perThousand = (text: string) =>
      (gzipSync(text, { level: 9 }).length / products) * (1000 / 1024)
    // Guards against regressions (a column sent per product again, descriptions creeping back in), not
    // the budget, which `npm run bench` measures on the served endpoint.
    expect(perThousand(doc)).toBeLessThan(40)
    expect(perThousand(extra)).toBeLessThan(80)
    console.info(
      `catalogue: ${products} products, ${perThousand(doc).toFixed(1)} KiB gzipped per 1,000; details ${perThousand(extra).toFixed(1)} KiB`,
    )
  })
})
