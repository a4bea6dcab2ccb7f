import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandSlugs, luxuryBrandSlugs, smartBrandSlugs } from '@/config/paths'
import {
  categories,
  products,
  sampleIds,
  watchBrands,
  type SeedProduct,
} from '../../../supabase/seed/catalogue'
import { expandCatalogue } from '../../../supabase/functions/_shared/catalogue-format'
import { usd } from '../../../supabase/seed/define'
import {
  illustrationFiles,
  renderFavicon,
  renderPlaceholder,
} from '../../../supabase/seed/illustrations'
import { palette } from '../../../supabase/seed/palette'
import { renderSeedSql } from '../../../supabase/seed/seed-sql'
import type { LocalDb } from '../../../supabase/local/db'
import { freshDb } from '../../support/test-db'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const publicDir = join(root, 'public')
const kebabCase = /^[a-z0-9]+(-[a-z0-9]+)*$/

const onSale = (p: SeedProduct) => p.discount >= 20 && p.stock > 0

describe('the catalogue data', () => {
  it('has at least 220 products and at least 12 in every category', () => {
    expect(products.length).toBeGreaterThanOrEqual(220)
    for (const category of categories) {
      expect(
        products.filter((p) => p.category === category).length,
        category,
      ).toBeGreaterThanOrEqual(12)
    }
  })

  it('uses unique, URL-safe ids and slugs; each slug is the name in kebab case plus the code', () => {
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length)
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length)
    for (const p of products) {
      expect(p.id).toMatch(kebabCase)
      expect(p.slug).toMatch(kebabCase)
      expect(p.slug.endsWith(`-${p.id}`), p.slug).toBe(true)
    }
  })

  it('keeps every value inside the table’s constraints', () => {
    for (const p of products) {
      expect(Number.isSafeInteger(p.price) && p.price > 0, `${p.id} price`).toBe(true)
      expect(Number.isInteger(p.discount) && p.discount >= 0 && p.discount <= 90, p.id).toBe(true)
      expect(Number.isInteger(p.stock) && p.stock >= 0, `${p.id} stock`).toBe(true)
      expect(p.rating >= 0 && p.rating <= 5 && Math.round(p.rating * 10) === p.rating * 10).toBe(
        true,
      )
      expect(categories).toContain(p.category)
      expect(p.name.trim().length, p.id).toBeGreaterThan(0)
      expect(p.description.length, `${p.id} description`).toBeGreaterThan(40)
      expect(p.sizes.length, `${p.id} sizes`).toBeGreaterThan(0)
      expect(p.colors.length, `${p.id} colours`).toBeGreaterThan(0)
      expect(p.tags.length, `${p.id} tags`).toBeGreaterThan(0)
      for (const colour of p.colors) expect(Object.keys(palette)).toContain(colour)
    }
  })

  it('writes no description twice', () => {
    expect(new Set(products.map((p) => p.description)).size).toBe(products.length)
  })

  it('keeps the spec’s sample items as the spec describes them', () => {
    expect(sampleIds.length).toBeGreaterThanOrEqual(38)
    for (const id of ['mens-tee-001', 'bags-001', 'dress-001', 'jackets-001']) {
      expect(sampleIds).toContain(id)
    }
    const samples = sampleIds.map((id) => products.find((p) => p.id === id)!)
    for (const p of samples) {
      expect(['men', 'women', 'accessories']).toContain(p.category)
      expect(p.price).toBeGreaterThanOrEqual(usd(45))
      expect(p.price).toBeLessThanOrEqual(usd(250))
      expect(p.price % 140, `${p.id} is a whole dollar price`).toBe(0)
      expect([0, 5, 10, 15]).toContain(p.discount)
      expect(p.stock).toBeGreaterThanOrEqual(20)
      expect(p.stock).toBeLessThanOrEqual(100)
      for (const size of p.sizes) {
        expect(size, p.id).toMatch(/^(XS|S|M|L|XL|XXL|2[89]|3[0-4]|One Size)$/)
      }
    }
    expect(samples.slice(0, -1).every((p) => p.featured)).toBe(true)
    expect(samples.at(-1)!.featured).toBe(false)
  })

  it('has what each of the assistant’s quick options asks for', () => {
    const jordans = products.filter((p) => p.name.includes('Nike Air Jordan') && p.stock > 0)
    expect(jordans.length).toBeGreaterThanOrEqual(3)
    expect(jordans.every((p) => p.category === 'shoes' && p.tags.includes('sneakers'))).toBe(true)

    const designerHandbags = products.filter(
      (p) => p.category === 'bags' && p.tags.includes('designer') && p.tags.includes('handbag'),
    )
    expect(designerHandbags.filter((p) => p.stock > 0).length).toBeGreaterThanOrEqual(3)

    const gown = products.find((p) => p.name === 'Silk Evening Gown')
    expect(gown).toBeDefined()
    expect(gown!.stock).toBeGreaterThan(0)
    expect(gown!.tags).toEqual(expect.arrayContaining(['evening', 'silk', 'gown']))

    expect(products.filter(onSale).length).toBeGreaterThanOrEqual(20)
  })

  it('has new arrivals, featured pieces, low stock, sold-out items and heritage pieces', () => {
    const newArrivals = products.filter((p) => p.newArrival)
    expect(newArrivals.length).toBeGreaterThanOrEqual(20)
    expect(newArrivals.every((p) => p.createdDaysAgo <= 21)).toBe(true)
    expect(products.filter((p) => !p.newArrival).every((p) => p.createdDaysAgo >= 30)).toBe(true)
    expect(products.filter((p) => p.featured).length).toBeGreaterThanOrEqual(20)
    expect(products.filter((p) => p.stock > 0 && p.stock <= 5).length).toBeGreaterThanOrEqual(5)
    expect(products.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2)
    const heritage = products.filter((p) => p.tags.includes('heritage'))
    expect(heritage.length).toBeGreaterThanOrEqual(12)
    expect(new Set(heritage.map((p) => p.category)).size).toBeGreaterThanOrEqual(5)
    for (const word of ['kitenge', 'ankara', 'maasai', 'kikoy', 'kiondo']) {
      expect(
        heritage.some((p) => p.tags.includes(word)),
        word,
      ).toBe(true)
    }
  })

  it('prices luxury watches in the hundreds of thousands to millions of shillings', () => {
    const luxury = products.filter((p) => p.category === 'luxury-watches')
    expect(luxury.every((p) => p.price >= 300_000)).toBe(true)
    expect(luxury.some((p) => p.price >= 1_000_000)).toBe(true)
  })
})

describe('the watch brands', () => {
  it('are the spec’s twelve, with the slugs the brand pages use', () => {
    expect(watchBrands.map((b) => b.slug).sort()).toEqual([...brandSlugs].sort())
    expect(new Set(watchBrands.map((b) => b.id)).size).toBe(12)
    for (const b of watchBrands) {
      const luxury = (luxuryBrandSlugs as readonly string[]).includes(b.slug)
      expect(b.kind).toBe(luxury ? 'luxury' : 'smart')
      expect(b.country.length).toBeGreaterThan(0)
      expect(b.heritage).toMatch(/^Since \d{4}$/)
      if (luxury) expect(b.tier).toBeNull()
      else expect(['Premium', 'Mid-Range', 'Luxury', 'Budget']).toContain(b.tier)
    }
    expect(smartBrandSlugs.length).toBe(6)
  })

  it('each have at least three watches carrying the brand’s exact name', () => {
    for (const b of watchBrands) {
      const category = b.kind === 'luxury' ? 'luxury-watches' : 'smart-watches'
      const watches = products.filter((p) => p.brand === b.name && p.category === category)
      expect(watches.length, b.name).toBeGreaterThanOrEqual(3)
    }
    const watchBrandNames = new Set(watchBrands.map((b) => b.name))
    for (const p of products.filter((p) => p.category.endsWith('-watches'))) {
      expect(watchBrandNames.has(p.brand ?? ''), `${p.id} brand ${p.brand}`).toBe(true)
    }
  })
})

describe('the product illustrations', () => {
  const files = illustrationFiles(products)

  it('exist for every product image, are up to date and stay small', () => {
    for (const p of products) {
      expect(p.images).toHaveLength(1)
      expect(files.has(p.images[0]!), p.images[0]).toBe(true)
    }
    for (const [path, svg] of files) {
      const file = join(publicDir, path)
      expect(existsSync(file), `${path} missing: run npm run db:seed:build`).toBe(true)
      expect(readFileSync(file, 'utf8'), `${path} is stale: run npm run db:seed:build`).toBe(svg)
      expect(statSync(file).size).toBeLessThan(2048)
      expect(svg).toMatch(/^<svg [^>]*width="400" height="500" viewBox="0 0 400 500" role="img">/)
      expect(svg).toMatch(/<title>[^<]+<\/title>/)
    }
  })

  it('include the placeholder and the favicon', () => {
    expect(readFileSync(join(publicDir, 'placeholder.svg'), 'utf8')).toBe(renderPlaceholder())
    expect(readFileSync(join(publicDir, 'favicon.svg'), 'utf8')).toBe(renderFavicon())
  })
})

describe('supabase/seed.sql', () => {
  let db: LocalDb

  beforeAll(async () => {
    db = await freshDb()
  })

  afterAll(async () => {
    await db?.close()
  })

  it('is generated from the current catalogue', () => {
    const committed = readFileSync(join(root, 'supabase/seed.sql'), 'utf8')
    expect(committed, 'stale seed: run npm run db:seed:build').toBe(
      renderSeedSql(products, watchBrands),
    )
  })

  it('loads every product and brand into the migrated database, and re-running it changes nothing', async () => {
    const count = async () => {
      const res = await db.pg.query<{ products: number; brands: number; sale: number }>(
        `select (select count(*)::int from public.products) as products,
                (select count(*)::int from public.watch_brands) as brands,
                (select count(*)::int from public.products where discount >= 20) as sale`,
      )
      return res.rows[0]!
    }
    const expected = {
      products: products.length,
      brands: watchBrands.length,
      sale: products.filter((p) => p.discount >= 20).length,
    }
    expect(await count()).toEqual(expected)
    await db.pg.exec(readFileSync(join(root, 'supabase/seed.sql'), 'utf8'))
    expect(await count()).toEqual(expected)
  })

  it('dates new arrivals within the last three weeks and the rest further back', async () => {
    const res = await db.pg.query<{ recent_new: number; old_rest: number }>(
      `select count(*) filter (where new_arrival and created_at > now() - interval '22 days')::int as recent_new,
              count(*) filter (where not new_arrival and created_at < now() - interval '29 days')::int as old_rest
         from public.products`,
    )
    const newCount = products.filter((p) => p.newArrival).length
    expect(res.rows[0]).toEqual({ recent_new: newCount, old_rest: products.length - newCount })
  })

  it('dates products from the start of the day, so two databases seeded the same day agree', async () => {
    // Whole hours before today's midnight, not before the moment of seeding: a build's database and
    // the server's, seeded minutes apart, list every product on the same day.
    const res = await db.pg.query<{ off: number }>(
      `select count(*) filter (
                where extract(epoch from date_trunc('day', now()) - created_at)::numeric % 3600 <> 0
              )::int as off
         from public.products`,
    )
    expect(res.rows[0]).toEqual({ off: 0 })
  })

  it('serves the seeded catalogue to an anonymous shopper', async () => {
    const doc = await db.withRequest(
      { role: 'anon', claims: {}, method: 'POST', path: '/rpc/catalogue', headers: {} },
      { readOnly: true },
      async (tx) =>
        (await tx.query<{ doc: unknown }>(`select public.catalogue() as doc`)).rows[0]!.doc,
    )
    expect(expandCatalogue(doc)?.products).toHaveLength(products.length)
  })
})
