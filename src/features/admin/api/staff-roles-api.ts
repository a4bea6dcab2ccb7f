import type { AppSupabaseClient } from '@/lib/supabase'
import { unwrap } from './admin-api-error'

export type StaffRoleName = 'admin' | 'manager'

/**
 * Every staff role the signed-in user holds, read from user_roles (RLS shows a user only their own
 * rows). The admin area asks for itself rather than trusting a role found earlier: it must know "no
 * role" apart from "not looked up yet" before it decides whether to let someone in.
 */
export async function fetchMyStaffRoles(
  client: AppSupabaseClient,
  userId: string,
): Promise<StaffRoleName[]> {
  const rows = unwrap(
    await client
      .from('user_roles')
      .select('role')
      .eq('user_id', userId)
      .in('role', ['admin', 'manager']),
  )
  const roles = new Set<StaffRoleName>()
  for (const row of rows ?? []) {
    if (row.role === 'admin' || row.role === 'manager') roles.add(row.role)
  }
  // An admin can do everything a manager can.
  if (roles.has('admin')) roles.add('manager')
  return [...roles].sort()
}

/** Whether staff must pass a second sign-in step (the store setting; on unless an admin turns it off). */
export async function staffNeedSecondStep(client: AppSupabaseClient): Promise<boolean> {
  const { data, error } = await client
    .from('store_settings')
    .select('staff_require_second_factor')
    .maybeSingle()
  if (error) throw new Error(error.message)
  return data?.staff_require_second_factor ?? true
}
