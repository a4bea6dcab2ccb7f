import type { AppSupabaseClient } from '@/lib/supabase'
import { AdminApiError, messages, unwrap } from './admin-api-error'
import type { StaffRoleName } from './staff-roles-api'

export interface StaffMember {
  userId: string
  email: string
  fullName: string
  role: StaffRoleName
  lastSignInAt: string | null
}

export interface StaffInvitation {
  id: string
  email: string
  role: StaffRoleName
  invitedAt: string
}

export interface StaffOverview {
  members: StaffMember[]
  invitations: StaffInvitation[]
}

/** Everyone on the staff and the open invitations (admins only; the database refuses others). */
export async function fetchStaffOverview(client: AppSupabaseClient): Promise<StaffOverview> {
  return unwrap(await client.rpc('staff_overview')) as unknown as StaffOverview
}

export interface InviteOutcome {
  email: string
  role: StaffRoleName
  /** False when the address already had an account: the role is granted at once, no email. */
  emailed: boolean
}

/** Invites someone by email with a role; the invitation email sets their password. */
export async function inviteStaff(
  client: AppSupabaseClient,
  email: string,
  role: StaffRoleName,
): Promise<InviteOutcome> {
  const { data, error } = await client.functions.invoke('staff-invite', { body: { email, role } })
  if (!error) return data as InviteOutcome
  const context = (error as { context?: unknown }).context
  if (error.name === 'FunctionsHttpError' && context instanceof Response) {
    let answer: { code?: string; message?: string } = {}
    try {
      answer = (await context.json()) as typeof answer
    } catch {
      // keep the generic message
    }
    if (context.status === 403) throw new AdminApiError(messages.forbidden, 403, answer.code)
    if (context.status === 401) throw new AdminApiError(messages.signedOut, 401, answer.code)
    throw new AdminApiError(answer.message ?? messages.unknown, context.status, answer.code)
  }
  throw new AdminApiError(messages.offline, 0)
}

export async function setStaffRole(
  client: AppSupabaseClient,
  userId: string,
  role: StaffRoleName,
): Promise<void> {
  unwrap(await client.rpc('set_staff_role', { user_id: userId, role }))
}

/** Takes away every staff role; their open sessions lose access on their next request. */
export async function removeStaff(client: AppSupabaseClient, userId: string): Promise<void> {
  unwrap(await client.rpc('remove_staff', { user_id: userId }))
}

/** Removes a user's authenticator (a lost phone); they set up a new one at their next sign-in. */
export async function resetSecondStep(client: AppSupabaseClient, userId: string): Promise<number> {
  return unwrap(await client.rpc('remove_second_factors', { user_id: userId })) ?? 0
}

export async function cancelInvitation(client: AppSupabaseClient, id: string): Promise<void> {
  unwrap(await client.rpc('cancel_staff_invitation', { invitation_id: id }))
}

/**
 * Switches the store's rule that staff sign in with a code from an authenticator app. Admins only: the
 * database refuses anyone else (no row changes), and its audit trail records the change.
 */
export async function setStaffSecondStepRequired(
  client: AppSupabaseClient,
  required: boolean,
): Promise<boolean> {
  const rows = unwrap(
    await client
      .from('store_settings')
      .update({ staff_require_second_factor: required })
      .eq('id', true)
      .select('staff_require_second_factor'),
  )
  const saved = rows?.[0]
  if (!saved) throw new AdminApiError(messages.forbidden, 403)
  return saved.staff_require_second_factor
}
