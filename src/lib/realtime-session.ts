import type { SupabaseClient } from '@supabase/supabase-js'

/**
 * Hands realtime each new access token the session gets. supabase-js does so itself on sign-in and
 * refresh only; a verified second step raises the session to aal2 without either, and private staff
 * channels refuse the one-step token. Every client the app (or a test acting as it) makes goes
 * through here once.
 */
export function followSessionInRealtime(client: Pick<SupabaseClient, 'auth' | 'realtime'>) {
  return client.auth.onAuthStateChange((event, session) => {
    if (!session) return
    if (
      event === 'MFA_CHALLENGE_VERIFIED' ||
      event === 'TOKEN_REFRESHED' ||
      event === 'SIGNED_IN'
    ) {
      // Not awaited: an auth listener must not hold up the auth call that fired it.
      void client.realtime.setAuth(session.access_token)
    }
  })
}
