import type {
  AffiliateStatus,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  Period,
  ProductCategory,
} from './admin-search'
import { categoryLabels } from '@shared/product-categories'

/** The words staff read for each stored value (the database keeps short codes). */
export const orderStatusLabel: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

/**
 * The word for an order's state as the database records it: an unpaid order the store released
 * (cancelled with its hold run out, `expired_at` set) reads "Expired", not "Cancelled" by staff.
 */
export function orderStateLabel(order: { status: OrderStatus; expired_at: string | null }): string {
  return order.status === 'cancelled' && order.expired_at !== null
    ? 'Expired'
    : orderStatusLabel[order.status]
}

export const paymentMethodLabel: Record<PaymentMethod, string> = {
  mpesa: 'M-Pesa',
  cod: 'Cash on delivery',
  bank: 'Bank transfer',
  card: 'Card',
}

export const paymentStatusLabel: Record<PaymentStatus, string> = {
  pending: 'Unpaid',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

export const categoryLabel: Record<ProductCategory, string> = categoryLabels

export const affiliateStatusLabel: Record<AffiliateStatus, string> = {
  pending: 'Application',
  approved: 'Approved',
  suspended: 'Suspended',
}

export const commissionStatusLabel: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  reversed: 'Reversed',
}

export const periodLabel: Record<Period, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  all: 'All time',
  custom: 'Custom dates',
}

/** Badge tones: a colour palette name from the base theme for each kind of state. */
export type Tone = 'gray' | 'green' | 'orange' | 'red' | 'blue' | 'purple'

export const orderStatusTone: Record<OrderStatus, Tone> = {
  pending: 'orange',
  confirmed: 'blue',
  dispatched: 'purple',
  delivered: 'green',
  cancelled: 'gray',
  refunded: 'red',
}

export const paymentStatusTone: Record<PaymentStatus, Tone> = {
  pending: 'orange',
  paid: 'green',
  failed: 'red',
  cancelled: 'gray',
  refunded: 'gray',
}

export const affiliateStatusTone: Record<AffiliateStatus, Tone> = {
  pending: 'orange',
  approved: 'green',
  suspended: 'red',
}

export const commissionStatusTone: Record<string, Tone> = {
  pending: 'orange',
  approved: 'blue',
  paid: 'green',
  reversed: 'gray',
}
