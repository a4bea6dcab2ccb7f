import type { AuthUser } from './auth-slice'

const SESSION_KEY = /^sb-.+-auth-token$/

function storedSessionKey(): string | null {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key && SESSION_KEY.test(key)) return key
    }
  } catch {
    // Storage blocked (some private modes): no saved session can exist either.
  }
  return null
}

/**
 * Whether supabase-js has a session saved on this device (its key is `sb-<project>-auth-token`). Read
 * without loading supabase-js, to decide how soon the header needs the auth state.
 */
export function hasStoredSession(): boolean {
  return storedSessionKey() !== null
}

/**
 * The user of the saved session, for when supabase-js cannot renew an expired token because the
 * device is offline: it then reports no session but keeps the saved one (a refused token is removed).
 * The shopper stays signed in on screen; nothing is sent until a fresh token is obtained.
 */
export function readStoredUser(): AuthUser | null {
  const key = storedSessionKey()
  if (!key) return null
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null')
    const user = (parsed as { user?: unknown } | null)?.user as
      { id?: unknown; email?: unknown; user_metadata?: { full_name?: unknown } } | undefined
    if (!user || typeof user.id !== 'string') return null
    const name = user.user_metadata?.full_name
    return {
      id: user.id,
      email: typeof user.email === 'string' ? user.email : '',
      fullName: typeof name === 'string' ? name.trim() : '',
    }
  } catch {
    return null
  }
}

/** The URL is an email link's landing (a session or an error in the fragment, or a PKCE code). */
export function isAuthCallbackUrl(location: Pick<Location, 'hash' | 'search'>): boolean {
  return (
    /[#&](access_token|error_description|error_code)=/.test(location.hash) ||
    /[?&]code=/.test(location.search)
  )
}
