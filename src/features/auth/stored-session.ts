/**
 * Whether supabase-js has a session saved on this device (its key is `sb-<project>-auth-token`). Read
 * without loading supabase-js, to decide how soon the header needs the auth state.
 */
export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key && /^sb-.+-auth-token$/.test(key)) return true
    }
  } catch {
    // Storage blocked (some private modes): no saved session can exist either.
  }
  return false
}

/** The URL is an email link's landing (a session or an error in the fragment, or a PKCE code). */
export function isAuthCallbackUrl(location: Pick<Location, 'hash' | 'search'>): boolean {
  return (
    /[#&](access_token|error_description|error_code)=/.test(location.hash) ||
    /[?&]code=/.test(location.search)
  )
}
