/**
 * The product editor's stock per size (src/features/admin/api/products-api.ts) against the real server:
 * a manager counts a product per size, changes the counts and the sizes, and goes back to one number;
 * the total follows, shoppers see each size's stock, and a shopper cannot write any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchProduct, fetchSizeStock, saveProduct } from '@/features/admin/api/products-api'
import { emptyProductDraft, type ProductDraft } from '@/features/admin/product-form'
import type { AppSupabaseClient } from '@/lib/supabase'
import type { TestServer } from '../../support/server'
import { signIn, startAdminServer } from './admin-kit'

let server: TestServer
let manager: AppSupabaseClient

const draft = (over: Partial<ProductDraft> = {}): ProductDraft => ({
  ...emptyProductDraft,
  name: 'Ankara Shirt Dress',
  slug: 'ankara-shirt-dress',
  category: 'women',
  price: '7,200',
  stock: '12',
  sizes: ['S', 'M', 'L'],
  ...over,
})

const sorted = (rows: { size: string; stock: number }[]) =>
  [...rows].sort((a, b) => a.size.localeCompare(b.size))

beforeAll(async () => {
  server = await startAdminServer()
  manager = (await signIn(server, 'manager@luxekenya.test')) as unknown as AppSupabaseClient
})

afterAll(async () => {
  await server?.close()
})

describe('stock per size in the editor', () => {
  it('creates a product counted per size, its stock the sum of the sizes', async () => {
    const saved = await saveProduct(
      manager,
      draft({ bySize: true, sizeStock: { S: '3', M: '0', L: '5' } }),
    )
    expect(saved.stock).toBe(8)
    expect(sorted(await fetchSizeStock(manager, saved.id))).toEqual([
      { size: 'L', stock: 5 },
      { size: 'M', stock: 0 },
      { size: 'S', stock: 3 },
    ])
    const shop = await server.client().rpc('product_size_stock', { product_id: saved.id })
    expect(shop.data).toEqual([
      { size: 'S', stock: 3 },
      { size: 'M', stock: 0 },
      { size: 'L', stock: 5 },
    ])
  })

  it('saves new counts and sizes together: a dropped size goes, a new one is counted', async () => {
    const existing = await fetchProduct(manager, 'ankara-shirt-dress')
    const saved = await saveProduct(
      manager,
      draft({ sizes: ['S', 'M', 'XL'], bySize: true, sizeStock: { S: '1', M: '6', XL: '2' } }),
      existing,
    )
    expect(saved.stock).toBe(9)
    expect(sorted(await fetchSizeStock(manager, saved.id))).toEqual([
      { size: 'M', stock: 6 },
      { size: 'S', stock: 1 },
      { size: 'XL', stock: 2 },
    ])
  })

  it('goes back to one number, keeping the total typed', async () => {
    const existing = await fetchProduct(manager, 'ankara-shirt-dress')
    const saved = await saveProduct(manager, draft({ bySize: false, stock: '20' }), existing)
    expect(saved.stock).toBe(20)
    expect(await fetchSizeStock(manager, saved.id)).toEqual([])
  })

  it('never lets a size’s stock go below zero, whatever writes it', async () => {
    const existing = await fetchProduct(manager, 'ankara-shirt-dress')
    await saveProduct(
      manager,
      draft({ bySize: true, sizeStock: { S: '1', M: '1', L: '1' } }),
      existing,
    )
    const negative = await manager
      .from('product_sizes')
      .update({ stock: -1 })
      .eq('product_id', existing.id)
      .eq('size', 'S')
    expect(negative.error?.code).toBe('23514')
    expect((await fetchProduct(manager, existing.id)).stock).toBe(3)
  })

  it('lets no shopper change a size’s stock', async () => {
    const { client } = await server.signUpUser()
    const write = await client
      .from('product_sizes')
      .update({ stock: 99 })
      .eq('product_id', 'ankara-shirt-dress')
      .select()
    expect(write.data ?? []).toEqual([])
    const insert = await client
      .from('product_sizes')
      .insert({ product_id: 'ankara-shirt-dress', size: 'L', stock: 99 })
    expect(insert.error?.code).toBe('42501')
    expect((await fetchProduct(manager, 'ankara-shirt-dress')).stock).toBe(3)
  })
})
