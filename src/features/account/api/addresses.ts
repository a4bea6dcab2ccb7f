import type { Tables, TablesInsert } from '@/lib/database.types'
import { getSupabase, type AppSupabaseClient } from '@/lib/supabase'

// Each call takes an optional client (tests pass their own); the app uses its one lazy client.

export type Address = Pick<
  Tables<'addresses'>,
  | 'id'
  | 'label'
  | 'recipient_name'
  | 'phone'
  | 'county'
  | 'town'
  | 'street'
  | 'note'
  | 'is_default'
  | 'created_at'
>

/** What the shopper fills in; `user_id` is never sent: the database sets it from the session. */
export type AddressInput = Pick<
  TablesInsert<'addresses'>,
  'label' | 'recipient_name' | 'phone' | 'county' | 'town' | 'street' | 'note' | 'is_default'
>

const columns =
  'id, label, recipient_name, phone, county, town, street, note, is_default, created_at'

/** The shopper's saved addresses, the default first, then the newest. */
export async function listAddresses(db?: AppSupabaseClient): Promise<Address[]> {
  const client = db ?? (await getSupabase())
  const { data, error } = await client
    .from('addresses')
    .select(columns)
    .order('is_default', { ascending: false })
    .order('created_at', { ascending: false })
  if (error) throw new Error(error.message)
  return data
}

export async function createAddress(input: AddressInput, db?: AppSupabaseClient): Promise<Address> {
  const client = db ?? (await getSupabase())
  const { data, error } = await client.from('addresses').insert(input).select(columns).single()
  if (error) throw new Error(error.message)
  return data
}

/** Updates one address; making it the default clears the old default in the database. */
export async function updateAddress(
  id: string,
  input: Partial<AddressInput>,
  db?: AppSupabaseClient,
): Promise<Address> {
  const client = db ?? (await getSupabase())
  const { data, error } = await client
    .from('addresses')
    .update(input)
    .eq('id', id)
    .select(columns)
    .single()
  if (error) throw new Error(error.message)
  return data
}

export async function deleteAddress(id: string, db?: AppSupabaseClient): Promise<void> {
  const client = db ?? (await getSupabase())
  const { error } = await client.from('addresses').delete().eq('id', id)
  if (error) throw new Error(error.message)
}
