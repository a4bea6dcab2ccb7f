import type { Database } from '@/lib/database.types'
import type { AppSupabaseClient } from '@/lib/supabase'
import { unwrap } from './admin-api-error'

export type AuditRow = Database['public']['Tables']['audit_log']['Row']

/** What staff filter the trail by (the `kind` the database writes). */
export const auditKinds = [
  ['product', 'Products, prices and stock'],
  ['order', 'Orders and payments'],
  ['payout', 'Payouts'],
  ['affiliate', 'Affiliates and commissions'],
  ['discount', 'Discount codes'],
  ['staff', 'Staff and roles'],
  ['factor', 'Two-step sign-in'],
  ['settings', 'Store settings'],
  ['catalogue', 'Catalogue lists'],
] as const

export interface AuditFilter {
  actorId?: string
  kind?: string
  /** Inclusive lower bound, ISO timestamp. */
  from?: string | null
  /** Exclusive upper bound, ISO timestamp. */
  until?: string | null
  page: number
}

export const AUDIT_PAGE_SIZE = 50

/** A page of the trail, newest first, with the total that matches (admins only; RLS shows others none). */
export async function listAudit(
  client: AppSupabaseClient,
  filter: AuditFilter,
): Promise<{ rows: AuditRow[]; total: number }> {
  let query = client.from('audit_log').select('*', { count: 'exact' })
  if (filter.actorId) query = query.eq('actor_id', filter.actorId)
  if (filter.kind) query = query.eq('kind', filter.kind)
  if (filter.from) query = query.gte('at', filter.from)
  if (filter.until) query = query.lt('at', filter.until)
  const start = (filter.page - 1) * AUDIT_PAGE_SIZE
  const response = await query
    .order('id', { ascending: false })
    .range(start, start + AUDIT_PAGE_SIZE - 1)
  const rows = unwrap(response)
  return { rows: rows ?? [], total: response.count ?? 0 }
}

/** One product's or order's own history, newest first. */
export async function subjectHistory(
  client: AppSupabaseClient,
  kind: 'product' | 'order',
  subjectId: string,
): Promise<AuditRow[]> {
  const rows = unwrap(
    await client
      .from('audit_log')
      .select('*')
      .eq('kind', kind)
      .eq('subject_id', subjectId)
      .order('id', { ascending: false })
      .limit(100),
  )
  return rows ?? []
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

export interface AuditChange {
  field: string
  before: string
  after: string
}

const show = (value: unknown): string =>
  value === undefined || value === null
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

/** The fields a row changed, each with its value before and after, as text. */
export function auditChanges(row: Pick<AuditRow, 'before' | 'after'>): AuditChange[] {
  const before = asObject(row.before)
  const after = asObject(row.after)
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return fields
    .filter((field) => field !== 'updated_at' && field !== 'created_at')
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }))
}
