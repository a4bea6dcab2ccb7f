/**
 * The admin pages keep their filters in the address (so a filtered list can be bookmarked, shared with a
 * colleague or reopened with the back button). These validators turn whatever is in the query string
 * into known values; anything unknown is dropped, never trusted.
 */
import { productCategories } from '@shared/product-categories'
import type { Database } from '@/lib/database.types'

type OrderRow = Database['public']['Tables']['orders']['Row']
type ProductRow = Database['public']['Tables']['products']['Row']
type AffiliateRow = Database['public']['Tables']['affiliates']['Row']

export type OrderStatus = OrderRow['status']
export type PaymentMethod = OrderRow['payment_method']
export type PaymentStatus = OrderRow['payment_status']
export type ProductCategory = ProductRow['category']
export type AffiliateStatus = AffiliateRow['status']

export const orderStatuses: readonly OrderStatus[] = [
  'pending',
  'confirmed',
  'dispatched',
  'delivered',
  'cancelled',
  'refunded',
]
export const paymentMethods: readonly PaymentMethod[] = ['mpesa', 'card', 'bank', 'cod']
export const paymentStatuses: readonly PaymentStatus[] = [
  'pending',
  'paid',
  'failed',
  'cancelled',
  'refunded',
]
export { productCategories }
export const affiliateStatuses: readonly AffiliateStatus[] = ['pending', 'approved', 'suspended']

export const periods = ['today', '7d', '30d', '90d', 'all', 'custom'] as const
export type Period = (typeof periods)[number]
/** Transactions open on the last 30 days: recent enough to load fast, long enough for follow-ups. */
export const defaultPeriod: Period = '30d'

export const overviewDays = [7, 30, 90] as const
export type OverviewDays = (typeof overviewDays)[number]

export const productStates = ['all', 'active', 'archived'] as const
export type ProductState = (typeof productStates)[number]

export const productSorts = [
  'name',
  '-name',
  'price',
  '-price',
  'stock',
  '-stock',
  'updated',
  '-updated',
] as const
export type ProductSort = (typeof productSorts)[number]

type Raw = Record<string, unknown>

function oneOf<T extends string | number>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((item) => item === value || String(item) === value)
}

function text(value: unknown, max = 100): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const trimmed = String(value).trim().slice(0, max)
  return trimmed === '' ? undefined : trimmed
}

function page(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isInteger(n) && n > 1 && n <= 100_000 ? n : undefined
}

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-31). */
export function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  const [y, m, d] = value.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? value
    : undefined
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const orderNumberPattern = /^LK-\d{1,12}$/i
const productIdPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Drops undefined keys, so the address shows only the filters in use. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== false),
  ) as T
}

export interface OverviewSearch {
  days?: OverviewDays
}

export function validateOverviewSearch(raw: Raw): OverviewSearch {
  return compact({ days: oneOf(overviewDays, raw.days) })
}

export interface ProductsSearch {
  q?: string
  category?: ProductCategory
  state?: ProductState
  low?: boolean
  sort?: ProductSort
  page?: number
  /** The product open in the editor: its id, or `new`. */
  edit?: string
}

export function validateProductsSearch(raw: Raw): ProductsSearch {
  const edit = text(raw.edit, 100)
  return compact({
    q: text(raw.q),
    category: oneOf(productCategories, raw.category),
    state: oneOf(productStates, raw.state),
    low: raw.low === true || raw.low === 'true' || raw.low === '1' ? true : undefined,
    sort: oneOf(productSorts, raw.sort),
    page: page(raw.page),
    edit: edit && (edit === 'new' || productIdPattern.test(edit)) ? edit : undefined,
  })
}

export interface TransactionsSearch {
  q?: string
  status?: OrderStatus
  method?: PaymentMethod
  payment?: PaymentStatus
  period?: Period
  from?: string
  to?: string
  page?: number
  /** The order open in the detail panel, by its number. */
  order?: string
}

export function validateTransactionsSearch(raw: Raw): TransactionsSearch {
  const order = text(raw.order, 20)
  const period = oneOf(periods, raw.period)
  return compact({
    q: text(raw.q),
    status: oneOf(orderStatuses, raw.status),
    method: oneOf(paymentMethods, raw.method),
    payment: oneOf(paymentStatuses, raw.payment),
    period,
    from: period === 'custom' ? isoDate(raw.from) : undefined,
    to: period === 'custom' ? isoDate(raw.to) : undefined,
    page: page(raw.page),
    order: order && orderNumberPattern.test(order) ? order.toUpperCase() : undefined,
  })
}

export interface AffiliatesSearch {
  q?: string
  status?: AffiliateStatus
  /**
   * The affiliate open in the detail panel, by id. Not called `affiliate`: `?affiliate=` is a referral
   * link parameter, which the app takes out of every address it sees.
   */
  show?: string
}

export function validateAffiliatesSearch(raw: Raw): AffiliatesSearch {
  const show = text(raw.show, 40)
  return compact({
    q: text(raw.q),
    status: oneOf(affiliateStatuses, raw.status),
    show: show && uuidPattern.test(show) ? show.toLowerCase() : undefined,
  })
}

export interface PayoutsSearch {
  /** The affiliate being paid (the payout form is open). */
  pay?: string
}

export function validatePayoutsSearch(raw: Raw): PayoutsSearch {
  const pay = text(raw.pay, 40)
  return compact({ pay: pay && uuidPattern.test(pay) ? pay.toLowerCase() : undefined })
}
