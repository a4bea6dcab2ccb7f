/**
 * What the admin and affiliate API tests share: a server with the local staff accounts, signed-in
 * clients for every kind of caller, and orders placed the way the checkout places them.
 */
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { completeSecondFactor } from '../../support/second-factor'
import { startTestServer, uniqueEmail, type TestServer } from '../../support/server'

export const STAFF_PASSWORD = 'local-dev-password'

export interface Callers {
  anon: SupabaseClient
  shopper: SupabaseClient
  shopperId: string
  affiliate: SupabaseClient
  affiliateId: string
  affiliateUserId: string
  affiliateEmail: string
  manager: SupabaseClient
  admin: SupabaseClient
}

export async function startAdminServer(): Promise<TestServer> {
  return startTestServer({ seedStaff: true })
}

/** Signs in and completes the second step (staff rights need an aal2 session). */
export async function signIn(server: TestServer, email: string, password = STAFF_PASSWORD) {
  const client = server.client()
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw error
  await completeSecondFactor(server, client)
  return client
}

/** Completes the second sign-in step of a client already signed in (staff without one enrol first). */
export const completeStaffSignIn = completeSecondFactor

/** A product only this test file uses, so stock and sales figures are its own. */
export async function addProduct(
  server: TestServer,
  product: { id: string; price?: number; stock?: number; discount?: number; active?: boolean },
) {
  await server.server.db.pg.query(
    `insert into public.products (id, slug, name, category, price, discount, stock, active)
     values ($1, $1, $2, 'bags', $3, $4, $5, $6)`,
    [
      product.id,
      `Test ${product.id}`,
      product.price ?? 5000,
      product.discount ?? 0,
      product.stock ?? 50,
      product.active ?? true,
    ],
  )
}

export interface OrderOptions {
  productId: string
  quantity?: number
  paymentMethod?: 'cod' | 'mpesa' | 'card' | 'bank'
  affiliateCode?: string
  affiliateCapturedAt?: string
  phone?: string
  email?: string
  name?: string
}

export interface OrderDoc {
  id: string
  orderNumber: string
  status: string
  paymentStatus: string
  total: number
  subtotal: number
  discountTotal: number
  affiliateCode: string | null
}

/** Places an order through place_order exactly as the checkout does (guest when `client` is anon). */
export async function placeOrder(client: SupabaseClient, options: OrderOptions): Promise<OrderDoc> {
  const { data, error } = await client.rpc('place_order', {
    payload: {
      clientOrderId: randomUUID(),
      items: [{ productId: options.productId, quantity: options.quantity ?? 1 }],
      contact: {
        name: options.name ?? 'Wanjiru Kamau',
        email: options.email ?? uniqueEmail('buyer'),
        phone: options.phone ?? '0712345678',
      },
      delivery: { method: 'delivery', county: 'Nairobi', town: 'Westlands', street: 'Ring Road' },
      paymentMethod: options.paymentMethod ?? 'cod',
      ...(options.affiliateCode
        ? {
            affiliateCode: options.affiliateCode,
            affiliateCapturedAt: options.affiliateCapturedAt ?? new Date().toISOString(),
          }
        : {}),
    },
  })
  if (error) throw new Error(`place_order: ${error.message}`)
  return data as OrderDoc
}

/** Settles an M-Pesa STK push as the provider's callback would (0 paid, 1032 cancelled, else failed). */
export async function settleMpesa(server: TestServer, order: OrderDoc, resultCode: number) {
  const service = server.admin()
  const checkoutRequestId = `ws_CO_${randomUUID()}`
  const request = await service.rpc('record_payment_request', {
    order_id: order.id,
    phone: '0712345678',
    checkout_request_id: checkoutRequestId,
  })
  if (request.error) throw new Error(request.error.message)
  const result = await service.rpc('record_payment_result', {
    checkout_request_id: checkoutRequestId,
    result_code: resultCode,
    result_desc: resultCode === 0 ? 'The service request is processed successfully.' : 'Failed',
    mpesa_receipt: resultCode === 0 ? `Q${randomUUID().slice(0, 9).toUpperCase()}` : null,
    amount: order.total,
  })
  if (result.error) throw new Error(result.error.message)
}

/** How staff name the carrier when they dispatch an order. */
export const DISPATCH = { courier: 'G4S Courier', tracking: 'G4S-778812' }

/** Moves an order along as staff do from the transactions page (dispatching names the carrier). */
export async function advance(staff: SupabaseClient, orderId: string, ...statuses: string[]) {
  for (const status of statuses) {
    const { error } = await staff.rpc('set_order_status', {
      order_id: orderId,
      status,
      ...(status === 'dispatched' ? DISPATCH : {}),
    })
    if (error) throw new Error(`set_order_status ${status}: ${error.message}`)
  }
}

/** A shopper, an approved affiliate (code given), the local manager and admin, and a visitor. */
export async function callers(server: TestServer, code: string): Promise<Callers> {
  const shopper = await server.signUpUser(uniqueEmail('shopper'))
  const affiliate = await server.signUpUser(uniqueEmail('affiliate'), 'secret-pass-1', {
    full_name: 'Amina Wanjiku',
  })
  const manager = await signIn(server, 'manager@luxekenya.test')
  const admin = await signIn(server, 'admin@luxekenya.test')
  const applied = await affiliate.client
    .from('affiliates')
    .insert({ code, payout_phone: '0722000111' })
    .select('id')
    .single()
  if (applied.error) throw new Error(applied.error.message)
  const approved = await manager.rpc('review_affiliate', {
    affiliate_id: applied.data.id,
    status: 'approved',
  })
  if (approved.error) throw new Error(approved.error.message)
  return {
    anon: server.client(),
    shopper: shopper.client,
    shopperId: shopper.userId,
    affiliate: affiliate.client,
    affiliateId: applied.data.id,
    affiliateUserId: affiliate.userId,
    affiliateEmail: affiliate.email,
    manager,
    admin,
  }
}
