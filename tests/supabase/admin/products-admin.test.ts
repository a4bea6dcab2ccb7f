/**
 * The products page's API calls (src/features/admin/api/products-api.ts) against the real server: paged
 * lists with search, filters and sort; create, edit and archive with the database's rules turned into
 * words; and every change reaching the shoppers' catalogue through a new catalogue version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fetchProduct,
  fetchProductOptions,
  listProducts,
  ProductSaveError,
  saveProduct,
  searchTerm,
  setProductActive,
} from '@/features/admin/api/products-api'
import { emptyProductDraft, type ProductDraft } from '@/features/admin/product-form'
import type { AppSupabaseClient } from '@/lib/supabase'
import { expandCatalogue } from '../../../supabase/functions/_shared/catalogue-format'
import type { TestServer } from '../../support/server'
import { addProduct, signIn, startAdminServer } from './admin-kit'

let server: TestServer
let manager: AppSupabaseClient

const draft = (over: Partial<ProductDraft> = {}): ProductDraft => ({
  ...emptyProductDraft,
  name: 'Kitenge Wrap Dress',
  slug: 'kitenge-wrap-dress',
  category: 'women',
  subcategory: 'dresses',
  brand: 'Luxe Kenya Atelier',
  price: '8,400',
  discount: '10',
  stock: '12',
  image: '/images/products/tee-black.svg',
  sizes: ['S', 'M'],
  colors: ['Black'],
  tags: ['kitenge'],
  ...over,
})

async function catalogue() {
  const anon = server.client()
  const { data } = await anon.rpc('catalogue', undefined, { get: true })
  const doc = expandCatalogue(data)
  expect(doc).toBeDefined()
  return doc!
}

beforeAll(async () => {
  server = await startAdminServer()
  manager = (await signIn(server, 'manager@luxekenya.test')) as unknown as AppSupabaseClient
})

afterAll(async () => {
  await server?.close()
})

describe('listing', () => {
  it('pages on the server with an exact count', async () => {
    const first = await listProducts(manager, {}, 10)
    expect(first.rows).toHaveLength(10)
    expect(first.count).toBeGreaterThanOrEqual(200)
    const second = await listProducts(manager, { page: 2 }, 10)
    expect(second.rows[0]!.id).not.toBe(first.rows[0]!.id)
    const beyond = await listProducts(manager, { page: 10_000 }, 10)
    expect(beyond.rows).toEqual([])
  })

  it('searches names, slugs, ids and brands, and filters by category, state and low stock', async () => {
    const rolex = await listProducts(manager, { q: 'rolex' })
    expect(rolex.count).toBeGreaterThan(0)
    for (const row of rolex.rows) {
      expect(`${row.name} ${row.slug} ${row.brand} ${row.id}`.toLowerCase()).toContain('rolex')
    }
    const bags = await listProducts(manager, { category: 'bags', sort: '-price' })
    expect(bags.rows.every((r) => r.category === 'bags')).toBe(true)
    const prices = bags.rows.map((r) => r.price)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
    const low = await listProducts(manager, { low: true, sort: 'stock' })
    expect(low.count).toBeGreaterThan(0)
    expect(low.rows.every((r) => r.stock <= 5)).toBe(true)
  })

  it('shows beside the stock the units unpaid orders hold', async () => {
    await addProduct(server, { id: 'pa-held', price: 2500, stock: 10 })
    const placed = await server.client().rpc('place_order', {
      payload: {
        clientOrderId: crypto.randomUUID(),
        items: [{ productId: 'pa-held', quantity: 3 }],
        contact: { name: 'Wairimu Kariuki', email: 'wairimu@example.com', phone: '0720 555 010' },
        delivery: { method: 'delivery', county: 'Nyeri', town: 'Nyeri', street: 'Kimathi Way' },
        paymentMethod: 'mpesa',
      },
    })
    expect(placed.error).toBeNull()
    const { rows } = await listProducts(manager, { q: 'pa-held' })
    expect(rows.map((r) => [r.id, r.stock, r.held])).toEqual([['pa-held', 7, 3]])
    const quiet = await listProducts(manager, { q: 'rolex' })
    expect(quiet.rows.every((r) => r.held === 0)).toBe(true)
  })

  it('keeps a typed search from changing the filter grammar', async () => {
    expect(searchTerm('rolex),id.neq.(x')).toBe('rolex id.neq. x')
    const probe = await listProducts(manager, { q: 'zzz),price.gt.(0' })
    expect(probe.count).toBe(0)
  })
})

describe('editing', () => {
  it('creates a product that shoppers see in the next catalogue version', async () => {
    const before = await catalogue()
    const saved = await saveProduct(manager, draft())
    expect(saved).toMatchObject({
      id: 'kitenge-wrap-dress',
      price: 8400,
      discount: 10,
      stock: 12,
      images: ['/images/products/tee-black.svg'],
      active: true,
    })
    const after = await catalogue()
    expect(after.version).not.toBe(before.version)
    expect(after.products.find((p) => p.id === 'kitenge-wrap-dress')).toMatchObject({
      price: 8400,
    })
  })

  it('reprices a product: updated_at moves, the catalogue version changes, shoppers get the price', async () => {
    const existing = await fetchProduct(manager, 'kitenge-wrap-dress')
    const before = await catalogue()
    const saved = await saveProduct(manager, draft({ price: '9100', discount: '0' }), existing)
    expect(saved.price).toBe(9100)
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(existing.updated_at))
    const after = await catalogue()
    expect(after.version).not.toBe(before.version)
    expect(after.products.find((p) => p.id === 'kitenge-wrap-dress')?.price).toBe(9100)
  })

  it('answers a taken slug with a message on the slug field (409 from the API)', async () => {
    const response = await manager.from('products').insert({
      id: 'dup-check',
      slug: 'kitenge-wrap-dress',
      name: 'x',
      category: 'bags',
      price: 5,
    })
    expect(response.status).toBe(409)
    const error = await saveProduct(manager, draft({ name: 'Another' })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProductSaveError)
    expect(error).toMatchObject({
      field: 'slug',
      status: 409,
      message:
        'Another product already uses the slug “kitenge-wrap-dress”. Choose a different slug.',
    })
  })

  it('turns the database’s own checks into field messages when the form is bypassed', async () => {
    const existing = await fetchProduct(manager, 'kitenge-wrap-dress')
    const cases: [Partial<ProductDraft>, string][] = [
      [{ price: '0' }, 'price'],
      [{ discount: '91' }, 'discount'],
      [{ slug: 'Not A Slug' }, 'slug'],
    ]
    for (const [change, field] of cases) {
      const error = await saveProduct(manager, draft(change), existing).catch((e: unknown) => e)
      expect(error).toMatchObject({ field, status: 400 })
    }
    const negative = await manager.from('products').update({ stock: -1 }).eq('id', existing.id)
    expect(negative.status).toBe(400)
    expect(negative.error?.code).toBe('23514')
    expect((await fetchProduct(manager, existing.id)).stock).toBe(12)
  })

  it('archives a product out of the catalogue and brings it back', async () => {
    await setProductActive(manager, 'kitenge-wrap-dress', false)
    expect((await catalogue()).products.some((p) => p.id === 'kitenge-wrap-dress')).toBe(false)
    const archived = await listProducts(manager, { state: 'archived' })
    expect(archived.rows.map((r) => r.id)).toContain('kitenge-wrap-dress')
    const anon = await server.client().from('products').select('id').eq('id', 'kitenge-wrap-dress')
    expect(anon.data).toEqual([])
    await setProductActive(manager, 'kitenge-wrap-dress', true)
    expect((await catalogue()).products.some((p) => p.id === 'kitenge-wrap-dress')).toBe(true)
  })

  it('offers the subcategories, brands and illustrations already in use', async () => {
    const options = await fetchProductOptions(manager)
    expect(options.subcategories).toContain('dresses')
    expect(options.brands).toContain('Rolex')
    expect(options.images.length).toBeGreaterThan(100)
    expect(options.images.every((path) => path.startsWith('/images/products/'))).toBe(true)
  })
})
