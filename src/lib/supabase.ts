import type { SupabaseClient } from '@supabase/supabase-js'
import { env } from '@/config/env'
import type { Database } from './database.types'

export type AppSupabaseClient = SupabaseClient<Database>

let client: Promise<AppSupabaseClient> | undefined

/**
 * The one Supabase client, loaded on first use: supabase-js stays off the first route's critical path.
 * The session lives where supabase-js keeps it (localStorage), with persistence and auto refresh on.
 */
export function getSupabase(): Promise<AppSupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    }),
  )
  return client
}
