import type { AppSupabaseClient } from '@/lib/supabase'
import type { StaffRole } from '../auth-slice'

/**
 * The signed-in user's staff role, if any: read from user_roles, which only an
 * admin can write, never from user metadata, which every user can edit. RLS shows a user only their
 * own rows. Throws when the lookup itself fails, so callers can keep what they knew.
 */
export async function fetchStaffRole(
  client: AppSupabaseClient,
  userId: string,
): Promise<StaffRole | null> {
  const { data, error } = await client
    .from('user_roles')
    .select('role')
    .eq('user_id', userId)
    .in('role', ['admin', 'manager'])
    .limit(1)
    .maybeSingle()
  if (error) throw new Error(error.message)
  const role = data?.role
  return role === 'admin' || role === 'manager' ? role : null
}
