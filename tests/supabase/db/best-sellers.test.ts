/**
 * best_sellers(): the home page's rail, from paid orders only (cancelled and refunded ones do not
 * count), most units first; topped up with featured and best-rated products while few have sold. Anon
 * may call it, and it names products only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRestServer } from '../../support/rest-server'
import { freshDb } from '../../support/test-db'
import { addProduct, anon, attempt, type LocalDb } from './db-kit'

let db: LocalDb

async function bestSellers(count?: number): Promise<string[]> {
  const outcome = await attempt<{ id: string }>(
    db,
    anon,
    count === undefined
      ? 'select public.best_sellers() as id'
      : 'select public.best_sellers($1) as id',
    count === undefined ? [] : [count],
  )
  expect(outcome.error).toBeNull()
  return outcome.rows.map((row) => row.id)
}

async function order(
  lines: [productId: string, quantity: number][],
  state: { status?: string; payment?: string; paidDaysAgo?: number; placedDaysAgo?: number } = {},
) {
  const { rows } = await db.pg.query<{ id: string }>(
    `insert into public.orders (client_order_id, request_hash, customer_name, email, phone,
       delivery_method, pickup_point, subtotal, total, payment_method, status, payment_status,
       paid_at, created_at)
     values (gen_random_uuid(), 'test', 'Test', 't@example.test', '254712345678', 'pickup',
       'hub-karen', 1000, 1000, 'mpesa', $1, $2,
       now() - make_interval(days => $3::int), now() - make_interval(days => coalesce($4::int, 0)))
     returning id`,
    [
      state.status ?? 'confirmed',
      state.payment ?? 'paid',
      state.paidDaysAgo ?? null,
      state.placedDaysAgo ?? null,
    ],
  )
  let lineNo = 0
  for (const [productId, quantity] of lines) {
    lineNo += 1
    await db.pg.query(
      `insert into public.order_items (order_id, line_no, product_id, name, quantity, unit_price,
         discounted_unit_price, line_total)
       values ($1, $2, $3, $3, $4, 100, 100, 100 * $4)`,
      [rows[0]!.id, lineNo, productId, quantity],
    )
  }
}

beforeAll(async () => {
  db = await freshDb()
})

afterAll(async () => {
  await db?.close()
})

describe('best_sellers()', () => {
  it('falls back to featured, then best-rated, products in stock when nothing has sold', async () => {
    const ids = await bestSellers()
    expect(ids).toHaveLength(8)
    const { rows } = await db.pg.query<{ id: string; featured: boolean; stock: number }>(
      'select id, featured, stock from public.products where id = any($1)',
      [ids],
    )
    expect(rows.every((row) => row.stock > 0)).toBe(true)
    expect(rows.filter((row) => row.featured).length).toBe(8)
  })

  it('ranks by units in paid orders; unpaid, cancelled and refunded orders do not count', async () => {
    await addProduct(db, { id: 'best-a', price: 100, stock: 50 })
    await addProduct(db, { id: 'best-b', price: 100, stock: 50 })
    await addProduct(db, { id: 'best-c', price: 100, stock: 50 })
    await addProduct(db, { id: 'best-archived', price: 100, stock: 50, active: false })
    await order([
      ['best-a', 2],
      ['best-b', 1],
    ])
    await order([['best-b', 3]])
    await order([['best-a', 1]], { status: 'delivered' })
    await order([['best-c', 40]], { payment: 'pending' })
    await order([['best-c', 40]], { status: 'cancelled' })
    await order([['best-c', 40]], { payment: 'refunded' })
    await order([['best-archived', 90]])

    const ids = await bestSellers(5)
    expect(ids).toHaveLength(5)
    // best-b 4 units, best-a 3 units; then the fallback, which does not repeat them.
    expect(ids.slice(0, 2)).toEqual(['best-b', 'best-a'])
    expect(ids.slice(2)).not.toContain('best-b')
    expect(ids).not.toContain('best-archived')
    expect(ids.slice(0, 3)).not.toContain('best-c')
  })

  it('counts only the sales of the store’s window (30 days unless admins change it), over supabase-js', async () => {
    await addProduct(db, { id: 'window-old', price: 100, stock: 50 })
    await addProduct(db, { id: 'window-unpaid-time', price: 100, stock: 50 })
    await addProduct(db, { id: 'window-new', price: 100, stock: 50 })
    // Many units, paid 40 days ago; or placed 40 days ago with no payment time kept.
    await order([['window-old', 9]], { paidDaysAgo: 40, placedDaysAgo: 41 })
    await order([['window-unpaid-time', 8]], { placedDaysAgo: 40 })
    // A few units, paid this week for an order placed long before (the payment is the sale).
    await order([['window-new', 5]], { paidDaysAgo: 2, placedDaysAgo: 45 })

    const rest = await startRestServer(db)
    try {
      const read = async () => {
        const { data, error } = await rest.client().rpc('best_sellers', { max_count: 24 })
        expect(error).toBeNull()
        return data as string[]
      }
      const recent = await read()
      expect(recent[0]).toBe('window-new')
      expect(recent.slice(0, 3)).not.toContain('window-old')
      expect(recent.slice(0, 3)).not.toContain('window-unpaid-time')

      // A 60-day window takes the older sales in again, most units first.
      await db.pg.query('update public.store_settings set best_sellers_days = 60 where id')
      expect((await read()).slice(0, 3)).toEqual(['window-old', 'window-unpaid-time', 'window-new'])
      const refused = await db.pg
        .query('update public.store_settings set best_sellers_days = 0 where id')
        .then(
          () => null,
          (error: { code?: string }) => error.code,
        )
      expect(refused).toBe('23514')
    } finally {
      await db.pg.query('update public.store_settings set best_sellers_days = 30 where id')
      await rest.close()
    }
  })

  it('keeps the count between 1 and 24', async () => {
    expect(await bestSellers(0)).toHaveLength(1)
    expect(await bestSellers(500)).toHaveLength(24)
  })
})
