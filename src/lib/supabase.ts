import type { SupabaseClient } from '@supabase/supabase-js'
import { env } from '@/config/env'
import { takeFragmentSession } from './auth-links'
import { nextTask } from './next-task'
import { followSessionInRealtime } from './realtime-session'
import type { Database } from './database.types'

export type AppSupabaseClient = SupabaseClient<Database>

let client: Promise<AppSupabaseClient> | undefined
let fragmentSessionError: string | null = null

/** Why a session brought in an invitation link's fragment could not be used (expired), if it failed. */
export const fragmentSessionProblem = () => fragmentSessionError

/**
 * The one Supabase client, loaded on first use: supabase-js stays off the first route's critical path.
 * The session lives where supabase-js keeps it (localStorage), with persistence and auto refresh on.
 */
export function getSupabase(): Promise<AppSupabaseClient> {
  client ??= import('@supabase/supabase-js').then(async ({ createClient }) => {
    // Evaluating supabase-js and starting its client are each a few milliseconds of a phone's main
    // thread: not in one task.
    await nextTask()
    // Taken before the client starts: a PKCE client refuses a session in the fragment.
    const invited = takeFragmentSession()
    const created = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
      // Email links carry a one-time code for this browser's verifier, never tokens.
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
      },
    })
    followSessionInRealtime(created)
    if (invited) {
      const { error } = await created.auth.setSession(invited)
      if (error) fragmentSessionError = error.message
    }
    // The first request, made by whoever asked for the client, goes in a task of its own too.
    await nextTask()
    return created
  })
  return client
}
