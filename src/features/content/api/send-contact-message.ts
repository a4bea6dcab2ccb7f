import { getSupabase } from '@/lib/supabase'
import type { contactRow } from '../contact-validation'

export type ContactRow = ReturnType<typeof contactRow>

/**
 * Stores a contact-form message. Insert only: visitors may write messages but never read them back,
 * so no row is returned. `clientId` is generated once per message on the device; sending the same
 * message twice (a double tap, a retry after a lost answer) stores it once.
 */
export async function sendContactMessage(row: ContactRow, clientId: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.from('contact_messages').insert({ ...row, client_id: clientId })
  // 23505: this clientId was already stored, so the earlier attempt did reach us.
  if (error && error.code !== '23505') throw new Error(error.message)
}
