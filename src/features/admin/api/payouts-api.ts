import type { Database } from '@/lib/database.types'
import type { AppSupabaseClient } from '@/lib/supabase'
import { AdminApiError, unwrap } from './admin-api-error'

export type PayoutRow = Database['public']['Tables']['payouts']['Row']
export type PayoutWithAffiliate = PayoutRow & { affiliate: { code: string } | null }

/** M-Pesa transaction codes are 10 capital letters and digits, e.g. QK7ABC1234. */
export const MPESA_REFERENCE_PATTERN = /^[A-Z0-9]{8,20}$/

export function normalizeMpesaReference(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase()
}

/** Payout history, newest first (admins see every payout; RLS shows managers none). */
export async function listPayouts(
  client: AppSupabaseClient,
  limit = 200,
): Promise<PayoutWithAffiliate[]> {
  const rows = unwrap(
    await client
      .from('payouts')
      .select('*, affiliates(code)')
      .order('created_at', { ascending: false })
      .limit(limit),
  ) as unknown as (PayoutRow & { affiliates: { code: string } | { code: string }[] | null })[]
  return (rows ?? []).map(({ affiliates, ...payout }) => ({
    ...payout,
    affiliate: Array.isArray(affiliates) ? (affiliates[0] ?? null) : affiliates,
  }))
}

const payoutMessages: Record<string, string> = {
  nothing_due: 'This affiliate has no approved commission to pay right now.',
}

/**
 * Records that an affiliate was paid everything approved and unpaid, with the M-Pesa reference of the
 * transfer, through create_payout() (admins only). The amount is decided by the database.
 */
export async function recordPayout(
  client: AppSupabaseClient,
  affiliateId: string,
  mpesaReference: string,
  note?: string,
): Promise<PayoutRow> {
  const reference = normalizeMpesaReference(mpesaReference)
  if (!MPESA_REFERENCE_PATTERN.test(reference)) {
    throw new AdminApiError(
      'Enter the M-Pesa transaction code from the confirmation SMS, e.g. QK7ABC1234.',
      400,
    )
  }
  const response = await client.rpc('create_payout', {
    affiliate_id: affiliateId,
    mpesa_reference: reference,
    ...(note?.trim() ? { note: note.trim().slice(0, 500) } : {}),
  })
  if (response.error?.code === '23505') {
    throw new AdminApiError(
      `The M-Pesa code ${reference} is already recorded on another payout.`,
      409,
    )
  }
  try {
    return unwrap(response) as unknown as PayoutRow
  } catch (error) {
    if (error instanceof AdminApiError && error.detailCode && payoutMessages[error.detailCode]) {
      throw new AdminApiError(payoutMessages[error.detailCode]!, error.status, error.code)
    }
    throw error
  }
}
