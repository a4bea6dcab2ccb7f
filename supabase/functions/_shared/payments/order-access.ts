import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { serverKey } from '../api-keys.ts'
import { PaymentError, safeEqual } from './http.ts'
import type { EnvReader } from './provider.ts'

/** What the payment functions need of an order (read with the service key, never sent as is). */
export interface PaymentOrder {
  id: string
  order_number: string
  user_id: string | null
  access_token: string
  status: 'pending' | 'confirmed' | 'dispatched' | 'delivered' | 'cancelled'
  payment_status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded'
  payment_method: 'mpesa' | 'cod' | 'bank' | 'card'
  total: number
  phone: string
  email: string
}

export const ORDER_NUMBER_PATTERN = /^LK-\d{1,12}$/

/** The server's own client: the secret (service) key bypasses RLS, so every read here is checked by hand. */
export function serviceClient(env: EnvReader): SupabaseClient {
  const url = env('SUPABASE_URL')
  // A secret key when the project has one, else the legacy service-role key.
  const key = serverKey(env)
  if (!url || !key) {
    throw new PaymentError(503, 'not_configured', 'Payments are not available right now.')
  }
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}

const NOT_FOUND = () => new PaymentError(404, 'order_not_found', 'We could not find that order.')

export function readOrderNumber(value: unknown): string {
  const number = typeof value === 'string' ? value.trim().toUpperCase() : ''
  if (!ORDER_NUMBER_PATTERN.test(number)) {
    throw new PaymentError(
      400,
      'invalid_order_number',
      'The order number is missing or not valid.',
      'orderNumber',
    )
  }
  return number
}

/** The `sub` of a signed-in caller's JWT, or null for the anon key and anything unreadable. */
function bearerClaims(req: Request): { token: string; role?: unknown } | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')
  const token = match?.[1]
  const part = token?.split('.')[1]
  if (!token || !part) return null
  try {
    const padded = part.replace(/-/g, '+').replace(/_/g, '/')
    const claims = JSON.parse(atob(padded + '='.repeat((4 - (padded.length % 4)) % 4))) as {
      role?: unknown
    }
    return { token, role: claims.role }
  } catch {
    return null
  }
}

/**
 * The order, if the caller may act on it: a guest holding the order's access token (the private link),
 * or the signed-in shopper who owns it (their JWT is checked with the auth server, not just decoded).
 * A wrong token and an unknown order get the same 404, so order numbers cannot be probed.
 */
export async function loadOrderForCaller(
  service: SupabaseClient,
  req: Request,
  orderNumber: string,
  token: unknown,
): Promise<PaymentOrder> {
  const { data, error } = await service
    .from('orders')
    .select(
      'id, order_number, user_id, access_token, status, payment_status, payment_method, total, phone, email',
    )
    .eq('order_number', orderNumber)
    .maybeSingle()
  if (error) {
    console.error('[payments] order lookup failed:', error.message)
    throw new PaymentError(503, 'unavailable', 'We could not load your order. Please try again.')
  }
  const order = data as PaymentOrder | null
  if (!order) throw NOT_FOUND()

  if (typeof token === 'string' && token.length > 0 && token.length <= 200) {
    if (safeEqual(token, order.access_token)) return order
    throw NOT_FOUND()
  }
  const bearer = bearerClaims(req)
  if (order.user_id && bearer?.role === 'authenticated') {
    const { data: user, error: userError } = await service.auth.getUser(bearer.token)
    if (!userError && user.user?.id === order.user_id) return order
  }
  throw NOT_FOUND()
}

/** Turns a database refusal (PT400/PT404/PT409 with a JSON detail) into a PaymentError. */
export function fromDatabaseError(error: {
  code?: string
  message: string
  details?: string | null
}) {
  const status = /^PT(\d{3})$/.exec(error.code ?? '')?.[1]
  if (status) {
    let code = 'refused'
    try {
      const detail = JSON.parse(error.details ?? '{}') as { code?: unknown }
      if (typeof detail.code === 'string') code = detail.code
    } catch {
      // keep the generic code
    }
    return new PaymentError(Number(status), code, error.message)
  }
  console.error('[payments] database error:', error.code, error.message)
  return new PaymentError(
    503,
    'unavailable',
    'Payments are not available right now. Please try again.',
  )
}
