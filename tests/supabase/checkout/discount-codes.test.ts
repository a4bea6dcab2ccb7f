/**
 * Discount codes against the real server with supabase-js: staff create them, quote_order shows the
 * saving before the order, place_order applies and records it, and every trick is refused.
 */
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail, type TestServer } from '../../support/server'
import { addProduct, signIn, startAdminServer } from '../admin/admin-kit'

let server: TestServer
let staff: SupabaseClient
let anon: SupabaseClient

interface Line {
  productId: string
  quantity: number
}

interface OrderOptions {
  codes?: string[]
  email?: string
  phone?: string
  deviceId?: string
  clientOrderId?: string
  extra?: Record<string, unknown>
}

let phoneCounter = 100000
/** A phone nobody else in this file uses (first-order and per-customer rules look at phones too). */
const freshPhone = () => `07${String(10000000 + phoneCounter++).slice(-8)}`

function payload(lines: Line[], o: OrderOptions = {}) {
  return {
    clientOrderId: o.clientOrderId ?? randomUUID(),
    items: lines,
    contact: {
      name: 'Achieng Otieno',
      email: o.email ?? uniqueEmail('buyer'),
      phone: o.phone ?? freshPhone(),
    },
    delivery: {
      method: 'delivery',
      county: 'Nairobi',
      town: 'Kilimani',
      street: 'Argwings Kodhek Road',
    },
    paymentMethod: 'cod',
    ...(o.codes ? { discountCodes: o.codes } : {}),
    ...(o.deviceId ? { deviceId: o.deviceId } : {}),
    ...o.extra,
  }
}

interface Placed {
  id: string
  orderNumber: string
  subtotal: number
  discountTotal: number
  codeDiscount: number
  discountCodes: string[]
  deliveryFee: number
  total: number
  items: { productId: string; lineTotal: number; codeDiscount: number }[]
}

async function place(client: SupabaseClient, lines: Line[], o: OrderOptions = {}) {
  const { data, error, status } = await client.rpc('place_order', { payload: payload(lines, o) })
  const details = error?.details ? (JSON.parse(error.details) as { code?: string }) : {}
  return { order: data as Placed | null, error, status, reason: details.code }
}

async function quote(client: SupabaseClient, lines: Line[], extra: Record<string, unknown> = {}) {
  const { data, error } = await client.rpc('quote_order', { payload: { items: lines, ...extra } })
  if (error) throw new Error(error.message)
  return data as {
    subtotal: number
    discountTotal: number
    codeDiscount: number
    codes: { code: string; amount: number }[]
    codeRefusal: { code: string; reason: string; message: string } | null
    lines: { productId: string; lineTotal: number; codeDiscount: number }[]
    total: number | null
  }
}

async function createCode(fields: Record<string, unknown>) {
  const { data, error } = await staff
    .from('discount_codes')
    .insert(fields)
    .select('id, code')
    .single()
  if (error) throw new Error(error.message)
  return data as { id: string; code: string }
}

beforeAll(async () => {
  server = await startAdminServer()
  staff = await signIn(server, 'manager@luxekenya.test')
  anon = server.client()
  await addProduct(server, { id: 'dc-dress', price: 10000, stock: 500 })
  await addProduct(server, { id: 'dc-bag', price: 6000, stock: 500 })
  await addProduct(server, { id: 'dc-watch', price: 50000, stock: 500 })
  await server.server.db.pg.query(
    `update public.products set category = 'women' where id = 'dc-dress'`,
  )
})

afterAll(async () => {
  await server?.close()
})

describe('codes staff create', () => {
  it('only staff see or create codes', async () => {
    const shopper = await server.signUpUser(uniqueEmail('nosy'))
    const inserted = await shopper.client
      .from('discount_codes')
      .insert({ code: 'FREEFORME', kind: 'percent', value: 100 })
    expect(inserted.error?.code).toBe('42501')
    await createCode({ code: 'secret10', kind: 'percent', value: 10 })
    for (const client of [anon, shopper.client]) {
      const { data } = await client.from('discount_codes').select('code')
      expect(data ?? []).toEqual([])
    }
    const { data } = await staff.from('discount_codes').select('code').eq('code', 'SECRET10')
    expect(data).toEqual([{ code: 'SECRET10' }])
  })

  it('shows the saving per line and in total before the order, and the order records it', async () => {
    await createCode({ code: 'SAVE20', kind: 'percent', value: 20, max_discount: 3000 })
    const cart = [
      { productId: 'dc-dress', quantity: 1 },
      { productId: 'dc-bag', quantity: 1 },
    ]
    const q = await quote(anon, cart, { discountCodes: ['save20'] })
    // 20% of 16,000 is 3,200, capped at 3,000, shared by price: 1,875 and 1,125.
    expect(q.codeDiscount).toBe(3000)
    expect(q.codes).toEqual([expect.objectContaining({ code: 'SAVE20', amount: 3000 })])
    expect(q.lines.map((l) => l.codeDiscount)).toEqual([1875, 1125])

    const placed = await place(anon, cart, { codes: [' save20 '] })
    expect(placed.error).toBeNull()
    expect(placed.order).toMatchObject({
      subtotal: 16000,
      codeDiscount: 3000,
      discountTotal: 3000,
      discountCodes: ['SAVE20'],
      deliveryFee: 0,
      total: 13000,
    })
    expect(placed.order!.items.map((i) => i.codeDiscount)).toEqual([1875, 1125])

    const uses = await staff
      .from('discount_redemptions')
      .select('amount, order_id, discount_codes(code)')
      .eq('order_id', placed.order!.id)
    expect(uses.data).toEqual([
      { amount: 3000, order_id: placed.order!.id, discount_codes: { code: 'SAVE20' } },
    ])
  })

  it('a fixed code for one category touches only those lines, and needs its minimum spend', async () => {
    await createCode({
      code: 'WOMEN1500',
      kind: 'fixed',
      value: 1500,
      categories: ['women'],
      min_subtotal: 12000,
    })
    const small = await place(anon, [{ productId: 'dc-dress', quantity: 1 }], {
      codes: ['WOMEN1500'],
    })
    expect(small.status).toBe(400)
    expect(small.reason).toBe('code_min_spend')
    expect(small.error?.message).toBe('Spend at least KSh 12,000 to use this code.')

    const placed = await place(
      anon,
      [
        { productId: 'dc-bag', quantity: 1 },
        { productId: 'dc-dress', quantity: 1 },
      ],
      { codes: ['WOMEN1500'] },
    )
    expect(placed.order!.items.map((i) => i.codeDiscount)).toEqual([0, 1500])
    expect(placed.order!.total).toBe(14500)

    const onlyBag = await place(anon, [{ productId: 'dc-bag', quantity: 3 }], {
      codes: ['WOMEN1500'],
    })
    expect(onlyBag.reason).toBe('code_not_applicable')
  })

  it('a product code applies to that product only', async () => {
    await createCode({ code: 'BAG500', kind: 'fixed', value: 500, product_ids: ['dc-bag'] })
    const q = await quote(
      anon,
      [
        { productId: 'dc-dress', quantity: 1 },
        { productId: 'dc-bag', quantity: 2 },
      ],
      { discountCodes: ['BAG500'] },
    )
    expect(q.lines.map((l) => l.codeDiscount)).toEqual([0, 500])
  })
})

describe('tricks refused', () => {
  it('expired and future codes', async () => {
    const day = 24 * 3600 * 1000
    await createCode({
      code: 'OLDNEWS',
      kind: 'percent',
      value: 10,
      starts_at: new Date(Date.now() - 10 * day).toISOString(),
      ends_at: new Date(Date.now() - day).toISOString(),
    })
    await createCode({
      code: 'SOONER',
      kind: 'percent',
      value: 10,
      starts_at: new Date(Date.now() + 2 * day).toISOString(),
    })
    const cart = [{ productId: 'dc-bag', quantity: 1 }]
    expect((await place(anon, cart, { codes: ['OLDNEWS'] })).reason).toBe('code_expired')
    const future = await place(anon, cart, { codes: ['SOONER'] })
    expect(future.reason).toBe('code_not_started')
    expect(future.error?.message).toMatch(/^This code can be used from \d{1,2} \w{3} \d{4}\.$/)
    expect((await quote(anon, cart, { discountCodes: ['OLDNEWS'] })).codeRefusal).toMatchObject({
      reason: 'code_expired',
      message: 'This code has expired.',
    })
  })

  it('reuse: all uses, uses per customer, first order only, and a replay does not use it twice', async () => {
    await createCode({ code: 'TWICEONLY', kind: 'fixed', value: 100, max_uses: 2 })
    await createCode({ code: 'ONEEACH', kind: 'fixed', value: 100, max_uses_per_customer: 1 })
    await createCode({ code: 'FIRSTTIME', kind: 'fixed', value: 100, first_order_only: true })
    const cart = [{ productId: 'dc-bag', quantity: 1 }]

    const key = randomUUID()
    const email = uniqueEmail('replay')
    const phone = freshPhone()
    const first = await place(anon, cart, {
      codes: ['TWICEONLY'],
      clientOrderId: key,
      email,
      phone,
    })
    const replay = await place(anon, cart, {
      codes: ['TWICEONLY'],
      clientOrderId: key,
      email,
      phone,
    })
    expect(replay.order!.id).toBe(first.order!.id)
    expect((await place(anon, cart, { codes: ['TWICEONLY'] })).error).toBeNull()
    const third = await place(anon, cart, { codes: ['TWICEONLY'] })
    expect(third.reason).toBe('code_used_up')
    expect(third.error?.message).toBe('This code has already been used.')

    const buyer = { email: uniqueEmail('once'), phone: freshPhone() }
    expect((await place(anon, cart, { codes: ['ONEEACH'], ...buyer })).error).toBeNull()
    // The same person again, by email or by phone.
    expect((await place(anon, cart, { codes: ['ONEEACH'], email: buyer.email })).reason).toBe(
      'code_already_used',
    )
    expect((await place(anon, cart, { codes: ['ONEEACH'], phone: buyer.phone })).reason).toBe(
      'code_already_used',
    )

    // A cancelled order gives the use back.
    const shopper = await server.signUpUser(uniqueEmail('returning'))
    const own = await place(shopper.client, cart, { codes: ['ONEEACH'] })
    expect(own.error).toBeNull()
    expect((await place(shopper.client, cart, { codes: ['ONEEACH'] })).reason).toBe(
      'code_already_used',
    )
    await staff.rpc('set_order_status', { order_id: own.order!.id, status: 'cancelled' })
    expect((await place(shopper.client, cart, { codes: ['ONEEACH'] })).error).toBeNull()
    expect((await place(shopper.client, cart, { codes: ['FIRSTTIME'] })).reason).toBe(
      'code_first_order_only',
    )
    expect((await place(anon, cart, { codes: ['FIRSTTIME'] })).error).toBeNull()
  })

  it('stacking: a code that is not combinable is used alone; the same code twice is refused', async () => {
    await createCode({ code: 'STACKA', kind: 'percent', value: 10, combinable: true })
    await createCode({ code: 'STACKB', kind: 'fixed', value: 200, combinable: true })
    await createCode({ code: 'LONER', kind: 'percent', value: 10 })
    const cart = [{ productId: 'dc-dress', quantity: 1 }]
    const alone = await place(anon, cart, { codes: ['STACKA', 'LONER'] })
    expect(alone.reason).toBe('code_not_combinable')
    expect(alone.error?.message).toBe('LONER cannot be combined with another code.')
    expect((await place(anon, cart, { codes: ['STACKA', 'stacka'] })).reason).toBe('code_repeated')
    const both = await place(anon, cart, { codes: ['STACKA', 'STACKB'] })
    // 10% of 10,000, then 200 off what is left.
    expect(both.order).toMatchObject({
      codeDiscount: 1200,
      discountCodes: ['STACKA', 'STACKB'],
      total: 8800,
    })
    expect((await place(anon, cart, { codes: ['A', 'B', 'C', 'D'] })).reason).toBe(
      'invalid_discount_codes',
    )
  })

  it('a discount, price or total sent by the client changes nothing', async () => {
    const placed = await place(
      anon,
      [{ productId: 'dc-bag', quantity: 1, price: 1, discount: 90 } as Line],
      {
        extra: { discountTotal: 5999, codeDiscount: 5999, total: 1, subtotal: 1, discount: 99 },
      },
    )
    expect(placed.order).toMatchObject({
      subtotal: 6000,
      discountTotal: 0,
      codeDiscount: 0,
      total: 6000,
    })
  })

  it('a total at or below zero is refused', async () => {
    await createCode({ code: 'EVERYTHING', kind: 'percent', value: 100 })
    await createCode({ code: 'BIGNOTE', kind: 'fixed', value: 1000000 })
    const cart = [{ productId: 'dc-bag', quantity: 1 }]
    for (const code of ['EVERYTHING', 'BIGNOTE']) {
      const refused = await place(anon, cart, { codes: [code] })
      expect(refused.reason).toBe('total_not_positive')
      expect(refused.error?.message).toBe(
        'A discount code cannot bring the total to zero or below.',
      )
    }
    const negative = await staff
      .from('discount_codes')
      .insert({ code: 'MINUS', kind: 'fixed', value: -500 })
    expect(negative.error?.code).toBe('23514')
  })

  it("a code issued to someone else's email is refused", async () => {
    const owner = uniqueEmail('owner')
    const { data } = await anon.rpc('claim_welcome_offer', { email: owner })
    const code = (data as { code: string }).code
    const thief = await place(anon, [{ productId: 'dc-bag', quantity: 1 }], { codes: [code] })
    expect(thief.reason).toBe('code_other_customer')
    const ownerOrder = await place(anon, [{ productId: 'dc-bag', quantity: 1 }], {
      codes: [code],
      email: owner,
    })
    // 6,000 less 40% is 3,600: under the free-delivery threshold, so Nairobi delivery is added.
    expect(ownerOrder.order).toMatchObject({ codeDiscount: 2400, deliveryFee: 250, total: 3850 })
  })

  it('guessing: unknown codes are limited per device, email and account, then per address', async () => {
    const admin = await signIn(server, 'admin@luxekenya.test')
    const changed = await admin
      .from('store_settings')
      .update({ code_attempt_limit: 3 })
      .eq('id', true)
      .select('code_attempt_limit')
    expect(changed.data).toEqual([{ code_attempt_limit: 3 }])
    await createCode({ code: 'REALONE', kind: 'fixed', value: 100 })
    const cart = [{ productId: 'dc-bag', quantity: 1 }]

    const device = randomUUID()
    for (const guess of ['GUESS1', 'GUESS2', 'GUESS3']) {
      expect((await place(anon, cart, { codes: [guess], deviceId: device })).reason).toBe(
        'code_not_found',
      )
    }
    const blocked = await place(anon, cart, { codes: ['REALONE'], deviceId: device })
    expect(blocked.status).toBe(429)
    expect(blocked.reason).toBe('too_many_code_attempts')
    // The quote counts and is held back the same way.
    expect(
      (await quote(anon, cart, { discountCodes: ['REALONE'], deviceId: device })).codeRefusal
        ?.reason,
    ).toBe('too_many_code_attempts')

    const shopper = await server.signUpUser(uniqueEmail('guesser'))
    for (const guess of ['WILD1', 'WILD2', 'WILD3']) {
      await quote(shopper.client, cart, { discountCodes: [guess] })
    }
    expect((await place(shopper.client, cart, { codes: ['REALONE'] })).reason).toBe(
      'too_many_code_attempts',
    )

    // Someone else on another device is not held back by those (the address allows five times more)…
    expect(
      (await place(anon, cart, { codes: ['REALONE'], deviceId: randomUUID() })).error,
    ).toBeNull()
    // …until the address itself has tried too many.
    for (let i = 0; i < 9; i++) {
      await quote(anon, cart, { discountCodes: [`NOPE${i}`], deviceId: randomUUID() })
    }
    expect((await place(anon, cart, { codes: ['REALONE'], deviceId: randomUUID() })).reason).toBe(
      'too_many_code_attempts',
    )
    await admin.from('store_settings').update({ code_attempt_limit: 10 }).eq('id', true)
    await server.server.db.pg.query('delete from private.discount_code_failures where true')
  })
})

describe('the welcome offer', () => {
  it('issues a unique single-use code for the email, emails it, and shows it once', async () => {
    const email = uniqueEmail('welcome')
    const first = await anon.rpc('claim_welcome_offer', { email, source: 'email-popup' })
    expect(first.error).toBeNull()
    const issued = first.data as { issued: boolean; code: string; percent: number; cap: number }
    expect(issued).toMatchObject({ issued: true, percent: 40, cap: 7000 })
    expect(issued.code).toMatch(/^WELCOME-[A-Z2-9]{10}$/)

    await server.server.mailer.flush()
    const mail = server.server.inbox.latest(email)
    expect(mail?.subject).toBe('Your 40% OFF welcome code')
    expect(mail?.text).toContain(issued.code)

    const again = await anon.rpc('claim_welcome_offer', { email: email.toUpperCase() })
    expect(again.data).toEqual({ issued: false, percent: 40, cap: 7000 })
    await server.server.mailer.flush()
    expect(server.server.inbox.list(email)).toHaveLength(1)
    const other = await anon.rpc('claim_welcome_offer', { email: uniqueEmail('welcome') })
    expect((other.data as { code: string }).code).not.toBe(issued.code)

    // 40% of 50,000 is 20,000: the store's cap of 7,000 applies. Then it is used up.
    const placed = await place(anon, [{ productId: 'dc-watch', quantity: 1 }], {
      codes: [issued.code],
      email,
    })
    expect(placed.order).toMatchObject({ codeDiscount: 7000, total: 43000 })
    const reuse = await place(anon, [{ productId: 'dc-watch', quantity: 1 }], {
      codes: [issued.code],
      email,
    })
    expect(['code_used_up', 'code_already_used', 'code_first_order_only']).toContain(reuse.reason)

    const bad = await anon.rpc('claim_welcome_offer', { email: 'not-an-email' })
    expect(bad.error?.message).toBe('Please enter a valid email address.')
  })
})
