import { KENYAN_PHONE_ERROR, normalizeKenyanPhone } from '@/lib/phone'
import type { AppSupabaseClient } from '@/lib/supabase'

export type AffiliateStatus = 'pending' | 'approved' | 'suspended'

export interface CommissionTotals {
  pending: number
  approved: number
  paid: number
  reversed: number
}

/** A referred order as the affiliate sees it: never who bought it or where it went. */
export interface ReferredOrder {
  orderNumber: string
  createdAt: string
  status: 'pending' | 'confirmed' | 'dispatched' | 'delivered' | 'cancelled'
  paymentStatus: string
  orderValue: number
  commission: { amount: number; status: 'pending' | 'approved' | 'paid' | 'reversed' } | null
}

export interface AffiliatePayout {
  id: string
  amount: number
  status: 'pending' | 'paid' | 'failed'
  mpesaReference: string | null
  createdAt: string
  paidAt: string | null
}

/** What my_affiliate() answers for the signed-in user. */
export interface MyAffiliate {
  id: string
  code: string
  status: AffiliateStatus
  commissionPercent: number
  payoutPhone: string | null
  createdAt: string
  approvedAt: string | null
  totals: CommissionTotals
  referredOrders: number
  orders: ReferredOrder[]
  payouts: AffiliatePayout[]
}

export class AffiliateProgramError extends Error {
  constructor(
    message: string,
    /** The form field the message belongs beside, if any. */
    readonly field: 'code' | 'payoutPhone' | null = null,
  ) {
    super(message)
    this.name = 'AffiliateProgramError'
  }
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.'
const GENERIC_MESSAGE = 'Something went wrong. Please try again.'

function failure(
  error: { message?: string; code?: string },
  status: number,
): AffiliateProgramError {
  if (status === 0 || /failed to fetch|network|load failed/i.test(error.message ?? '')) {
    return new AffiliateProgramError(NETWORK_MESSAGE)
  }
  if (status === 401) return new AffiliateProgramError('Please sign in again to continue.')
  return new AffiliateProgramError(GENERIC_MESSAGE)
}

/** The signed-in user's affiliate account, or null when they have not applied. */
export async function fetchMyAffiliate(client: AppSupabaseClient): Promise<MyAffiliate | null> {
  const { data, error, status } = await client.rpc('my_affiliate')
  if (error) throw failure(error, status)
  return (data ?? null) as unknown as MyAffiliate | null
}

/** The same rule as the database: 3–32 lower-case letters, digits or dashes, not starting with a dash. */
export const AFFILIATE_CODE_RULE = /^[a-z0-9][a-z0-9-]{2,31}$/
export const CODE_ERROR =
  'Use 3 to 32 letters, numbers or dashes (no spaces), starting with a letter or number.'

export function normalizeAffiliateCode(input: string): string {
  return input.trim().toLowerCase()
}

export interface Application {
  /** Optional: the database picks a random code when empty. */
  code: string
  payoutPhone: string
}

export type ApplicationErrors = Partial<Record<'code' | 'payoutPhone', string>>

export function validateApplication(application: Application): ApplicationErrors {
  const errors: ApplicationErrors = {}
  const code = normalizeAffiliateCode(application.code)
  if (code && !AFFILIATE_CODE_RULE.test(code)) errors.code = CODE_ERROR
  if (!normalizeKenyanPhone(application.payoutPhone)) errors.payoutPhone = KENYAN_PHONE_ERROR
  return errors
}

/**
 * Applies to the programme by inserting the user's own affiliate row (status, rate and user are set by
 * the database, never by this request). Answers `already-applied` when an application exists.
 */
export async function applyAsAffiliate(
  client: AppSupabaseClient,
  application: Application,
): Promise<'applied' | 'already-applied'> {
  const errors = validateApplication(application)
  const field = (Object.keys(errors) as (keyof ApplicationErrors)[])[0]
  if (field) throw new AffiliateProgramError(errors[field]!, field)
  const code = normalizeAffiliateCode(application.code)
  const { error, status } = await client.from('affiliates').insert({
    payout_phone: normalizeKenyanPhone(application.payoutPhone),
    ...(code ? { code } : {}),
  })
  if (!error) return 'applied'
  if (error.code === '23505') {
    if (/user_id/.test(error.message)) return 'already-applied'
    throw new AffiliateProgramError(
      'That code is already taken. Try another, or leave it empty and we will choose one.',
      'code',
    )
  }
  if (error.code === '23514') {
    throw /phone/.test(error.message)
      ? new AffiliateProgramError(KENYAN_PHONE_ERROR, 'payoutPhone')
      : new AffiliateProgramError(CODE_ERROR, 'code')
  }
  throw failure(error, status)
}

/** The link an affiliate shares: the home page with their code, which the app remembers 30 days. */
export function shareLink(origin: string, code: string): string {
  return `${origin}/?ref=${encodeURIComponent(code.toUpperCase())}`
}

/** A WhatsApp share link (the message is filled in; nothing is sent until the affiliate chooses to). */
export function whatsappShareLink(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`
}
