/**
 * place_order(): the database decides prices, fees and stock, refuses bad input with a clear message,
 * never sells the same last unit twice, and answers a replayed checkout with the order it already made
 *. Every call goes through the anon or authenticated role, as from the
 * REST layer.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { affiliates, counties, delivery } from '../../../supabase/functions/_shared/store-config'
import { freshDb } from '../../support/test-db'
import {
  act,
  addProduct,
  anon,
  call,
  createUser,
  detailOf,
  grantRole,
  orderPayload,
  placeOrder,
  stockOf,
  type LocalDb,
} from './db-kit'

let db: LocalDb

beforeAll(async () => {
  db = await freshDb()
  await addProduct(db, {
    id: 'po-dress',
    price: 6300,
    discount: 10,
    stock: 40,
    sizes: ['S', 'M', 'L'],
    colors: ['Red', 'Black'],
  })
  await addProduct(db, { id: 'po-tee', price: 1400, stock: 40 })
  await addProduct(db, { id: 'po-5000', price: 5000, stock: 40 })
  await addProduct(db, { id: 'po-4999', price: 4999, stock: 40 })
  await addProduct(db, { id: 'po-hidden', price: 1000, stock: 40, active: false })
  await addProduct(db, { id: 'po-empty', price: 1000, stock: 0 })
})

afterAll(async () => {
  await db?.close()
})

async function orderCount(): Promise<number> {
  const res = await db.pg.query<{ n: number }>('select count(*)::int as n from public.orders')
  return res.rows[0]!.n
}

describe('prices and totals come from the database (item 9)', () => {
  it('ignores client prices, discounts and totals', async () => {
    const payload = orderPayload(
      [
        {
          productId: 'po-dress',
          quantity: 2,
          size: 'M',
          color: 'Red',
          price: 1,
          discount: 90,
          lineTotal: 1,
        },
        { productId: 'po-tee', quantity: 1, price: 1 },
      ],
      { subtotal: 1, total: 1, deliveryFee: 0, discountTotal: 0 },
    )
    const { value, error } = await placeOrder(db, anon, payload)
    expect(error).toBeNull()
    // 6300 less 10% = 5670 a dress; 2 dresses + 1 tee = 12600 + 1400 list, 1260 off, free delivery.
    expect(value).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'mpesa',
      currency: 'KES',
      subtotal: 14000,
      discountTotal: 1260,
      deliveryFee: 0,
      total: 12740,
    })
    expect(value!.items).toEqual([
      {
        productId: 'po-dress',
        name: 'Test po-dress',
        size: 'M',
        color: 'Red',
        quantity: 2,
        price: 6300,
        discount: 10,
        unitPrice: 5670,
        lineTotal: 11340,
        codeDiscount: 0,
      },
      {
        productId: 'po-tee',
        name: 'Test po-tee',
        size: null,
        color: null,
        quantity: 1,
        price: 1400,
        discount: 0,
        unitPrice: 1400,
        lineTotal: 1400,
        codeDiscount: 0,
      },
    ])
    expect(value!.orderNumber).toMatch(/^LK-\d{6,}$/)
    expect(value!.accessToken).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const row = await db.pg.query<{ total: number; user_id: string | null }>(
      'select total, user_id from public.orders where id = $1',
      [value!.id],
    )
    expect(row.rows[0]).toEqual({ total: 12740, user_id: null })
  })

  it('never stores an order that totals zero or less', async () => {
    await expect(
      db.pg.query(
        `insert into public.orders (client_order_id, request_hash, customer_name, email, phone, delivery_method,
           pickup_point, subtotal, total, payment_method)
         values (gen_random_uuid(), 'x', 'X', 'x@example.test', '254712345678', 'pickup', 'hub-karen', 1, 0, 'cod')`,
      ),
    ).rejects.toMatchObject({ code: '23514' })
  })
})

describe('bad input is refused with a message (item 10)', () => {
  const badQuantities: [string, unknown][] = [
    ['-1', -1],
    ['0', 0],
    ['1.5', 1.5],
    ['"2"', '2'],
    ['1e9', 1e9],
    ['null', null],
    ['100', 100],
    ['true', true],
    ['[1]', [1]],
  ]
  for (const [label, quantity] of badQuantities) {
    it(`refuses quantity ${label}`, async () => {
      const before = await orderCount()
      const stock = await stockOf(db, 'po-tee')
      const { value, error } = await placeOrder(
        db,
        anon,
        orderPayload([{ productId: 'po-tee', quantity }]),
      )
      expect(value).toBeNull()
      expect(error).toMatchObject({
        code: 'PT400',
        message: 'Cart line 1: the quantity must be a whole number from 1 to 99.',
      })
      expect(detailOf(error)).toMatchObject({
        code: 'invalid_quantity',
        field: 'items[0].quantity',
      })
      expect(await orderCount()).toBe(before)
      expect(await stockOf(db, 'po-tee')).toBe(stock)
    })
  }

  it('refuses a missing quantity and names the line', async () => {
    const { error } = await placeOrder(
      db,
      anon,
      orderPayload([{ productId: 'po-tee', quantity: 1 }, { productId: 'po-dress' } as never]),
    )
    expect(error?.message).toBe('Cart line 2: the quantity must be a whole number from 1 to 99.')
    expect(detailOf(error)).toMatchObject({ field: 'items[1].quantity', line: 1 })
  })

  it('refuses __proto__, constructor and prototype keys anywhere in the body', async () => {
    const bodies = [
      `{"__proto__": {"total": 1}, "items": []}`,
      JSON.stringify(orderPayload([{ productId: 'po-tee', quantity: 1 }])).replace(
        '"quantity":1',
        '"quantity":1,"__proto__":{"price":1}',
      ),
      JSON.stringify(orderPayload([{ productId: 'po-tee', quantity: 1 }])).replace(
        '"contact":{',
        '"contact":{"constructor":{"prototype":{}},',
      ),
    ]
    for (const body of bodies) {
      const { error } = await call(db, anon, 'select public.place_order($1::jsonb) as value', [
        body,
      ])
      expect(error).toMatchObject({
        code: 'PT400',
        message: 'The order request contains a forbidden key.',
      })
    }
  })

  const badBodies: [string, Record<string, unknown>, string, string][] = [
    ['an empty cart', { items: [] }, 'empty_cart', 'Your cart is empty.'],
    [
      'items that are not a list',
      { items: { productId: 'po-tee', quantity: 1 } },
      'empty_cart',
      'Your cart is empty.',
    ],
    [
      '51 lines',
      { items: Array.from({ length: 51 }, () => ({ productId: 'po-tee', quantity: 1 })) },
      'too_many_lines',
      'An order can hold at most 50 different items.',
    ],
    [
      'a line without a product',
      { items: [{ productId: 'DROP TABLE', quantity: 1 }] },
      'invalid_product',
      'Cart line 1 does not name a product.',
    ],
    [
      'no client order id',
      { clientOrderId: 'not-a-uuid' },
      'invalid_client_order_id',
      'clientOrderId must be a UUID.',
    ],
    [
      'no name',
      { contact: { email: 'a@example.test', phone: '0712345678' } },
      'invalid_name',
      'Please enter your name.',
    ],
    [
      'a foreign phone number',
      { contact: { name: 'A', email: 'a@example.test', phone: '+44 7700 900123' } },
      'invalid_phone',
      'Please enter a valid Kenyan mobile number, for example 0712 345 678.',
    ],
    [
      'a bad email',
      { contact: { name: 'A', email: 'not-an-email', phone: '0712345678' } },
      'invalid_email',
      'Please enter a valid email address.',
    ],
    [
      'a guest without email',
      { contact: { name: 'A', phone: '0712345678' } },
      'invalid_email',
      'Please enter a valid email address.',
    ],
    [
      'an unknown county',
      { delivery: { method: 'delivery', county: 'Atlantis', town: 'X', street: 'Y' } },
      'invalid_county',
      'Please choose your county.',
    ],
    [
      'no street',
      { delivery: { method: 'delivery', county: 'Nairobi', town: 'Karen', street: ' ' } },
      'invalid_street',
      'Please enter your street or a landmark.',
    ],
    [
      'an unknown pickup point',
      { delivery: { method: 'pickup', pickupPoint: 'nowhere' } },
      'invalid_pickup_point',
      'Please choose a pickup point.',
    ],
    [
      'no delivery method',
      { delivery: { method: 'drone' } },
      'invalid_delivery_method',
      'Please choose delivery or pickup.',
    ],
    [
      'an unknown payment method',
      { paymentMethod: 'bitcoin' },
      'invalid_payment_method',
      'Please choose M-Pesa, card, bank transfer or cash on delivery.',
    ],
  ]
  for (const [label, override, code, message] of badBodies) {
    it(`refuses ${label}`, async () => {
      const before = await orderCount()
      const { error } = await placeOrder(
        db,
        anon,
        orderPayload([{ productId: 'po-tee', quantity: 1 }], override),
      )
      expect(error).toMatchObject({ code: 'PT400', message })
      expect(detailOf(error).code).toBe(code)
      expect(await orderCount()).toBe(before)
    })
  }

  it('refuses a body that is not an object', async () => {
    for (const body of ['[]', '"order"', 'null', '42']) {
      const { error } = await call(db, anon, 'select public.place_order($1::jsonb) as value', [
        body,
      ])
      expect(error?.code).toBe('PT400')
    }
  })

  it('accepts every Kenyan way of writing a mobile number and stores one form', async () => {
    const forms = ['0712 345 678', '+254712345678', '254712345678', '0112-345-678']
    const stored = []
    for (const phone of forms) {
      const { value, error } = await placeOrder(
        db,
        anon,
        orderPayload([{ productId: 'po-tee', quantity: 1 }], {
          contact: { name: 'Otieno', email: 'o@example.test', phone },
        }),
      )
      expect(error).toBeNull()
      stored.push(value!.contact.phone)
    }
    expect(stored).toEqual(['254712345678', '254712345678', '254712345678', '254112345678'])
  })

  it('uses the account email when a signed-in shopper leaves it out', async () => {
    const user = await createUser(db, 'Signed In')
    const { value, error } = await placeOrder(
      db,
      user,
      orderPayload([{ productId: 'po-tee', quantity: 1 }], {
        contact: { name: 'Njeri', phone: '0712345678' },
      }),
    )
    expect(error).toBeNull()
    expect(value!.contact.email).toBe(user.email)
    const row = await db.pg.query<{ user_id: string }>(
      'select user_id from public.orders where id = $1',
      [value!.id],
    )
    expect(row.rows[0]!.user_id).toBe(user.id)
  })
})

describe('stock (items 11 and 12)', () => {
  it('sells the last unit once when two checkouts race for it', async () => {
    await addProduct(db, { id: 'po-last', price: 2500, stock: 1 })
    const [first, second] = await Promise.all([
      placeOrder(db, anon, orderPayload([{ productId: 'po-last', quantity: 1 }])),
      placeOrder(db, anon, orderPayload([{ productId: 'po-last', quantity: 1 }])),
    ])
    const results = [first, second]
    expect(results.filter((r) => r.value)).toHaveLength(1)
    const loser = results.find((r) => r.error)!
    expect(loser.error).toMatchObject({
      code: 'PT409',
      message: 'Some items in your cart are no longer available as ordered.',
    })
    expect(detailOf(loser.error)).toEqual({
      code: 'cart_conflict',
      lines: [
        {
          line: 0,
          productId: 'po-last',
          size: null,
          problem: 'sold_out',
          available: 0,
          price: 2500,
          discount: 0,
          unitPrice: 2500,
          message: 'Sold out.',
        },
      ],
    })
    expect(await stockOf(db, 'po-last')).toBe(0)
  })

  it('lets exactly as many of many racing shoppers buy as there is stock', async () => {
    await addProduct(db, { id: 'po-three', price: 1200, stock: 3 })
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        placeOrder(db, anon, orderPayload([{ productId: 'po-three', quantity: 1 }])),
      ),
    )
    expect(results.filter((r) => r.value)).toHaveLength(3)
    expect(results.filter((r) => r.error?.code === 'PT409')).toHaveLength(5)
    expect(await stockOf(db, 'po-three')).toBe(0)
    const sold = await db.pg.query<{ n: number }>(
      `select coalesce(sum(quantity), 0)::int as n from public.order_items where product_id = 'po-three'`,
    )
    expect(sold.rows[0]!.n).toBe(3)
  })

  it('fails the whole order when stock runs out between the check and the update', async () => {
    // A concurrent checkout committing mid-order, simulated: taking race-a's stock empties race-b.
    await addProduct(db, { id: 'race-a', price: 1000, stock: 5 })
    await addProduct(db, { id: 'race-b', price: 1000, stock: 5 })
    await db.pg.exec(`
      create function public.test_steal_stock() returns trigger language plpgsql as $$
      begin
        if new.id = 'race-a' then update public.products set stock = 0 where id = 'race-b'; end if;
        return new;
      end $$;
      create trigger test_steal_stock after update of stock on public.products
        for each row execute function public.test_steal_stock();`)
    try {
      const { value, error } = await placeOrder(
        db,
        anon,
        orderPayload([
          { productId: 'race-a', quantity: 2 },
          { productId: 'race-b', quantity: 1 },
        ]),
      )
      expect(value).toBeNull()
      expect(error?.code).toBe('PT409')
      expect(detailOf(error).lines).toEqual([
        {
          line: 1,
          productId: 'race-b',
          size: null,
          problem: 'sold_out',
          available: 0,
          price: 1000,
          discount: 0,
          unitPrice: 1000,
          message: 'Sold out.',
        },
      ])
      // race-a's stock was given back with the rest of the failed order.
      expect(await stockOf(db, 'race-a')).toBe(5)
    } finally {
      await db.pg.exec(
        `drop trigger test_steal_stock on public.products; drop function public.test_steal_stock();`,
      )
    }
  })

  it('never lets stock go below zero, whatever writes it', async () => {
    await expect(
      db.pg.query(`update public.products set stock = -1 where id = 'po-tee'`),
    ).rejects.toMatchObject({
      code: '23514',
    })
  })

  it('lists every problem line with current prices so the cart can show a message per line', async () => {
    await db.pg.query(`update public.products set price = 7000 where id = 'po-dress'`)
    const dresses = await stockOf(db, 'po-dress')
    const tees = await stockOf(db, 'po-tee')
    const { error } = await placeOrder(
      db,
      anon,
      orderPayload([
        { productId: 'po-dress', quantity: 1, size: 'XXL', price: 6300 },
        { productId: 'po-hidden', quantity: 1 },
        { productId: 'po-empty', quantity: 1 },
        { productId: 'po-tee', quantity: tees + 1 },
        { productId: 'po-gone', quantity: 1 },
        { productId: 'po-dress', quantity: 1, color: 'Purple' },
        { productId: 'po-5000', quantity: 1 },
      ]),
    )
    expect(error?.code).toBe('PT409')
    const lines = detailOf(error).lines as { line: number; problem: string; price: number | null }[]
    expect(lines.map((l) => [l.line, l.problem])).toEqual([
      [0, 'invalid_size'],
      [1, 'unavailable'],
      [2, 'sold_out'],
      [3, 'insufficient_stock'],
      [4, 'unavailable'],
      [5, 'invalid_color'],
    ])
    expect(lines[0]).toMatchObject({
      price: 7000,
      discount: 10,
      unitPrice: 6300,
      available: dresses,
    })
    expect(lines[3]).toMatchObject({ available: tees })

    const quote = await call<{
      lines: { problem: string | null; unitPrice: number }[]
      deliveryFee: number | null
    }>(db, anon, 'select public.quote_order($1::jsonb) as value', [
      JSON.stringify({
        items: [
          { productId: 'po-dress', quantity: 1 },
          { productId: 'po-empty', quantity: 1 },
        ],
      }),
    ])
    expect(quote.error).toBeNull()
    expect(quote.value!.lines.map((l) => [l.problem, l.unitPrice])).toEqual([
      [null, 6300],
      ['sold_out', 1000],
    ])
    expect(quote.value!.deliveryFee).toBeNull()
    await db.pg.query(`update public.products set price = 6300 where id = 'po-dress'`)
  })
})

describe('one order per key, forever (items 22 and 23)', () => {
  it('answers a replay with the first order and takes stock once', async () => {
    const payload = orderPayload([{ productId: 'po-tee', quantity: 2 }])
    const stock = await stockOf(db, 'po-tee')
    const first = await placeOrder(db, anon, payload)
    const again = await placeOrder(db, anon, payload)
    // Fields the database ignores cannot make a replay look different.
    const withNoise = await placeOrder(db, anon, {
      ...payload,
      total: 1,
      items: [{ productId: 'po-tee', quantity: 2, price: 1 }],
    })
    expect(first.error).toBeNull()
    expect(again.value).toEqual(first.value)
    expect(withNoise.value).toEqual(first.value)
    expect(await stockOf(db, 'po-tee')).toBe(stock - 2)
    const rows = await db.pg.query('select 1 from public.orders where client_order_id = $1', [
      payload.clientOrderId,
    ])
    expect(rows.rows).toHaveLength(1)
  })

  it('returns the order as it is now when the replay comes after payment moved on', async () => {
    const manager = await createUser(db, 'Replay Manager')
    await grantRole(db, manager, 'manager')
    const payload = orderPayload([{ productId: 'po-tee', quantity: 1 }], { paymentMethod: 'cod' })
    const first = await placeOrder(db, anon, payload)
    await call(db, manager, "select public.set_order_status($1, 'confirmed') as value", [
      first.value!.id,
    ])
    const replay = await placeOrder(db, anon, payload)
    expect(replay.value).toMatchObject({
      id: first.value!.id,
      orderNumber: first.value!.orderNumber,
      status: 'confirmed',
    })
  })

  it('refuses the same key with a different body', async () => {
    const payload = orderPayload([{ productId: 'po-tee', quantity: 1 }])
    const first = await placeOrder(db, anon, payload)
    expect(first.error).toBeNull()
    const changed = await placeOrder(db, anon, {
      ...payload,
      items: [{ productId: 'po-tee', quantity: 2 }],
    })
    expect(changed.value).toBeNull()
    expect(changed.error).toMatchObject({
      code: 'PT409',
      message:
        'This order was already placed with different details. Please review your cart and try again.',
    })
    expect(detailOf(changed.error)).toEqual({ code: 'idempotency_key_reused' })
  })

  it("never hands a signed-in shopper's order to someone replaying their key", async () => {
    const owner = await createUser(db, 'Key Owner')
    const other = await createUser(db, 'Key Thief')
    const payload = orderPayload([{ productId: 'po-tee', quantity: 1 }])
    expect((await placeOrder(db, owner, payload)).error).toBeNull()
    for (const actor of [other, anon]) {
      const stolen = await placeOrder(db, actor, payload)
      expect(stolen.value).toBeNull()
      expect(detailOf(stolen.error).code).toBe('idempotency_key_reused')
    }
    expect((await placeOrder(db, owner, payload)).error).toBeNull()
  })
})

describe('delivery fees (store-config.ts and the database agree)', () => {
  it('holds the same fees, threshold, affiliate rules and counties as store-config.ts', async () => {
    const settings = await db.pg.query(
      `select nairobi_delivery_fee, other_county_delivery_fee, pickup_fee, free_delivery_from,
         affiliate_commission_percent, affiliate_code_lifetime_days from public.store_settings`,
    )
    expect(settings.rows).toEqual([
      {
        nairobi_delivery_fee: delivery.fees.nairobi,
        other_county_delivery_fee: delivery.fees.otherCounty,
        pickup_fee: delivery.fees.pickup,
        free_delivery_from: delivery.freeFromKes,
        affiliate_commission_percent: affiliates.defaultCommissionPercent,
        affiliate_code_lifetime_days: affiliates.codeLifetimeDays,
      },
    ])
    const dbCounties = await db.pg.query<{ name: string }>(
      'select name from public.counties order by code',
    )
    expect(dbCounties.rows.map((r) => r.name)).toEqual([...counties])
  })

  const cases: [string, string, Record<string, unknown>, number][] = [
    [
      'Nairobi',
      'po-tee',
      { method: 'delivery', county: 'nairobi', town: 'Kilimani', street: 'Argwings Kodhek Rd' },
      delivery.fees.nairobi,
    ],
    [
      'another county',
      'po-tee',
      { method: 'delivery', county: 'Kisumu', town: 'Kisumu', street: 'Oginga Odinga St' },
      delivery.fees.otherCounty,
    ],
    [
      'a pickup point',
      'po-tee',
      { method: 'pickup', pickupPoint: 'hub-karen' },
      delivery.fees.pickup,
    ],
    [
      'goods of 4,999 to another county',
      'po-4999',
      { method: 'delivery', county: 'Mombasa', town: 'Nyali', street: 'Links Rd' },
      delivery.fees.otherCounty,
    ],
    [
      'goods of exactly 5,000',
      'po-5000',
      { method: 'delivery', county: 'Mombasa', town: 'Nyali', street: 'Links Rd' },
      0,
    ],
    [
      'a 6,300 dress discounted to 5,670',
      'po-dress',
      { method: 'pickup', pickupPoint: 'hub-karen' },
      0,
    ],
  ]
  for (const [label, productId, deliveryChoice, fee] of cases) {
    it(`charges ${fee} for ${label}`, async () => {
      const { value, error } = await placeOrder(
        db,
        anon,
        orderPayload([{ productId, quantity: 1 }], { delivery: deliveryChoice }),
      )
      expect(error).toBeNull()
      expect(value!.deliveryFee).toBe(fee)
      expect(value!.total).toBe(value!.subtotal - value!.discountTotal + fee)
    })
  }

  it('applies the free threshold after discounts, not before', async () => {
    await addProduct(db, { id: 'po-5200-less-10', price: 5200, discount: 10, stock: 5 })
    const { value } = await placeOrder(
      db,
      anon,
      orderPayload([{ productId: 'po-5200-less-10', quantity: 1 }], {
        delivery: { method: 'delivery', county: 'Nairobi', town: 'CBD', street: 'Moi Ave' },
      }),
    )
    expect(value).toMatchObject({
      subtotal: 5200,
      discountTotal: 520,
      deliveryFee: 250,
      total: 4930,
    })
  })
})

describe('referrals (item 13)', () => {
  let referrer: Awaited<ReturnType<typeof createUser>>

  beforeAll(async () => {
    referrer = await createUser(db, 'Referrer')
    const manager = await createUser(db, 'Referral Manager')
    await grantRole(db, manager, 'manager')
    await act(
      db,
      referrer,
      `insert into public.affiliates (code, payout_phone) values ('Wanjiru', '0799888777')`,
    )
    const pending = await createUser(db, 'Pending Affiliate')
    await act(db, pending, `insert into public.affiliates (code) values ('not-yet')`)
    const id = await db.pg.query<{ id: string }>(
      'select id from public.affiliates where user_id = $1',
      [referrer.id],
    )
    const reviewed = await call(
      db,
      manager,
      "select public.review_affiliate($1, 'approved') as value",
      [id.rows[0]!.id],
    )
    expect(reviewed.error).toBeNull()
  })

  async function referredBy(code: unknown, extra: Record<string, unknown> = {}, actor = anon) {
    const { value, error } = await placeOrder(
      db,
      actor,
      orderPayload([{ productId: 'po-tee', quantity: 1 }], { affiliateCode: code, ...extra }),
    )
    expect(error).toBeNull()
    const row = await db.pg.query<{ affiliate_id: string | null; affiliate_code: string | null }>(
      'select affiliate_id, affiliate_code from public.orders where id = $1',
      [value!.id],
    )
    return { doc: value!, row: row.rows[0]! }
  }

  it('records an approved affiliate, whatever the case and spaces of the code', async () => {
    const { doc, row } = await referredBy('  WANJIRU ')
    expect(doc.affiliateCode).toBe('wanjiru')
    expect(row.affiliate_id).not.toBeNull()
  })

  it('drops markup, SQL, 10 KB of junk, unknown and unapproved codes, and still places the order', async () => {
    const junk = [
      '<script>alert(1)</script>',
      "x'; drop table orders; --",
      'a'.repeat(10_240),
      'nobody',
      'not-yet',
      42,
    ]
    for (const code of junk) {
      const { doc, row } = await referredBy(code)
      expect(doc.affiliateCode).toBeNull()
      expect(row.affiliate_id).toBeNull()
    }
  })

  it('drops a code captured more than 30 days ago', async () => {
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString()
    const recent = new Date(Date.now() - 29 * 24 * 3600 * 1000).toISOString()
    expect((await referredBy('wanjiru', { affiliateCapturedAt: old })).row.affiliate_id).toBeNull()
    expect(
      (await referredBy('wanjiru', { affiliateCapturedAt: recent })).row.affiliate_id,
    ).not.toBeNull()
  })

  it('ignores self-referral by account, email or phone', async () => {
    const ownAccount = await referredBy('wanjiru', {}, referrer)
    expect(ownAccount.row.affiliate_id).toBeNull()
    const ownEmail = await referredBy('wanjiru', {
      contact: { name: 'W', email: referrer.email.toUpperCase(), phone: '0711000000' },
    })
    expect(ownEmail.row.affiliate_id).toBeNull()
    const ownPhone = await referredBy('wanjiru', {
      contact: { name: 'W', email: 'someone@example.test', phone: '+254 799 888 777' },
    })
    expect(ownPhone.row.affiliate_id).toBeNull()
  })
})

describe('the private order link', () => {
  it('opens the order with its number and token, and nothing else', async () => {
    const { value } = await placeOrder(
      db,
      anon,
      orderPayload([{ productId: 'po-tee', quantity: 1 }]),
    )
    const other = await placeOrder(db, anon, orderPayload([{ productId: 'po-tee', quantity: 1 }]))
    const open = (number: string, token: string) =>
      call(db, anon, 'select public.order_by_token($1, $2) as value', [number, token])

    const ok = await open(value!.orderNumber.toLowerCase(), value!.accessToken)
    // The link also says whether the order expired unpaid (a new one has not).
    expect(ok.value).toEqual({ ...value, expiredAt: null })
    for (const [number, token] of [
      [value!.orderNumber, 'wrong'],
      [value!.orderNumber, other.value!.accessToken],
      ['LK-999999', value!.accessToken],
      [value!.orderNumber, ''],
    ] as const) {
      const res = await open(number, token)
      expect(res.value).toBeNull()
      expect(res.error).toMatchObject({ code: 'PT404', message: 'We could not find that order.' })
    }
  })

  it('makes a new random token for every order', async () => {
    const tokens = new Set<string>()
    for (let i = 0; i < 5; i++) {
      const { value } = await placeOrder(db, anon, {
        ...orderPayload([{ productId: 'po-tee', quantity: 1 }]),
        clientOrderId: randomUUID(),
      })
      tokens.add(value!.accessToken)
    }
    expect(tokens.size).toBe(5)
  })
})
