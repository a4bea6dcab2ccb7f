/**
 * catalogue(): the document every shopper caches offline. Callable without signing in, active products
 * only, compact (no null fields), and its version changes exactly when something a shopper sees changes.
 */
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDb } from '../../support/test-db'
import { addProduct, anon, call, createUser, grantRole, type LocalDb } from './db-kit'

interface Catalogue {
  version: string
  products: Record<string, unknown>[]
  brands: Record<string, unknown>[]
}

let db: LocalDb

async function catalogue(actor = anon): Promise<Catalogue> {
  const { value, error } = await call<Catalogue>(db, actor, 'select public.catalogue() as value')
  expect(error).toBeNull()
  return value!
}

beforeAll(async () => {
  db = await freshDb()
})

afterAll(async () => {
  await db?.close()
})

describe('catalogue()', () => {
  it('gives anon every active product and every brand, in the agreed shape', async () => {
    const doc = await catalogue()
    const counts = await db.pg.query<{ active: number; brands: number }>(
      `select (select count(*)::int from public.products where active) as active,
              (select count(*)::int from public.watch_brands) as brands`,
    )
    expect(Object.keys(doc).sort()).toEqual(['brands', 'products', 'version'])
    expect(doc.products).toHaveLength(counts.rows[0]!.active)
    expect(doc.brands).toHaveLength(counts.rows[0]!.brands)
    expect(doc.version).toMatch(/^[0-9a-f]{16}$/)

    const productKeys = [
      'id',
      'slug',
      'name',
      'description',
      'category',
      'subcategory',
      'brand',
      'price',
      'discount',
      'rating',
      'sizes',
      'colors',
      'tags',
      'stock',
      'image',
      'newArrival',
      'featured',
      'createdAt',
    ]
    for (const p of doc.products) {
      const keys = Object.keys(p)
      expect(keys.filter((k) => !productKeys.includes(k))).toEqual([])
      // Only the optional fields may be left out (when null): never a required one.
      expect(
        productKeys
          .filter((k) => !keys.includes(k))
          .filter((k) => !['subcategory', 'brand', 'image'].includes(k)),
      ).toEqual([])
      expect(Object.values(p)).not.toContain(null)
    }
    const brandKeys = [
      'id',
      'slug',
      'name',
      'kind',
      'category',
      'description',
      'country',
      'heritage',
      'tier',
      'logo',
    ]
    for (const b of doc.brands) {
      expect(Object.keys(b).filter((k) => !brandKeys.includes(k))).toEqual([])
      expect(Object.values(b)).not.toContain(null)
    }
  })

  it('sends the first image only, typed numbers and booleans, and a createdAt to the second', async () => {
    await addProduct(db, {
      id: 'cat-two-images',
      price: 4200,
      discount: 15,
      stock: 7,
      sizes: ['S'],
      colors: ['Teal'],
    })
    await db.pg.query(
      `update public.products set images = array['/a.svg', '/b.svg'], rating = 4.5, new_arrival = true,
         subcategory = 'dresses', brand = 'Kitenge House' where id = 'cat-two-images'`,
    )
    await addProduct(db, { id: 'cat-no-image', price: 900, stock: 1 })
    await db.pg.query(`update public.products set images = '{}' where id = 'cat-no-image'`)
    const doc = await catalogue()
    const p = doc.products.find((x) => x.id === 'cat-two-images')
    expect(p).toEqual({
      id: 'cat-two-images',
      slug: 'cat-two-images',
      name: 'Test cat-two-images',
      description: 'Made for tests.',
      category: 'women',
      subcategory: 'dresses',
      brand: 'Kitenge House',
      price: 4200,
      discount: 15,
      rating: 4.5,
      sizes: ['S'],
      colors: ['Teal'],
      tags: [],
      stock: 7,
      image: '/a.svg',
      newArrival: true,
      featured: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
    })
    const bare = doc.products.find((x) => x.id === 'cat-no-image')!
    expect('image' in bare).toBe(false)
  })

  it('leaves out switched-off products, for staff callers too', async () => {
    await addProduct(db, { id: 'cat-off', price: 1000, stock: 3, active: false })
    const staff = await createUser(db, 'Catalogue Manager')
    await grantRole(db, staff, 'manager')
    for (const actor of [anon, staff]) {
      const doc = await catalogue(actor)
      expect(doc.products.some((p) => p.id === 'cat-off')).toBe(false)
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
      `update public.products set price = price + 1 where id = 'cat-two-images'`,
      `update public.products set stock = stock - 1 where id = 'cat-two-images'`,
      `update public.products set active = false where id = 'cat-no-image'`,
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

  it('stays compact: reports its gzipped size per 1,000 products', async () => {
    const doc = await catalogue()
    const gz = gzipSync(JSON.stringify(doc), { level: 9 }).length
    const perThousandKiB = (gz / doc.products.length) * (1000 / 1024)
    // A guard against regressions (e.g. all images or null fields creeping back in), not the budget.
    expect(perThousandKiB).toBeLessThan(160)
    console.info(
      `catalogue: ${doc.products.length} products, ${gz} bytes gzipped, ${perThousandKiB.toFixed(1)} KiB per 1,000`,
    )
  })
})
