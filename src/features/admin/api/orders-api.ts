import type { Database } from '@/lib/database.types'
import { normalizeKenyanPhone } from '@/lib/phone'
import type { AppSupabaseClient } from '@/lib/supabase'
import type { OrderStatus, TransactionsSearch } from '../admin-search'
import { periodWindow } from '../date-range'
import { AdminApiError, toAdminError, unwrap } from './admin-api-error'
import { searchTerm } from './products-api'

type Tables = Database['public']['Tables']
export type OrderRow = Tables['orders']['Row']
export type OrderItemRow = Tables['order_items']['Row']
export type PaymentRow = Tables['payments']['Row']
export type CommissionRow = Tables['commissions']['Row']
export type RefundRow = Tables['refunds']['Row']

export const ORDERS_PAGE_SIZE = 25
/** Enough for a month of a busy shop in one file; beyond it, narrow the dates. */
export const EXPORT_LIMIT = 10_000
const EXPORT_PAGE = 500

export type OrderListRow = Pick<
  OrderRow,
  | 'id'
  | 'order_number'
  | 'created_at'
  | 'status'
  | 'payment_status'
  | 'payment_method'
  | 'customer_name'
  | 'email'
  | 'phone'
  | 'total'
  | 'delivery_method'
  | 'county'
  | 'town'
  | 'affiliate_code'
  | 'affiliate_id'
  | 'expired_at'
>

const listColumns =
  'id, order_number, created_at, status, payment_status, payment_method, customer_name, email, phone, total, delivery_method, county, town, affiliate_code, affiliate_id, expired_at'

/**
 * The `or=(…)` filter for the search box: an order number, an email, a name, or a phone number typed
 * any Kenyan way (0712…, +254 712…, or just some of its digits).
 */
export function orderSearchFilter(input: string | undefined): string | null {
  const term = searchTerm(input)
  if (!term) return null
  const like = `*${term}*`
  const parts = [`order_number.ilike.${like}`, `email.ilike.${like}`, `customer_name.ilike.${like}`]
  const phone = normalizeKenyanPhone(term)
  const digits = term.replace(/[\s.-]/g, '')
  if (phone) parts.push(`phone.eq.${phone}`)
  else if (/^\+?\d{3,12}$/.test(digits)) {
    // "0712 345" → digits after the leading 0 or +254, as stored (254712345…).
    const stored = digits.replace(/^\+?254/, '').replace(/^0/, '')
    if (stored.length >= 3) parts.push(`phone.ilike.*${stored}*`)
  }
  return parts.join(',')
}

/** The filter methods this module uses, whatever columns the query selects. */
interface Filterable {
  eq(column: string, value: string): this
  gte(column: string, value: string): this
  lt(column: string, value: string): this
  or(filter: string): this
}

function applyFilters<Q>(query: Q, search: TransactionsSearch, now?: Date): Q {
  let q = query as unknown as Filterable
  if (search.status) q = q.eq('status', search.status)
  if (search.method) q = q.eq('payment_method', search.method)
  if (search.payment) q = q.eq('payment_status', search.payment)
  const window = periodWindow(search, now)
  if (window.from) q = q.gte('created_at', window.from)
  if (window.until) q = q.lt('created_at', window.until)
  const filter = orderSearchFilter(search.q)
  if (filter) q = q.or(filter)
  return q as unknown as Q
}

export interface OrderPage {
  rows: OrderListRow[]
  count: number
}

/** One page of orders, newest first, with the number that match the filters. */
export async function listOrders(
  client: AppSupabaseClient,
  search: TransactionsSearch,
  options: { pageSize?: number; now?: Date } = {},
): Promise<OrderPage> {
  const pageSize = options.pageSize ?? ORDERS_PAGE_SIZE
  const page = search.page ?? 1
  const query = applyFilters(
    client.from('orders').select(listColumns, { count: 'exact' }),
    search,
    options.now,
  )
  const response = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range((page - 1) * pageSize, page * pageSize - 1)
  if (response.status === 416) return { rows: [], count: response.count ?? 0 }
  const rows = (unwrap(response) ?? []) as unknown as OrderListRow[]
  return { rows, count: response.count ?? rows.length }
}

export type ExportRow = OrderListRow &
  Pick<OrderRow, 'subtotal' | 'discount_total' | 'delivery_fee' | 'pickup_point' | 'street'> & {
    order_items: Pick<OrderItemRow, 'name' | 'quantity'>[]
    payments: Pick<PaymentRow, 'status' | 'mpesa_receipt'>[]
  }

/**
 * Every order that matches the filters, fetched page by page (the API caps a single answer), for the
 * CSV export. Stops at EXPORT_LIMIT and says so through `truncated`.
 */
export async function fetchOrdersForExport(
  client: AppSupabaseClient,
  search: TransactionsSearch,
  options: { now?: Date; pageSize?: number } = {},
): Promise<{ rows: ExportRow[]; truncated: boolean }> {
  const pageSize = options.pageSize ?? EXPORT_PAGE
  const rows: ExportRow[] = []
  for (let offset = 0; offset < EXPORT_LIMIT; offset += pageSize) {
    const query = applyFilters(
      client
        .from('orders')
        .select(
          `${listColumns}, subtotal, discount_total, delivery_fee, pickup_point, street, order_items(name, quantity), payments(status, mpesa_receipt)`,
        ),
      search,
      options.now,
    )
    const response = await query
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .range(offset, Math.min(offset + pageSize, EXPORT_LIMIT) - 1)
    const batch = (unwrap(response) ?? []) as unknown as ExportRow[]
    rows.push(...batch)
    if (batch.length < pageSize) return { rows, truncated: false }
  }
  return { rows, truncated: true }
}

export type OrderDetail = OrderRow & {
  order_items: OrderItemRow[]
  payments: PaymentRow[]
  refunds: RefundRow[]
  commission: CommissionRow | null
  affiliate: { code: string } | null
  pickup: { name: string } | null
}

/** Embeds come back as one object or a list depending on how the relationship is detected. */
function single<T>(value: T | T[] | null | undefined): T | null {
  if (Array.isArray(value)) return value[0] ?? null
  return value ?? null
}

/** One order with its lines, payment attempts, commission and affiliate, by its number. */
export async function fetchOrderDetail(
  client: AppSupabaseClient,
  orderNumber: string,
): Promise<OrderDetail> {
  const rows = unwrap(
    await client
      .from('orders')
      .select(
        '*, order_items(*), payments(*), refunds(*), commissions(*), affiliates(code), pickup_points(name)',
      )
      .eq('order_number', orderNumber)
      .limit(1),
  ) as unknown as
    | (OrderRow & {
        order_items: OrderItemRow[] | null
        payments: PaymentRow[] | null
        refunds: RefundRow[] | null
        commissions: CommissionRow | CommissionRow[] | null
        affiliates: { code: string } | { code: string }[] | null
        pickup_points: { name: string } | { name: string }[] | null
      })[]
    | null
  const row = rows?.[0]
  if (!row) throw new AdminApiError(`Order ${orderNumber} was not found.`, 404)
  const { commissions, affiliates, pickup_points, order_items, payments, refunds, ...order } = row
  return {
    ...order,
    order_items: [...(order_items ?? [])].sort((a, b) => a.line_no - b.line_no),
    payments: [...(payments ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at)),
    refunds: [...(refunds ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at)),
    commission: single(commissions),
    affiliate: single(affiliates),
    pickup: single(pickup_points),
  }
}

/** What staff may do next with an order, in the order the buttons show. */
export function nextStatuses(order: Pick<OrderRow, 'status'>): OrderStatus[] {
  switch (order.status) {
    case 'pending':
      return ['confirmed', 'cancelled']
    case 'confirmed':
      return ['dispatched', 'cancelled']
    case 'dispatched':
      return ['delivered', 'cancelled']
    default:
      return []
  }
}

const transitionMessages: Record<string, string> = {
  not_paid:
    'This M-Pesa order is not paid yet, so it cannot be dispatched. Wait for the payment, or cancel the order.',
  order_not_found: 'This order no longer exists.',
}

/** Who carries a dispatched order, and how the shopper follows it. */
export interface DispatchDetails {
  courier: string
  tracking: string
}

/**
 * Moves an order along through set_order_status(); dispatching needs the courier and the tracking
 * number or rider's phone (the database checks them).
 */
export async function changeOrderStatus(
  client: AppSupabaseClient,
  orderId: string,
  status: OrderStatus,
  dispatch?: DispatchDetails,
): Promise<void> {
  const response = await client.rpc('set_order_status', {
    order_id: orderId,
    status,
    ...(dispatch ? { courier: dispatch.courier, tracking: dispatch.tracking } : {}),
  })
  if (response.error) {
    const error = toAdminError(response.error, response.status)
    const better = error.detailCode ? transitionMessages[error.detailCode] : undefined
    throw better ? new AdminApiError(better, error.status, error.code, error.detailCode) : error
  }
}
