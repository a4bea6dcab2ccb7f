/**
 * The checkout's race guarantees, proven with real concurrent connections (PGlite has one, so it can
 * only ever run these one after another): the last units of a size sell once, an order key makes one
 * order however often it arrives at once, a staff stock edit racing orders loses nothing and fails
 * nothing, and a crowd replaying queued checkouts after an outage neither loses nor doubles an order.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/server'
import { freshDb } from '../../support/test-db'
import {
  addProduct,
  anon,
  attempt,
  createUser,
  grantRole,
  orderPayload,
  placeOrder,
  type Actor,
  type LocalDb,
  type OrderDoc,
} from '../db/db-kit'

let db: LocalDb
let manager: Actor

beforeAll(async () => {
  // One connection per racing shopper, so every call below really runs at the same time.
  db = await freshDb({ poolSize: 60 })
  manager = await createUser(db, 'Race Manager')
  await grantRole(db, manager, 'manager')
})
afterAll(async () => {
  await db?.close()
})

async function addSized(id: string, stock: Record<string, number>) {
  await addProduct(db, { id, price: 3000, stock: 0, sizes: Object.keys(stock) })
  for (const [size, count] of Object.entries(stock)) {
    await db.pg.query(
      'insert into public.product_sizes (product_id, size, stock) values ($1, $2, $3)',
      [id, size, count],
    )
  }
}

async function stock(id: string) {
  const res = await db.pg.query<{ size: string; stock: number; total: number }>(
    `select s.size, s.stock, p.stock as total
     from public.product_sizes s join public.products p on p.id = s.product_id
     where s.product_id = $1 order by s.size`,
    [id],
  )
  return res.rows
}

async function ordersOf(id: string) {
  const res = await db.pg.query<{ n: number }>(
    'select count(distinct order_id)::int as n from public.order_items where product_id = $1',
    [id],
  )
  return res.rows[0]!.n
}

/** Every refusal a shopper may see in a race: the cart conflict, never a server error. */
const outcome = (r: { value: OrderDoc | null; error: { code: string; message: string } | null }) =>
  r.error ? `${r.error.code} ${r.error.message}` : 'ordered'

describe('races on a real PostgreSQL', () => {
  it('sells the last 3 units of a size to exactly 3 of 50 racing shoppers', async () => {
    await addSized('race-dress', { M: 3, L: 10 })
    // The minimum stock ever seen while the race runs: it must never go below zero.
    let lowest = Infinity
    let racing = true
    const watch = (async () => {
      while (racing) {
        const rows = await stock('race-dress')
        lowest = Math.min(lowest, rows.find((r) => r.size === 'M')!.stock)
      }
    })()
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        placeOrder(db, anon, orderPayload([{ productId: 'race-dress', quantity: 1, size: 'M' }])),
      ),
    )
    racing = false
    await watch
    const tally: Record<string, number> = {}
    for (const r of results) tally[outcome(r)] = (tally[outcome(r)] ?? 0) + 1
    expect(tally).toEqual({
      ordered: 3,
      'PT409 Some items in your cart are no longer available as ordered.': 47,
    })
    expect(await stock('race-dress')).toEqual([
      { size: 'L', stock: 10, total: 10 },
      { size: 'M', stock: 0, total: 10 },
    ])
    expect(lowest).toBeGreaterThanOrEqual(0)
    expect(await ordersOf('race-dress')).toBe(3)
  })

  it('makes one order of the same key sent 20 times at once, and answers each with it', async () => {
    await addSized('race-key', { S: 50 })
    const payload = orderPayload([{ productId: 'race-key', quantity: 2, size: 'S' }])
    const results = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder(db, anon, payload)),
    )
    expect(results.map((r) => r.error)).toEqual(Array(20).fill(null))
    const ids = new Set(results.map((r) => r.value!.id))
    expect(ids.size).toBe(1)
    expect(new Set(results.map((r) => r.value!.orderNumber)).size).toBe(1)
    expect(await ordersOf('race-key')).toBe(1)
    expect(await stock('race-key')).toEqual([{ size: 'S', stock: 48, total: 48 }])
  })

  it('keeps a staff stock edit and every racing order, with no server error', async () => {
    await addSized('race-edit', { M: 20, L: 5 })
    // The staff save as the admin area sends it: an upsert of the size rows, in its own transaction.
    let staffTx = ''
    const edit = async () => {
      await new Promise((resolve) => setTimeout(resolve, 15))
      const out = await attempt<{ xid: string }>(
        db,
        manager,
        `with saved as (
           insert into public.product_sizes (product_id, size, stock)
           values ('race-edit', 'M', 25), ('race-edit', 'L', 5)
           on conflict (product_id, size) do update set stock = excluded.stock
           returning 1)
         select pg_current_xact_id()::text as xid from saved limit 1`,
      )
      staffTx = out.rows[0]?.xid ?? ''
      return out
    }
    const [staff, ...orders] = await Promise.all([
      edit(),
      ...Array.from({ length: 30 }, () =>
        placeOrder(db, anon, orderPayload([{ productId: 'race-edit', quantity: 1, size: 'M' }])),
      ),
    ])
    expect(staff.error).toBeNull()
    const tally: Record<string, number> = {}
    for (const r of orders) tally[outcome(r)] = (tally[outcome(r)] ?? 0) + 1
    // Only the cart conflict may refuse an order (no deadlock, no serialization failure, no 500).
    expect(Object.keys(tally).filter((k) => k !== 'ordered' && !k.startsWith('PT409'))).toEqual([])
    // The orders committed after the staff save come off the 25 it set; those before it came off
    // the 20 it replaced. Nothing else may have moved the count.
    const after = await db.pg.query<{ n: number }>(
      `select count(*)::int as n from public.orders o
       where o.id in (select order_id from public.order_items where product_id = 'race-edit')
         and pg_xact_commit_timestamp(o.xmin) > pg_xact_commit_timestamp($1::xid)`,
      [staffTx],
    )
    const placed = tally.ordered ?? 0
    const later = after.rows[0]!.n
    expect(placed - later).toBeLessThanOrEqual(20)
    expect(await stock('race-edit')).toEqual([
      { size: 'L', stock: 5, total: 5 + 25 - later },
      { size: 'M', stock: 25 - later, total: 5 + 25 - later },
    ])
  })
})

describe('a crowd replaying queued checkouts after an outage', () => {
  let server: TestServer
  beforeAll(async () => {
    // PostgREST's own default pool: ten connections, the rest of the crowd queues for one.
    server = await startTestServer({ database: { poolSize: 10 } })
    await addProduct(server.server.db, { id: 'race-outage', price: 2500, stock: 1000 })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('places each of 100 clients’ orders once, however often each is replayed', async () => {
    // Each device kept its checkout (its own key) while offline and, once back, sends it again while
    // its first try may still be in flight: two sends per client, all at once, over HTTP.
    const clients = Array.from({ length: 100 }, () => ({
      client: server.client(),
      payload: orderPayload([{ productId: 'race-outage', quantity: 2 }], {
        clientOrderId: randomUUID(),
      }),
    }))
    const answers = await Promise.all(
      clients.flatMap(({ client, payload }) =>
        [1, 2].map(() => client.rpc('place_order', { payload })),
      ),
    )
    expect(answers.filter((a) => a.error).map((a) => a.error)).toEqual([])
    for (let i = 0; i < clients.length; i++) {
      const mine = answers.slice(i * 2, i * 2 + 2).map((a) => (a.data as OrderDoc).id)
      expect(new Set(mine).size).toBe(1)
    }
    const res = await server.server.db.pg.query<{ orders: number; keys: number; stock: number }>(
      `with mine as (
         select * from public.orders
         where id in (select order_id from public.order_items where product_id = 'race-outage'))
       select (select count(*)::int from mine) as orders,
              (select count(distinct client_order_id)::int from mine) as keys,
              (select stock from public.products where id = 'race-outage') as stock`,
    )
    expect(res.rows[0]).toEqual({ orders: 100, keys: 100, stock: 1000 - 200 })
    expect(new Set(answers.map((a) => (a.data as OrderDoc).id)).size).toBe(100)
  })
})
