import { getSupabase, type AppSupabaseClient } from '@/lib/supabase'

// Each call takes an optional client (tests pass their own); the app uses its one lazy client.

export interface Profile {
  fullName: string
  /** Stored form 2547XXXXXXXX / 2541XXXXXXXX, or empty. */
  phone: string
}

/** The signed-in shopper's profile (RLS shows only their own row). */
export async function fetchProfile(userId: string, db?: AppSupabaseClient): Promise<Profile> {
  const client = db ?? (await getSupabase())
  const { data, error } = await client
    .from('profiles')
    .select('full_name, phone')
    .eq('id', userId)
    .maybeSingle()
  if (error) throw new Error(error.message)
  return { fullName: data?.full_name ?? '', phone: data?.phone ?? '' }
}

/**
 * Saves name and phone (the only columns a shopper may change). The name is also copied to the
 * account's metadata, where the header and the next session read it; that copy is display only.
 */
export async function saveProfile(
  userId: string,
  profile: Profile,
  db?: AppSupabaseClient,
): Promise<Profile> {
  const client = db ?? (await getSupabase())
  const { data, error } = await client
    .from('profiles')
    .update({ full_name: profile.fullName || null, phone: profile.phone || null })
    .eq('id', userId)
    .select('full_name, phone')
    .single()
  if (error) throw new Error(error.message)
  const saved = { fullName: data.full_name ?? '', phone: data.phone ?? '' }
  // Best effort: the profile row is the record; a failed copy only delays the header's name.
  await client.auth.updateUser({ data: { full_name: saved.fullName } }).catch(() => undefined)
  return saved
}
