/**
 * The transactions page's API calls (src/features/admin/api/orders-api.ts) against the real server:
 * filters, search by number, phone or email, the 30-day default window, the CSV export's paging, the
 * order detail with its payments and commission, and status changes with refusals in plain words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminApiError } from '@/features/admin/api/admin-api-error'
import {
  changeOrderStatus,
  fetchOrderDetail,
  fetchOrdersForExport,
  listOrders,
  nextStatuses,
} from '@/features/admin/api/orders-api'
import { orderStateLabel } from '@/features/admin/labels'
import { fetchMyStaffRoles } from '@/features/admin/api/staff-roles-api'
import type { AppSupabaseClient } from '@/lib/supabase'
import type { TestServer } from '../../support/server'
import {
  addProduct,
  callers,
  placeOrder,
  settleMpesa,
  startAdminServer,
  type Callers,
  type OrderDoc,
} from './admin-kit'

let server: TestServer
let who: Callers
let staff: AppSupabaseClient
let cod: OrderDoc
let mpesaPaid: OrderDoc
let mpesaUnpaid: OrderDoc
let old: OrderDoc

beforeAll(async () => {
  server = await startAdminServer()
  await addProduct(server, { id: 'tx-scarf', price: 3000, stock: 100 })
  who = await callers(server, 'tx-amina')
  staff = who.manager as unknown as AppSupabaseClient
  cod = await placeOrder(who.anon, {
    productId: 'tx-scarf',
    phone: '0711 222 333',
    email: 'wambui@example.test',
    name: 'Wambui Njoroge',
    affiliateCode: 'tx-amina',
  })
  mpesaPaid = await placeOrder(who.anon, {
    productId: 'tx-scarf',
    quantity: 2,
    paymentMethod: 'mpesa',
    phone: '0722 333 444',
    email: 'otieno@example.test',
  })
  await settleMpesa(server, mpesaPaid, 0)
  mpesaUnpaid = await placeOrder(who.anon, {
    productId: 'tx-scarf',
    paymentMethod: 'mpesa',
    phone: '0733 444 555',
    name: '=HYPERLINK("http://evil.example")',
  })
  await settleMpesa(server, mpesaUnpaid, 1)
  old = await placeOrder(who.anon, { productId: 'tx-scarf', email: 'old@example.test' })
  await server.server.db.pg.query(
    `update public.orders set created_at = now() - interval '45 days' where id = $1`,
    [old.id],
  )
})

afterAll(async () => {
  await server?.close()
})

const numbers = (rows: { order_number: string }[]) => rows.map((r) => r.order_number)

describe('listing orders', () => {
  it('opens on the last 30 days, newest first; all time includes older orders', async () => {
    const recent = await listOrders(staff, {})
    expect(numbers(recent.rows)).toEqual([
      mpesaUnpaid.orderNumber,
      mpesaPaid.orderNumber,
      cod.orderNumber,
    ])
    expect(recent.count).toBe(3)
    const all = await listOrders(staff, { period: 'all' })
    expect(numbers(all.rows)).toContain(old.orderNumber)
    const custom = await listOrders(staff, {
      period: 'custom',
      from: new Date(Date.now() - 50 * 86_400_000).toISOString().slice(0, 10),
      to: new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10),
    })
    expect(numbers(custom.rows)).toEqual([old.orderNumber])
  })

  it('filters by status, payment method and payment status', async () => {
    expect(numbers((await listOrders(staff, { method: 'cod' })).rows)).toEqual([cod.orderNumber])
    expect(numbers((await listOrders(staff, { payment: 'paid' })).rows)).toEqual([
      mpesaPaid.orderNumber,
    ])
    expect(numbers((await listOrders(staff, { payment: 'failed' })).rows)).toEqual([
      mpesaUnpaid.orderNumber,
    ])
    expect(numbers((await listOrders(staff, { status: 'confirmed' })).rows)).toEqual([
      mpesaPaid.orderNumber,
    ])
  })

  it('finds an order by number, email, name or phone typed any Kenyan way', async () => {
    const find = async (q: string) => numbers((await listOrders(staff, { q, period: 'all' })).rows)
    expect(await find(cod.orderNumber.toLowerCase())).toEqual([cod.orderNumber])
    expect(await find('wambui@example')).toEqual([cod.orderNumber])
    expect(await find('Njoroge')).toEqual([cod.orderNumber])
    for (const phone of ['0711222333', '+254 711 222 333', '254711222333', '711 222']) {
      expect(await find(phone)).toEqual([cod.orderNumber])
    }
    expect(await find('0799 999 999')).toEqual([])
  })

  it('is refused to shoppers and affiliates by the database', async () => {
    for (const client of [who.shopper, who.affiliate]) {
      const page = await listOrders(client as unknown as AppSupabaseClient, { period: 'all' })
      expect(page.rows).toEqual([])
    }
    await expect(
      listOrders(who.anon as unknown as AppSupabaseClient, { period: 'all' }),
    ).rejects.toMatchObject({ status: 401 })
  })
})

describe('export', () => {
  it('fetches every matching order page by page, with lines and payments', async () => {
    const { rows, truncated } = await fetchOrdersForExport(
      staff,
      { period: 'all' },
      { pageSize: 2 },
    )
    expect(truncated).toBe(false)
    expect(rows).toHaveLength(4)
    const paid = rows.find((r) => r.order_number === mpesaPaid.orderNumber)!
    expect(paid.order_items).toEqual([{ name: 'Test tx-scarf', quantity: 2 }])
    expect(paid.payments[0]).toMatchObject({ status: 'paid', mpesa_receipt: expect.any(String) })
  })
})

describe('order detail and status changes', () => {
  it('shows lines, contact, delivery, payments and the referral', async () => {
    const detail = await fetchOrderDetail(staff, cod.orderNumber)
    expect(detail).toMatchObject({
      order_number: cod.orderNumber,
      customer_name: 'Wambui Njoroge',
      phone: '254711222333',
      county: 'Nairobi',
      affiliate: { code: 'tx-amina' },
      commission: null,
      payments: [],
    })
    expect(detail.order_items).toHaveLength(1)
    await expect(fetchOrderDetail(staff, 'LK-1')).rejects.toMatchObject({ status: 404 })
  })

  it('moves a cash order to delivered, recording the cash and approving the commission', async () => {
    let detail = await fetchOrderDetail(staff, cod.orderNumber)
    for (const next of ['confirmed', 'dispatched', 'delivered'] as const) {
      expect(nextStatuses(detail)).toContain(next)
      await changeOrderStatus(
        staff,
        cod.id,
        next,
        next === 'dispatched' ? { courier: 'Sendy', tracking: 'SND-20418' } : undefined,
      )
      detail = await fetchOrderDetail(staff, cod.orderNumber)
      expect(detail.status).toBe(next)
    }
    expect(nextStatuses(detail)).toEqual([])
    expect(detail.payment_status).toBe('paid')
    expect(detail.payments[0]).toMatchObject({ provider: 'cod', status: 'paid' })
    expect(detail.commission).toMatchObject({ amount: 300, status: 'approved' })
  })

  it('says in plain words why an unpaid M-Pesa order cannot be dispatched', async () => {
    await changeOrderStatus(staff, mpesaUnpaid.id, 'confirmed')
    const error = await changeOrderStatus(staff, mpesaUnpaid.id, 'dispatched').catch((e) => e)
    expect(error).toBeInstanceOf(AdminApiError)
    expect(error.message).toBe(
      'This M-Pesa order is not paid yet, so it cannot be dispatched. Wait for the payment, or cancel the order.',
    )
    const skip = await changeOrderStatus(staff, mpesaPaid.id, 'delivered').catch((e) => e)
    expect(skip.message).toBe('An order that is confirmed cannot become delivered.')
  })

  it('cancels an order and puts its stock back', async () => {
    const stock = async () =>
      (
        await server.server.db.pg.query<{ stock: number }>(
          `select stock from public.products where id = 'tx-scarf'`,
        )
      ).rows[0]!.stock
    const before = await stock()
    await changeOrderStatus(staff, mpesaPaid.id, 'cancelled')
    expect(await stock()).toBe(before + 2)
    expect((await fetchOrderDetail(staff, mpesaPaid.orderNumber)).status).toBe('cancelled')
  })

  it('refuses status changes to non-staff with a permission message', async () => {
    const error = await changeOrderStatus(
      who.shopper as unknown as AppSupabaseClient,
      old.id,
      'cancelled',
    ).catch((e) => e)
    expect(error).toMatchObject({
      status: 403,
      message: 'Your account does not have permission to do this.',
    })
  })
})

describe('an unpaid order the store released', () => {
  it('reads "Expired" in the list and the detail, as the database marked it; a staff cancel stays "Cancelled"', async () => {
    const lapsed = await placeOrder(who.anon, { productId: 'tx-scarf', paymentMethod: 'mpesa' })
    const cancelled = await placeOrder(who.anon, { productId: 'tx-scarf', paymentMethod: 'mpesa' })
    await changeOrderStatus(staff, cancelled.id, 'cancelled')
    await server.server.db.pg.query(
      `update public.orders set payment_due_at = now() - interval '1 minute' where id = $1`,
      [lapsed.id],
    )
    const released = await staff.rpc('release_unpaid_orders')
    expect(released.data).toEqual([lapsed.orderNumber])

    const list = await listOrders(staff, { q: lapsed.orderNumber })
    expect(list.rows).toHaveLength(1)
    expect(list.rows[0]).toMatchObject({ status: 'cancelled', expired_at: expect.any(String) })
    expect(orderStateLabel(list.rows[0]!)).toBe('Expired')
    const detail = await fetchOrderDetail(staff, lapsed.orderNumber)
    expect(detail.expired_at).toBe(list.rows[0]!.expired_at)
    expect(orderStateLabel(detail)).toBe('Expired')

    const other = await fetchOrderDetail(staff, cancelled.orderNumber)
    expect(other).toMatchObject({ status: 'cancelled', expired_at: null })
    expect(orderStateLabel(other)).toBe('Cancelled')
    expect(orderStateLabel({ ...other, status: 'pending' })).toBe('Pending')
  })
})

describe('staff roles', () => {
  it('reads the caller’s own roles; an admin also counts as a manager', async () => {
    const adminId = (await who.admin.auth.getUser()).data.user!.id
    const managerId = (await who.manager.auth.getUser()).data.user!.id
    expect(await fetchMyStaffRoles(who.admin as unknown as AppSupabaseClient, adminId)).toEqual([
      'admin',
      'manager',
    ])
    expect(await fetchMyStaffRoles(staff, managerId)).toEqual(['manager'])
    expect(
      await fetchMyStaffRoles(who.shopper as unknown as AppSupabaseClient, who.shopperId),
    ).toEqual([])
    // A shopper asking about the admin's roles learns nothing.
    expect(await fetchMyStaffRoles(who.shopper as unknown as AppSupabaseClient, adminId)).toEqual(
      [],
    )
  })
})
