import type { AppSupabaseClient } from '@/lib/supabase'
import type { AffiliateStatus, OrderStatus, PaymentStatus } from '../admin-search'
import { AdminApiError, unwrap } from './admin-api-error'

export interface CommissionTotals {
  pending: number
  approved: number
  paid: number
  reversed: number
}

/** One row of admin_affiliates(): who the affiliate is and what they have earned. */
export interface AffiliateSummary {
  id: string
  code: string
  status: AffiliateStatus
  commissionPercent: number
  payoutPhone: string | null
  name: string | null
  email: string | null
  createdAt: string
  approvedAt: string | null
  referredOrders: number
  totals: CommissionTotals
  /** Approved commission not yet paid out: what a payout would pay now. */
  due: number
  lastPayoutAt: string | null
}

/** Every affiliate, applications first (staff only). */
export async function listAffiliates(client: AppSupabaseClient): Promise<AffiliateSummary[]> {
  return (unwrap(await client.rpc('admin_affiliates')) ?? []) as unknown as AffiliateSummary[]
}

export interface ReferredOrder {
  id: string
  order_number: string
  created_at: string
  status: OrderStatus
  payment_status: PaymentStatus
  subtotal: number
  discount_total: number
  total: number
  commission: { amount: number; status: string; commission_percent: number } | null
}

/** The orders an affiliate referred, newest first, with the commission each earned. */
export async function fetchReferredOrders(
  client: AppSupabaseClient,
  affiliateId: string,
): Promise<ReferredOrder[]> {
  const rows = unwrap(
    await client
      .from('orders')
      .select(
        'id, order_number, created_at, status, payment_status, subtotal, discount_total, total, commissions(amount, status, commission_percent)',
      )
      .eq('affiliate_id', affiliateId)
      .order('created_at', { ascending: false })
      .limit(200),
  ) as unknown as (Omit<ReferredOrder, 'commission'> & {
    commissions: ReferredOrder['commission'] | NonNullable<ReferredOrder['commission']>[]
  })[]
  return (rows ?? []).map(({ commissions, ...order }) => ({
    ...order,
    commission: Array.isArray(commissions) ? (commissions[0] ?? null) : (commissions ?? null),
  }))
}

/**
 * Approves, suspends or re-rates an affiliate through review_affiliate(). The rate applies to orders
 * paid from now on; commissions already earned keep the rate they were earned at.
 */
export async function reviewAffiliate(
  client: AppSupabaseClient,
  affiliateId: string,
  status: AffiliateStatus,
  commissionPercent?: number,
): Promise<void> {
  if (
    commissionPercent !== undefined &&
    (!Number.isInteger(commissionPercent) || commissionPercent < 0 || commissionPercent > 50)
  ) {
    throw new AdminApiError('The commission must be a whole number from 0 to 50 percent.', 400)
  }
  unwrap(
    await client.rpc('review_affiliate', {
      affiliate_id: affiliateId,
      status,
      ...(commissionPercent !== undefined ? { commission_percent: commissionPercent } : {}),
    }),
  )
}
