import type { Database } from '@/lib/database.types'
import type { AppSupabaseClient } from '@/lib/supabase'
import { AdminApiError, toAdminError, unwrap } from './admin-api-error'

export type DiscountCodeRow = Database['public']['Tables']['discount_codes']['Row']

export interface DiscountCodeUse {
  amount: number
  createdAt: string
  orderNumber: string | null
  orderStatus: string | null
}

export type DiscountCodeWithUses = DiscountCodeRow & {
  uses: DiscountCodeUse[]
  /** Uses on orders that were not cancelled (what the limits count). */
  activeUses: number
  totalOff: number
}

export interface NewDiscountCode {
  code: string
  description: string
  kind: 'percent' | 'fixed'
  value: number
  maxDiscount: number | null
  minSubtotal: number
  startsAt: string | null
  endsAt: string | null
  maxUses: number | null
  maxUsesPerCustomer: number | null
  firstOrderOnly: boolean
  categories: string[]
  productIds: string[]
  combinable: boolean
}

/** Codes, newest first, each with its uses (staff only: RLS shows others nothing). */
export async function listDiscountCodes(
  client: AppSupabaseClient,
  source: 'staff' | 'welcome' = 'staff',
  limit = 100,
): Promise<DiscountCodeWithUses[]> {
  const rows = unwrap(
    await client
      .from('discount_codes')
      .select('*, discount_redemptions(amount, created_at, orders(order_number, status))')
      .eq('source', source)
      .order('created_at', { ascending: false })
      .limit(limit),
  ) as unknown as (DiscountCodeRow & {
    discount_redemptions:
      | {
          amount: number
          created_at: string
          orders: { order_number: string; status: string } | null
        }[]
      | null
  })[]
  return (rows ?? []).map(({ discount_redemptions, ...code }) => {
    const uses = (discount_redemptions ?? [])
      .map((use) => ({
        amount: use.amount,
        createdAt: use.created_at,
        orderNumber: use.orders?.order_number ?? null,
        orderStatus: use.orders?.status ?? null,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    const active = uses.filter((use) => use.orderStatus !== 'cancelled')
    return {
      ...code,
      uses,
      activeUses: active.length,
      totalOff: active.reduce((sum, use) => sum + use.amount, 0),
    }
  })
}

const codeMessages: Record<string, string> = {
  '23505': 'A code with that name already exists.',
  '23514': 'Some of these settings are not allowed: check the amounts and dates.',
}

/** Creates a code (staff only); the database normalises the code to capitals and checks every rule. */
export async function createDiscountCode(client: AppSupabaseClient, input: NewDiscountCode) {
  const { error, status } = await client.from('discount_codes').insert({
    code: input.code,
    description: input.description || null,
    kind: input.kind,
    value: input.value,
    max_discount: input.maxDiscount,
    min_subtotal: input.minSubtotal,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    max_uses: input.maxUses,
    max_uses_per_customer: input.maxUsesPerCustomer,
    first_order_only: input.firstOrderOnly,
    categories: input.categories,
    product_ids: input.productIds,
    combinable: input.combinable,
  })
  if (error) {
    const message = codeMessages[error.code]
    throw message ? new AdminApiError(message, status, error.code) : toAdminError(error, status)
  }
}

/** Switches a code off (it can no longer be used) or on again. */
export async function setDiscountCodeActive(
  client: AppSupabaseClient,
  id: string,
  active: boolean,
) {
  const { error, status } = await client.from('discount_codes').update({ active }).eq('id', id)
  if (error) throw toAdminError(error, status)
}
