/**
 * Stock holds and guest limits under real concurrency (PGlite has one connection, so only PostgreSQL
 * proves these): guest orders racing each other never pass a daily limit, and a release racing a
 * payment never both releases the stock and takes the money for the order.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDb } from '../../support/test-db'
import {
  addProduct,
  anon,
  call,
  detailOf,
  orderPayload,
  placeOrder,
  service,
  stockOf,
  type LocalDb,
} from '../db/db-kit'

let db: LocalDb

beforeAll(async () => {
  db = await freshDb({ poolSize: 40, guestOrderLimits: true })
})
afterAll(async () => {
  await db?.close()
})

const limits = (phone: number, device: number, address: number) =>
  db.pg.query(
    `update public.store_settings set guest_orders_per_phone_per_day = $1,
       guest_orders_per_device_per_day = $2, guest_orders_per_address_per_day = $3 where id`,
    [phone, device, address],
  )

/** A guest order of one unit from its own street and device unless told otherwise. */
const guest = (productId: string, who: { phone?: string; street?: string; deviceId?: string }) =>
  orderPayload([{ productId, quantity: 1 }], {
    contact: {
      name: 'Chebet Korir',
      email: 'chebet@example.test',
      phone: who.phone ?? '0711 222 333',
    },
    delivery: {
      method: 'delivery',
      county: 'Nairobi',
      town: 'Westlands',
      street: who.street ?? randomUUID(),
    },
    deviceId: who.deviceId ?? randomUUID(),
  })

const tallyOf = (results: { error: { detail?: string } | null }[]) => {
  const tally: Record<string, number> = {}
  for (const r of results) {
    const key = r.error ? String(detailOf(r.error as never).code) : 'ordered'
    tally[key] = (tally[key] ?? 0) + 1
  }
  return tally
}

describe('guest limits under concurrency', () => {
  it('lets exactly 3 of 20 racing orders from one phone through', async () => {
    await limits(3, 1000, 1000)
    await addProduct(db, { id: 'hr-phone', price: 2000, stock: 100 })
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(db, anon, guest('hr-phone', { phone: '0711 000 001' })),
      ),
    )
    expect(tallyOf(results)).toEqual({ ordered: 3, guest_phone_limit: 17 })
    expect(await stockOf(db, 'hr-phone')).toBe(97)
  })

  it('lets exactly 2 of 20 racing orders from one device, and 2 to one address, through', async () => {
    await limits(1000, 2, 2)
    await addProduct(db, { id: 'hr-device', price: 2000, stock: 100 })
    const deviceId = randomUUID()
    const byDevice = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(
          db,
          anon,
          guest('hr-device', { phone: `0711 100 ${String(i).padStart(3, '0')}`, deviceId }),
        ),
      ),
    )
    expect(tallyOf(byDevice)).toEqual({ ordered: 2, guest_device_limit: 18 })
    const byAddress = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(
          db,
          anon,
          guest('hr-device', {
            phone: `0711 200 ${String(i).padStart(3, '0')}`,
            street: 'Riverside Drive',
          }),
        ),
      ),
    )
    expect(tallyOf(byAddress)).toEqual({ ordered: 2, guest_address_limit: 18 })
    expect(await stockOf(db, 'hr-device')).toBe(96)
  })
})

describe('a release racing a payment', () => {
  it('never both releases an order and takes its money', async () => {
    await limits(1000, 1000, 1000)
    await addProduct(db, { id: 'hr-paid', price: 3000, stock: 100 })
    const orders: { id: string; checkout: string; amount: number }[] = []
    for (let i = 0; i < 20; i += 1) {
      const placed = await placeOrder(db, anon, guest('hr-paid', {}))
      expect(placed.error).toBeNull()
      const checkout = `ws_CO_${randomUUID()}`
      const prompt = await call<{ amount: number }>(
        db,
        service,
        'select public.record_payment_request($1, $2, $3) as value',
        [placed.value!.id, '0711222333', checkout],
      )
      expect(prompt.error).toBeNull()
      orders.push({ id: placed.value!.id, checkout, amount: prompt.value!.amount })
    }
    // Every hold has lapsed and no prompt is recent: each order may be released or paid, not both.
    await db.pg.query(
      `update public.orders set payment_due_at = now() - interval '1 second' where id = any($1)`,
      [orders.map((o) => o.id)],
    )
    await db.pg.query(
      `update public.payments set created_at = now() - interval '5 minutes' where order_id = any($1)`,
      [orders.map((o) => o.id)],
    )
    const results = await Promise.all([
      ...orders.map((o) =>
        call(db, service, 'select public.record_payment_result($1, 0, $2, $3, $4) as value', [
          o.checkout,
          'The service request is processed successfully.',
          `R${o.id.slice(0, 9)}`,
          o.amount,
        ]),
      ),
      call(db, service, 'select to_json(public.release_unpaid_orders()) as value'),
      call(db, service, 'select to_json(public.release_unpaid_orders()) as value'),
    ])
    expect(results.map((r) => r.error)).toEqual(Array(results.length).fill(null))

    const rows = await db.pg.query<{
      status: string
      payment_status: string
      expired: boolean
      payment: string
      result_desc: string
    }>(
      `select o.status, o.payment_status, o.expired_at is not null as expired, p.status as payment,
         p.result_desc
       from public.orders o join public.payments p on p.order_id = o.id
       where o.id = any($1)`,
      [orders.map((o) => o.id)],
    )
    let paid = 0
    for (const row of rows.rows) {
      if (row.expired) {
        // Released first: the late money is kept to refund, the order stays released.
        expect(row).toMatchObject({
          status: 'cancelled',
          payment_status: 'cancelled',
          payment: 'failed',
          result_desc: 'Paid after the order was released. Refund due.',
        })
      } else {
        expect(row).toMatchObject({ status: 'confirmed', payment_status: 'paid', payment: 'paid' })
        paid += 1
      }
    }
    expect(rows.rows).toHaveLength(20)
    // The stock says the same: only the paid orders keep their units.
    expect(await stockOf(db, 'hr-paid')).toBe(100 - paid)
  })
})

describe('refunds racing each other', () => {
  it('two refunds of one order at once never give back more than was paid', async () => {
    await limits(1000, 1000, 1000)
    await addProduct(db, { id: 'hr-refund', price: 10000, stock: 10 })
    const placed = await placeOrder(db, anon, guest('hr-refund', {}))
    expect(placed.error).toBeNull()
    const order = placed.value!
    const checkout = `ws_CO_${randomUUID()}`
    await call(db, service, 'select public.record_payment_request($1, $2, $3) as value', [
      order.id,
      '0711222333',
      checkout,
    ])
    const paid = await call(
      db,
      service,
      'select public.record_payment_result($1, 0, $2, $3, $4) as value',
      [checkout, 'The service request is processed successfully.', 'RFRACE0001', order.total],
    )
    expect(paid.error).toBeNull()

    // Each refund asks for 60% of the payment: one fits, two would give back 120%.
    const sixty = Math.floor(order.total * 0.6)
    const request = { role: 'service_role', claims: { role: 'service_role' } } as const
    const refund = (tx: { query: (sql: string, params: unknown[]) => Promise<unknown> }) =>
      tx.query(
        `select public.refund_order($1, '[]'::jsonb, $2, 'Goodwill after a late delivery')`,
        [order.id, sixty],
      )
    const settled = (p: Promise<unknown>) =>
      p.then(
        () => 'refunded',
        (e: { detail?: string; message?: string }) =>
          String(detailOf(e as never).code ?? e.message),
      )
    // A lock some request of this database is waiting for (the second refund, behind the first).
    const waitingOnLock = async () =>
      (
        await db.pg.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where not l.granted and a.datname = current_database()`,
        )
      ).rows[0]!.n > 0

    // The first refund is recorded and its transaction stays open while the second one runs.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let firstRecorded!: () => void
    const recorded = new Promise<void>((resolve) => (firstRecorded = resolve))
    const first = settled(
      db.withRequest(
        { ...request, method: 'POST', path: '/rest/v1/rpc/refund_order', headers: {} },
        {},
        async (tx) => {
          await refund(tx)
          firstRecorded()
          await held
        },
      ),
    )
    await recorded
    let secondDone = false
    const second = settled(
      db.withRequest(
        { ...request, method: 'POST', path: '/rest/v1/rpc/refund_order', headers: {} },
        {},
        (tx) => refund(tx),
      ),
    ).finally(() => (secondDone = true))
    // Let the first commit once the second is queued behind its lock (or, without one, is done).
    while (!secondDone && !(await waitingOnLock())) await new Promise((r) => setTimeout(r, 20))
    release()

    expect([await first, await second]).toEqual(['refunded', 'over_refund'])
    const committed = await db.pg.query<{ total: number }>(
      `select coalesce(sum(amount), 0)::int as total from public.refunds
       where order_id = $1 and status in ('pending', 'completed')`,
      [order.id],
    )
    expect(committed.rows[0]!.total).toBe(sixty)
  })
})
