import type { Json } from '@/lib/database.types'
import { getSupabase } from '@/lib/supabase'
import type {
  DeliveryInput,
  OrderDocument,
  OrderItemInput,
  PickupPoint,
  PlaceOrderPayload,
  Quote,
} from '../checkout-types'
import { CheckoutError, fromRpcError, NETWORK_MESSAGE } from './checkout-error'

async function rpc<T>(
  name: 'place_order' | 'quote_order',
  payload: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const supabase = await getSupabase()
  let result
  try {
    const call = supabase.rpc(name, { payload: payload as Json })
    result = await (signal ? call.abortSignal(signal) : call)
  } catch {
    throw new CheckoutError('network', NETWORK_MESSAGE)
  }
  if (result.error) throw fromRpcError(result.error, result.status)
  return result.data as T
}

/**
 * Places the order (or, for a key already used with the same body, returns the order placed then).
 * Throws CheckoutError.
 */
export function placeOrder(
  payload: PlaceOrderPayload,
  signal?: AbortSignal,
): Promise<OrderDocument> {
  return rpc<OrderDocument>('place_order', payload, signal)
}

/** What quote_order is told besides the cart: the codes entered and whose they would be. */
export interface QuoteExtras {
  discountCodes?: string[]
  contact?: { email?: string; phone?: string }
}

/**
 * Current prices, per-line problems, the delivery fee and what the discount codes take off, for the
 * cart, without placing anything.
 */
export function quoteOrder(
  items: OrderItemInput[],
  delivery?: DeliveryInput,
  extras: QuoteExtras = {},
): Promise<Quote> {
  return rpc<Quote>('quote_order', {
    items,
    ...(delivery ? { delivery } : {}),
    ...(extras.discountCodes?.length ? { discountCodes: extras.discountCodes } : {}),
    ...(extras.contact ? { contact: extras.contact } : {}),
  })
}

/** The order behind a private link (order number + access token). */
export async function fetchOrder(orderNumber: string, token: string): Promise<OrderDocument> {
  const supabase = await getSupabase()
  let result
  try {
    result = await supabase.rpc('order_by_token', { order_number: orderNumber, token })
  } catch {
    throw new CheckoutError('network', NETWORK_MESSAGE)
  }
  if (result.error) throw fromRpcError(result.error, result.status)
  return result.data as unknown as OrderDocument
}

/** A signed-in shopper's own order opens without the link: RLS lets them read its token. */
export async function fetchOwnOrderToken(orderNumber: string): Promise<string | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('orders')
    .select('access_token')
    .eq('order_number', orderNumber)
    .maybeSingle()
  if (error) return null
  return data?.access_token ?? null
}

/** The open pickup points (few and rarely changed: kept on the device for offline checkouts). */
export async function fetchPickupPoints(): Promise<PickupPoint[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('pickup_points')
    .select('id, name, county, town, address')
    .order('name')
  if (error) throw new CheckoutError('network', NETWORK_MESSAGE)
  return data
}
