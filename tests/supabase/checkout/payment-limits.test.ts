/**
 * Paying at any amount, against the real server with supabase-js: M-Pesa's per-payment limit and the
 * cash ceiling come from the store config; bank transfer holds the order with the bank details, staff
 * mark it received (once), and an order unpaid by its deadline is released with its stock back.
 */
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail, type TestServer } from '../../support/server'
import { addProduct, signIn, startAdminServer } from '../admin/admin-kit'

let server: TestServer
let manager: SupabaseClient
let admin: SupabaseClient
let anon: SupabaseClient

interface Placed {
  id: string
  orderNumber: string
  total: number
  status: string
  paymentStatus: string
  paymentMethod: string
  paymentDueAt: string | null
  bankTransfer: { bankName: string; accountNumber: string; reference: string } | null
  payment: { status: string; receipt: string | null; amount: number } | null
}

async function place(productId: string, paymentMethod: string, quantity = 1) {
  const { data, error } = await anon.rpc('place_order', {
    payload: {
      clientOrderId: randomUUID(),
      items: [{ productId, quantity }],
      contact: { name: 'Kamau Njoroge', email: uniqueEmail('payer'), phone: '0733 100 200' },
      delivery: { method: 'delivery', county: 'Nakuru', town: 'Nakuru', street: 'Kenyatta Avenue' },
      paymentMethod,
    },
  })
  const details = error?.details
    ? (JSON.parse(error.details) as { code?: string; field?: string })
    : {}
  return { order: data as Placed | null, error, reason: details.code, field: details.field }
}

const stock = async (id: string) =>
  (
    await server.server.db.pg.query<{ stock: number }>(
      'select stock from public.products where id = $1',
      [id],
    )
  ).rows[0]!.stock

beforeAll(async () => {
  server = await startAdminServer()
  manager = await signIn(server, 'manager@luxekenya.test')
  admin = await signIn(server, 'admin@luxekenya.test')
  anon = server.client()
  await addProduct(server, { id: 'pl-watch', price: 1820000, stock: 10 })
  await addProduct(server, { id: 'pl-ring', price: 60000, stock: 10 })
  await addProduct(server, { id: 'pl-scarf', price: 4000, stock: 10 })
})

afterAll(async () => {
  await server?.close()
})

describe('ceilings from the store config', () => {
  it('M-Pesa is refused above its per-payment limit, with the reason', async () => {
    const settings = await anon
      .from('store_settings')
      .select('mpesa_max_amount, cod_max_amount')
      .single()
    expect(settings.data).toEqual({ mpesa_max_amount: 250000, cod_max_amount: 50000 })
    const refused = await place('pl-watch', 'mpesa')
    expect(refused.reason).toBe('mpesa_limit')
    expect(refused.field).toBe('paymentMethod')
    expect(refused.error?.message).toBe(
      'M-Pesa takes at most KSh 250,000 in one payment. Please choose card or bank transfer.',
    )
    // Nothing was taken from stock by the refused order.
    expect(await stock('pl-watch')).toBe(10)
  })

  it('no prompt is recorded for an order over the limit (limit lowered after the order)', async () => {
    const ring = await place('pl-scarf', 'mpesa', 2)
    expect(ring.error).toBeNull()
    await admin.from('store_settings').update({ mpesa_max_amount: 5000 }).eq('id', true)
    const prompt = await server.admin().rpc('record_payment_request', {
      order_id: ring.order!.id,
      phone: '0733100200',
      checkout_request_id: `ws_CO_${randomUUID()}`,
    })
    expect(prompt.error?.message).toBe(
      'M-Pesa takes at most KSh 5,000 in one payment. Please pay this order by card or bank transfer.',
    )
    await admin.from('store_settings').update({ mpesa_max_amount: 250000 }).eq('id', true)
  })

  it('no prompt is recorded for a card order, and the refusal says it is paid by card', async () => {
    const card = await place('pl-scarf', 'card')
    expect(card.error).toBeNull()
    const prompt = await server.admin().rpc('record_payment_request', {
      order_id: card.order!.id,
      phone: '0733100200',
      checkout_request_id: `ws_CO_${randomUUID()}`,
    })
    expect(prompt.error?.message).toBe('This order is paid by card.')
  })

  it('cash on delivery is refused above the ceiling the store sets, and allowed once raised', async () => {
    const refused = await place('pl-ring', 'cod')
    expect(refused.reason).toBe('cod_limit')
    expect(refused.error?.message).toBe(
      'Cash on delivery is for orders up to KSh 50,000. Please choose another way to pay.',
    )
    // Managers cannot change the ceiling; admins can.
    const tried = await manager
      .from('store_settings')
      .update({ cod_max_amount: 100000 })
      .eq('id', true)
      .select()
    expect(tried.data ?? []).toEqual([])
    await admin.from('store_settings').update({ cod_max_amount: 100000 }).eq('id', true)
    expect((await place('pl-ring', 'cod')).error).toBeNull()
    await admin.from('store_settings').update({ cod_max_amount: 50000 }).eq('id', true)
  })
})

describe('bank transfer', () => {
  it('holds the order with the bank details, the order number as reference and a deadline', async () => {
    const { order, error } = await place('pl-watch', 'bank')
    expect(error).toBeNull()
    expect(order).toMatchObject({
      total: 1820000,
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'bank',
      bankTransfer: { bankName: 'Equity Bank Kenya', reference: order!.orderNumber },
    })
    const due = Date.parse(order!.paymentDueAt!) - Date.now()
    expect(due).toBeGreaterThan(3 * 24 * 3600 * 1000 - 60_000)
    expect(due).toBeLessThanOrEqual(3 * 24 * 3600 * 1000)
  })

  it('staff mark the transfer received once; nobody else can', async () => {
    const { order } = await place('pl-watch', 'bank')
    const shopper = await server.signUpUser(uniqueEmail('sneaky'))
    const forged = await shopper.client.rpc('confirm_bank_transfer', {
      order_id: order!.id,
      reference: 'FT2611240001',
    })
    expect(forged.error?.code).toBe('42501')
    const bad = await manager.rpc('confirm_bank_transfer', { order_id: order!.id, reference: '' })
    expect(bad.error?.message).toBe("Enter the bank's reference for the transfer.")

    // Unpaid, it cannot ship.
    await manager.rpc('set_order_status', { order_id: order!.id, status: 'confirmed' })
    const early = await manager.rpc('set_order_status', {
      order_id: order!.id,
      status: 'dispatched',
    })
    expect(early.error?.message).toBe('This order is not paid yet.')

    const paid = await manager.rpc('confirm_bank_transfer', {
      order_id: order!.id,
      reference: 'ft2611240001',
    })
    expect(paid.error).toBeNull()
    expect(paid.data).toMatchObject({
      paymentStatus: 'paid',
      status: 'confirmed',
      payment: { status: 'paid', receipt: 'FT2611240001', amount: 1820000 },
    })
    const again = await manager.rpc('confirm_bank_transfer', {
      order_id: order!.id,
      reference: 'FT2611240002',
    })
    expect(again.error?.message).toBe('This order is already paid.')
    const payments = await manager
      .from('payments')
      .select('amount, status')
      .eq('order_id', order!.id)
    expect(payments.data).toEqual([{ amount: 1820000, status: 'paid' }])
    // An M-Pesa prompt for it is refused too.
    const prompt = await server.admin().rpc('record_payment_request', {
      order_id: order!.id,
      phone: '0733100200',
      checkout_request_id: `ws_CO_${randomUUID()}`,
    })
    expect(prompt.error?.message).toBe('This order is paid by bank transfer.')
  })

  it('an order unpaid by its deadline is released and its stock returns; a paid one stays', async () => {
    const before = await stock('pl-watch')
    const unpaid = (await place('pl-watch', 'bank')).order!
    const paid = (await place('pl-watch', 'bank')).order!
    await manager.rpc('confirm_bank_transfer', { order_id: paid.id, reference: 'FT2611240003' })
    expect(await stock('pl-watch')).toBe(before - 2)
    await server.server.db.pg.query(
      `update public.orders set payment_due_at = now() - interval '1 minute' where id = any($1)`,
      [[unpaid.id, paid.id]],
    )
    expect((await anon.rpc('release_unpaid_bank_orders')).error?.code).toBe('42501')
    const released = await server.admin().rpc('release_unpaid_bank_orders')
    expect(released.data).toEqual([unpaid.orderNumber])
    const rows = await manager
      .from('orders')
      .select('order_number, status, payment_status')
      .in('id', [unpaid.id, paid.id])
    expect(rows.data).toEqual(
      expect.arrayContaining([
        { order_number: unpaid.orderNumber, status: 'cancelled', payment_status: 'cancelled' },
        { order_number: paid.orderNumber, status: 'confirmed', payment_status: 'paid' },
      ]),
    )
    expect(await stock('pl-watch')).toBe(before - 1)
    const late = await manager.rpc('confirm_bank_transfer', {
      order_id: unpaid.id,
      reference: 'FT2611240004',
    })
    expect(late.error?.message).toMatch(/^This order was cancelled/)
  })
})
