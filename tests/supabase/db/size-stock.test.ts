/**
 * Stock per size: a product that sells by size keeps a row per size and its total follows them; the
 * checkout refuses a size that is sold out (or missing) line by line, takes the chosen size and nothing
 * else, sells the last unit of a size once, and a cancelled order puts the size back. Who may read and
 * write the rows is in access-control.test.ts with every other table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDb } from '../../support/test-db'
import {
  act,
  addProduct,
  anon,
  attempt,
  call,
  createUser,
  detailOf,
  grantRole,
  orderPayload,
  placeOrder,
  stockOf,
  type Actor,
  type LocalDb,
  type OrderLine,
} from './db-kit'

let db: LocalDb
let manager: Actor

/** A product that sells by size, with `stock` per size (sizes listed in this order). */
async function addSized(id: string, stock: Record<string, number>, extra = {}) {
  await addProduct(db, { id, price: 3000, stock: 0, sizes: Object.keys(stock), ...extra })
  for (const [size, count] of Object.entries(stock)) {
    await db.pg.query(
      'insert into public.product_sizes (product_id, size, stock) values ($1, $2, $3)',
      [id, size, count],
    )
  }
}

async function sizesOf(id: string): Promise<Record<string, number>> {
  const res = await db.pg.query<{ size: string; stock: number }>(
    'select size, stock from public.product_sizes where product_id = $1 order by size',
    [id],
  )
  return Object.fromEntries(res.rows.map((r) => [r.size, r.stock]))
}

function sizeStock(actor: Actor, id: string) {
  return call<{ size: string; stock: number }[]>(
    db,
    actor,
    'select public.product_size_stock($1) as value',
    [id],
  )
}

function quote(lines: OrderLine[]) {
  return call<{ lines: { problem: string | null; available: number; message: string | null }[] }>(
    db,
    anon,
    'select public.quote_order($1::jsonb) as value',
    [JSON.stringify({ items: lines })],
  )
}

beforeAll(async () => {
  db = await freshDb()
  manager = await createUser(db, 'Stock Manager')
  await grantRole(db, manager, 'manager')
})

afterAll(async () => {
  await db?.close()
})

describe('the total follows the sizes', () => {
  it('keeps products.stock the sum of the size rows, whatever writes either', async () => {
    await addSized('ss-total', { S: 4, M: 0, L: 6 })
    expect(await stockOf(db, 'ss-total')).toBe(10)
    await act(
      db,
      manager,
      "update public.product_sizes set stock = 9 where product_id = 'ss-total' and size = 'M'",
    )
    expect(await stockOf(db, 'ss-total')).toBe(19)
    // A write to the total of a product that sells by size is recounted from its sizes.
    await act(db, manager, "update public.products set stock = 500 where id = 'ss-total'")
    expect(await stockOf(db, 'ss-total')).toBe(19)
  })

  it('refuses a row for a size the product does not offer', async () => {
    await addSized('ss-offer', { S: 1 })
    const res = await attempt(
      db,
      manager,
      "insert into public.product_sizes (product_id, size, stock) values ('ss-offer', 'XXL', 3)",
    )
    expect(res.error).toMatchObject({
      code: '23514',
      message: "Size XXL is not one of this product's sizes.",
    })
    const negative = await attempt(
      db,
      manager,
      "update public.product_sizes set stock = -1 where product_id = 'ss-offer'",
    )
    expect(negative.error?.code).toBe('23514')
    expect(await stockOf(db, 'ss-offer')).toBe(1)
  })

  it('drops a size the product stops offering, with its stock', async () => {
    await addSized('ss-drop', { S: 2, M: 3, L: 5 })
    await act(
      db,
      manager,
      "update public.products set sizes = array['S', 'M'] where id = 'ss-drop'",
    )
    expect(await sizesOf('ss-drop')).toEqual({ M: 3, S: 2 })
    expect(await stockOf(db, 'ss-drop')).toBe(5)
  })

  it('keeps the last total as one number when per-size stock is switched off', async () => {
    await addSized('ss-off', { S: 2, M: 3 })
    await act(db, manager, "delete from public.product_sizes where product_id = 'ss-off'")
    expect(await stockOf(db, 'ss-off')).toBe(5)
    await act(db, manager, "update public.products set stock = 8 where id = 'ss-off'")
    expect(await stockOf(db, 'ss-off')).toBe(8)
  })
})

describe('product_size_stock, for the product page', () => {
  it('gives anyone the stock of each size in the order the product lists them', async () => {
    await addSized('ss-page', { XS: 0, S: 2, M: 12 })
    await db.pg.query(
      "update public.products set sizes = array['XS', 'S', 'M', 'L'] where id = 'ss-page'",
    )
    const { value, error } = await sizeStock(anon, 'ss-page')
    expect(error).toBeNull()
    // L has no row: it counts as sold out.
    expect(value).toEqual([
      { size: 'XS', stock: 0 },
      { size: 'S', stock: 2 },
      { size: 'M', stock: 12 },
      { size: 'L', stock: 0 },
    ])
  })

  it('is empty for a product that does not sell by size, a switched-off one, or none', async () => {
    await addProduct(db, { id: 'ss-plain', price: 1000, stock: 5, sizes: ['One Size'] })
    await addSized('ss-hidden', { S: 3 }, { active: false })
    for (const id of ['ss-plain', 'ss-hidden', 'no-such-product']) {
      expect(await sizeStock(anon, id)).toEqual({ value: [], error: null })
    }
    // Staff see the switched-off product's rows in the table, but not through the shop's read.
    expect((await sizeStock(manager, 'ss-hidden')).value).toEqual([])
  })
})

describe('place_order and quote_order take sizes', () => {
  it('refuses a sold-out size line by line, naming the size, and takes nothing', async () => {
    await addSized('ss-gone', { S: 3, M: 0 })
    const { value, error } = await placeOrder(
      db,
      anon,
      orderPayload([
        { productId: 'ss-gone', quantity: 1, size: 'S' },
        { productId: 'ss-gone', quantity: 1, size: 'M' },
      ]),
    )
    expect(value).toBeNull()
    expect(error).toMatchObject({
      code: 'PT409',
      message: 'Some items in your cart are no longer available as ordered.',
    })
    expect(detailOf(error)).toEqual({
      code: 'cart_conflict',
      lines: [
        {
          line: 1,
          productId: 'ss-gone',
          size: 'M',
          problem: 'sold_out',
          available: 0,
          price: 3000,
          discount: 0,
          unitPrice: 3000,
          message: 'Size M is sold out.',
        },
      ],
    })
    expect(await sizesOf('ss-gone')).toEqual({ M: 0, S: 3 })
    expect(await stockOf(db, 'ss-gone')).toBe(3)
  })

  it('refuses a line without a size for a product that sells by size', async () => {
    await addSized('ss-which', { S: 3, M: 3 })
    const { error } = await placeOrder(
      db,
      anon,
      orderPayload([{ productId: 'ss-which', quantity: 1 }]),
    )
    expect(error?.code).toBe('PT409')
    expect(detailOf(error).lines).toEqual([
      expect.objectContaining({
        line: 0,
        size: null,
        problem: 'size_required',
        message: 'Please choose a size for this item.',
      }),
    ])
    expect(await stockOf(db, 'ss-which')).toBe(6)
  })

  it('takes the chosen size and only that one; the total follows', async () => {
    await addSized('ss-take', { S: 4, M: 5, L: 1 })
    const { value, error } = await placeOrder(
      db,
      anon,
      orderPayload([{ productId: 'ss-take', quantity: 2, size: 'M' }]),
    )
    expect(error).toBeNull()
    expect(value!.items).toEqual([expect.objectContaining({ size: 'M', quantity: 2 })])
    expect(await sizesOf('ss-take')).toEqual({ L: 1, M: 3, S: 4 })
    expect(await stockOf(db, 'ss-take')).toBe(8)
  })

  it('counts every line of one size together against that size', async () => {
    await addSized('ss-sum', { S: 2, M: 9 })
    const { error } = await placeOrder(
      db,
      anon,
      orderPayload([
        { productId: 'ss-sum', quantity: 2, size: 'S' },
        { productId: 'ss-sum', quantity: 1, size: 'S', color: null },
      ]),
    )
    expect(detailOf(error).lines).toEqual([
      expect.objectContaining({
        line: 0,
        problem: 'insufficient_stock',
        available: 2,
        message: 'Only 2 left in size S.',
      }),
      expect.objectContaining({ line: 1, problem: 'insufficient_stock', available: 2 }),
    ])
    expect(await sizesOf('ss-sum')).toEqual({ M: 9, S: 2 })
  })

  it('leaves products that do not sell by size as they were: one number, size optional', async () => {
    await addProduct(db, { id: 'ss-bag', price: 2000, stock: 3, sizes: ['One Size'] })
    const { error } = await placeOrder(
      db,
      anon,
      orderPayload([{ productId: 'ss-bag', quantity: 2 }]),
    )
    expect(error).toBeNull()
    expect(await stockOf(db, 'ss-bag')).toBe(1)
  })

  it('quotes each size line with its own stock and message', async () => {
    await addSized('ss-quote', { S: 0, M: 2, L: 7 })
    const { value, error } = await quote([
      { productId: 'ss-quote', quantity: 1, size: 'S' },
      { productId: 'ss-quote', quantity: 3, size: 'M' },
      { productId: 'ss-quote', quantity: 1, size: 'L' },
      { productId: 'ss-quote', quantity: 1 },
    ])
    expect(error).toBeNull()
    expect(value!.lines.map((l) => [l.problem, l.available, l.message])).toEqual([
      ['sold_out', 0, 'Size S is sold out.'],
      ['insufficient_stock', 2, 'Only 2 left in size M.'],
      [null, 7, null],
      ['size_required', 9, 'Please choose a size for this item.'],
    ])
  })
})

describe('the last unit of a size (item 11)', () => {
  it('sells the last unit of a size once when two checkouts race for it', async () => {
    await addSized('ss-last', { S: 1, M: 5 })
    const buy = () =>
      placeOrder(db, anon, orderPayload([{ productId: 'ss-last', quantity: 1, size: 'S' }]))
    const results = await Promise.all([buy(), buy()])
    expect(results.filter((r) => r.value)).toHaveLength(1)
    const loser = results.find((r) => r.error)!
    expect(detailOf(loser.error).lines).toEqual([
      expect.objectContaining({ size: 'S', problem: 'sold_out', message: 'Size S is sold out.' }),
    ])
    expect(await sizesOf('ss-last')).toEqual({ M: 5, S: 0 })
    expect(await stockOf(db, 'ss-last')).toBe(5)
  })

  it('lets exactly as many racing shoppers buy a size as it holds, and no other size moves', async () => {
    await addSized('ss-three', { S: 3, M: 4 })
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        placeOrder(db, anon, orderPayload([{ productId: 'ss-three', quantity: 1, size: 'S' }])),
      ),
    )
    expect(results.filter((r) => r.value)).toHaveLength(3)
    expect(results.filter((r) => r.error?.code === 'PT409')).toHaveLength(5)
    expect(await sizesOf('ss-three')).toEqual({ M: 4, S: 0 })
    const sold = await db.pg.query<{ n: number }>(
      `select coalesce(sum(quantity), 0)::int as n from public.order_items
       where product_id = 'ss-three' and size = 'S'`,
    )
    expect(sold.rows[0]!.n).toBe(3)
  })

  it('fails the whole order when a size runs out between the check and the update', async () => {
    // A concurrent checkout committing mid-order, simulated: taking size M (sizes are taken in
    // order) empties size S.
    await addSized('ss-race', { S: 5, M: 5 })
    await db.pg.exec(`
      create function public.test_steal_size() returns trigger language plpgsql as $$
      begin
        if new.product_id = 'ss-race' and new.size = 'M' then
          update public.product_sizes set stock = 0 where product_id = 'ss-race' and size = 'S';
        end if;
        return new;
      end $$;
      create trigger test_steal_size after update of stock on public.product_sizes
        for each row execute function public.test_steal_size();`)
    try {
      const { value, error } = await placeOrder(
        db,
        anon,
        orderPayload([
          { productId: 'ss-race', quantity: 1, size: 'S' },
          { productId: 'ss-race', quantity: 2, size: 'M' },
        ]),
      )
      expect(value).toBeNull()
      expect(error?.code).toBe('PT409')
      expect(detailOf(error).lines).toEqual([
        expect.objectContaining({ line: 0, size: 'S', problem: 'sold_out', available: 0 }),
      ])
      // Size M was given back with the rest of the failed order.
      expect(await sizesOf('ss-race')).toEqual({ M: 5, S: 5 })
      expect(await stockOf(db, 'ss-race')).toBe(10)
    } finally {
      await db.pg.exec(
        'drop trigger test_steal_size on public.product_sizes; drop function public.test_steal_size();',
      )
    }
  })
})

describe('cancelling', () => {
  it('puts each size bought back into its row, and the total with it', async () => {
    await addSized('ss-back', { S: 4, M: 4 })
    await addProduct(db, { id: 'ss-back-bag', price: 2500, stock: 10 })
    const { value } = await placeOrder(
      db,
      anon,
      orderPayload([
        { productId: 'ss-back', quantity: 2, size: 'S' },
        { productId: 'ss-back-bag', quantity: 3 },
      ]),
    )
    expect(await sizesOf('ss-back')).toEqual({ M: 4, S: 2 })
    expect(await stockOf(db, 'ss-back-bag')).toBe(7)
    const cancelled = await call(
      db,
      manager,
      "select public.set_order_status($1, 'cancelled') as value",
      [value!.id],
    )
    expect(cancelled.error).toBeNull()
    expect(await sizesOf('ss-back')).toEqual({ M: 4, S: 4 })
    expect(await stockOf(db, 'ss-back')).toBe(8)
    expect(await stockOf(db, 'ss-back-bag')).toBe(10)
  })

  it('makes the row again when staff removed it while the size is still offered', async () => {
    await addSized('ss-again', { S: 1, M: 2 })
    const { value } = await placeOrder(
      db,
      anon,
      orderPayload([{ productId: 'ss-again', quantity: 1, size: 'S' }]),
    )
    await act(
      db,
      manager,
      "delete from public.product_sizes where product_id = 'ss-again' and size = 'S'",
    )
    await call(db, manager, "select public.set_order_status($1, 'cancelled') as value", [value!.id])
    expect(await sizesOf('ss-again')).toEqual({ M: 2, S: 1 })
    expect(await stockOf(db, 'ss-again')).toBe(3)
  })
})
