/**
 * Dispatch details against the real server: dispatching needs the courier or rider and a tracking
 * number or phone (the database refuses anything else), the shopper's order shows them, and the shopper
 * is emailed when the order is dispatched, delivered or cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../support/server'
import { uniqueEmail } from '../../support/server'
import {
  addProduct,
  advance,
  callers,
  placeOrder,
  startAdminServer,
  type Callers,
  type OrderDoc,
} from './admin-kit'

let server: TestServer
let who: Callers

beforeAll(async () => {
  server = await startAdminServer()
  await addProduct(server, { id: 'dx-tote', price: 4000, stock: 40 })
  who = await callers(server, 'dx-amina')
})
afterAll(() => server?.close())

interface ShopperOrder {
  status: string
  dispatch: { courier: string; tracking: string; dispatchedAt: string } | null
  deliveredAt: string | null
  cancelledAt: string | null
}

const readAsShopper = async (order: OrderDoc & { accessToken?: string }) => {
  const { data, error } = await who.anon.rpc('order_by_token', {
    order_number: order.orderNumber,
    token: order.accessToken,
  })
  if (error) throw new Error(error.message)
  return data as ShopperOrder
}

const dispatch = (orderId: string, courier: unknown, tracking: unknown) =>
  who.manager.rpc('set_order_status', {
    order_id: orderId,
    status: 'dispatched',
    courier,
    tracking,
  })

const mailTo = async (email: string) => {
  await server.server.mailer.flush()
  return server.server.inbox.list(email)
}

describe('dispatching an order', () => {
  it('needs the courier and a tracking number or phone of sane length, checked by the database', async () => {
    const order = await placeOrder(who.anon, { productId: 'dx-tote' })
    await advance(who.manager, order.id, 'confirmed')

    const none = await who.manager.rpc('set_order_status', {
      order_id: order.id,
      status: 'dispatched',
    })
    expect(none.error?.message).toBe(
      'Enter the courier or rider who carries the order (2 to 60 characters).',
    )
    expect((await dispatch(order.id, '  ', 'G4S-1')).error?.message).toMatch(/^Enter the courier/)
    expect((await dispatch(order.id, 'x'.repeat(61), 'G4S-1234')).error?.message).toMatch(
      /^Enter the courier/,
    )
    expect((await dispatch(order.id, 'G4S', null)).error?.message).toBe(
      "Enter the tracking number or the rider's phone (4 to 40 letters, digits, spaces or - / + . #).",
    )
    expect((await dispatch(order.id, 'G4S', 'abc')).error?.message).toMatch(/^Enter the tracking/)
    expect((await dispatch(order.id, 'G4S', '1'.repeat(41))).error?.message).toMatch(
      /^Enter the tracking/,
    )
    expect((await dispatch(order.id, 'G4S', '<script>')).error?.message).toMatch(
      /^Enter the tracking/,
    )
    // Nothing moved while it was refused.
    expect((await readAsShopper(order)).status).toBe('confirmed')

    const ok = await dispatch(order.id, '  Rider   Otieno ', '+254 712 345 678')
    expect(ok.error).toBeNull()
    expect(ok.data).toMatchObject({
      status: 'dispatched',
      dispatch: { courier: 'Rider Otieno', tracking: '+254 712 345 678' },
    })
  })

  it('a shopper cannot dispatch, nor write the details on the order themselves', async () => {
    const owner = await server.signUpUser(uniqueEmail('dx-owner'))
    const order = await placeOrder(owner.client, { productId: 'dx-tote' })
    const byShopper = await owner.client.rpc('set_order_status', {
      order_id: order.id,
      status: 'dispatched',
      courier: 'Me',
      tracking: 'FAKE-1234',
    })
    expect(byShopper.error?.code).toBe('42501')
    const written = await owner.client
      .from('orders')
      .update({ courier: 'Me', tracking: 'FAKE-1234' })
      .eq('id', order.id)
      .select()
    expect(written.data ?? []).toEqual([])
    const stored = await who.manager.from('orders').select('courier, tracking').eq('id', order.id)
    expect(stored.data).toEqual([{ courier: null, tracking: null }])
  })

  it('shows the shopper the courier and tracking, and emails dispatched, delivered and cancelled', async () => {
    const owner = await server.signUpUser(uniqueEmail('dx-shopper'))
    const order = await placeOrder(owner.client, { productId: 'dx-tote', email: owner.email })
    await advance(who.manager, order.id, 'confirmed', 'dispatched')

    // The owner reads their own order through the API as the order page does.
    const own = await owner.client
      .from('orders')
      .select('status, courier, tracking')
      .eq('id', order.id)
    expect(own.data).toEqual([
      { status: 'dispatched', courier: 'G4S Courier', tracking: 'G4S-778812' },
    ])
    const doc = await readAsShopper(order)
    expect(doc.dispatch).toMatchObject({ courier: 'G4S Courier', tracking: 'G4S-778812' })
    expect(Date.parse(doc.dispatch!.dispatchedAt)).not.toBeNaN()

    let mail = await mailTo(owner.email)
    expect(mail.map((m) => m.subject)).toEqual([`Order ${order.orderNumber} is on its way`])
    expect(mail[0]!.text).toContain('Courier: G4S Courier')
    expect(mail[0]!.text).toContain('Tracking: G4S-778812')

    await advance(who.manager, order.id, 'delivered')
    expect((await readAsShopper(order)).deliveredAt).not.toBeNull()
    mail = await mailTo(owner.email)
    expect(mail.map((m) => m.subject)).toContain(`Order ${order.orderNumber} is delivered`)

    const other = await placeOrder(who.anon, { productId: 'dx-tote', email: uniqueEmail('dx-c') })
    const cancelled = await who.manager.rpc('set_order_status', {
      order_id: other.id,
      status: 'cancelled',
    })
    expect(cancelled.error).toBeNull()
    expect((cancelled.data as ShopperOrder).cancelledAt).not.toBeNull()
    const email = (await who.manager.from('orders').select('email').eq('id', other.id).single())
      .data!.email as string
    const cancelMail = await mailTo(email)
    expect(cancelMail.map((m) => m.subject)).toEqual([`Order ${other.orderNumber} is cancelled`])
    expect(cancelMail[0]!.text).toContain('Nothing more is due')
  })
})
