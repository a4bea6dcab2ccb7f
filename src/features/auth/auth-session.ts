import type { Dispatch } from '@reduxjs/toolkit'
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js'
import { notify } from '@/components/toaster'
import { takeLinkQuery } from '@/lib/auth-links'
import { fragmentSessionProblem, type AppSupabaseClient } from '@/lib/supabase'
import { fetchStaffRole } from './api/staff-role'
import { readStoredUser } from './stored-session'
import {
  linkErrorFound,
  passwordRecoveryStarted,
  rolesLoaded,
  sessionChanged,
  type AuthUser,
} from './auth-slice'

/** The parts of a supabase-js user the screens show. */
export function toAuthUser(user: User): AuthUser {
  const name: unknown = user.user_metadata?.full_name
  return {
    id: user.id,
    email: user.email ?? '',
    fullName: typeof name === 'string' ? name.trim() : '',
  }
}

/** The session's assurance level, as its access token states it. */
function sessionAal(session: Session): string | null {
  try {
    const payload = session.access_token.split('.')[1] ?? ''
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const aal: unknown = (JSON.parse(json) as { aal?: unknown }).aal
    return typeof aal === 'string' ? aal : null
  } catch {
    return null
  }
}

/** Signed in with a password only while the account has a verified authenticator. */
export function awaitsSecondStep(session: Session): boolean {
  const verified = session.user.factors?.some((f) => f.status === 'verified') ?? false
  return verified && sessionAal(session) !== 'aal2'
}

const isBrowser = typeof localStorage !== 'undefined'
const STAND_IN_AFTER_MS = 3000

/** Errors from an email link that carried an error instead of a session (expired, already used). */
const LINK_ERRORS = new Set(['AuthImplicitGrantRedirectError', 'AuthPKCEGrantCodeExchangeError'])

export const USED_LINK = 'This email link has expired or was already used'
export const OTHER_BROWSER =
  'This email link can sign you in only in the browser where it was asked for'

/**
 * What to tell the shopper about the email link they arrived with, if it did not sign them in: its own
 * error, a code that could not be traded (used, expired), or a code opened in another browser (which
 * holds no verifier for it).
 */
export function linkProblem(
  error: { name: string; message: string } | null,
  query: Record<string, string>,
  fragmentProblem: string | null,
): string | null {
  if (error && LINK_ERRORS.has(error.name)) return error.message
  if (query.error_description) return query.error_description
  if (query.code) return error ? USED_LINK : OTHER_BROWSER
  if (fragmentProblem) return USED_LINK
  return null
}

/**
 * Mirrors the auth client's session into the store: every session event updates the user, sign-out
 * clears it, and each event that carries a user looks its staff role up again (so a demoted admin
 * loses the shortcut at the latest when the token is next refreshed). Returns the unsubscribe.
 */
export function connectAuth(client: AppSupabaseClient, dispatch: Dispatch): () => void {
  const inFlight = new Map<string, Promise<void>>()

  const lookUpRoles = (userId: string) => {
    if (inFlight.has(userId)) return
    const lookup = fetchStaffRole(client, userId)
      .then((role) => {
        dispatch(rolesLoaded({ userId, roles: role ? [role] : [] }))
      })
      // Offline or a server error: keep what we knew rather than flicker the shortcut.
      .catch(() => undefined)
      .finally(() => inFlight.delete(userId))
    inFlight.set(userId, lookup)
  }

  let settled = false
  // Renewing an expired token retries with backoff for up to about 30 s when the server cannot be
  // reached, and the first event waits for it. Meanwhile the saved session's user stands in (at once
  // when the browser knows it is offline), so the account page is not stuck loading.
  const standIn = isBrowser
    ? setTimeout(
        () => {
          const saved = settled ? null : readStoredUser()
          if (saved) dispatch(sessionChanged(saved))
        },
        navigator.onLine ? STAND_IN_AFTER_MS : 0,
      )
    : undefined

  const onEvent = (event: AuthChangeEvent, session: Session | null) => {
    settled = true
    clearTimeout(standIn)
    if (event === 'SIGNED_OUT' || !session?.user) {
      // Offline with an expired token, the client reports no session yet keeps the saved one.
      const offlineUser = event === 'INITIAL_SESSION' && isBrowser ? readStoredUser() : null
      dispatch(sessionChanged(offlineUser))
      return
    }
    // A password alone does not sign in an account with an authenticator: its data opens at aal2.
    if (awaitsSecondStep(session)) {
      dispatch(sessionChanged(null))
      return
    }
    dispatch(sessionChanged(toAuthUser(session.user)))
    if (event === 'PASSWORD_RECOVERY') dispatch(passwordRecoveryStarted())
    const userId = session.user.id
    // Other auth calls must not run inside the callback (the client holds its lock there).
    setTimeout(() => lookUpRoles(userId), 0)
  }

  const { data } = client.auth.onAuthStateChange(onEvent)

  // A confirmation or reset link that failed lands with its reason in the URL; say it on the page,
  // and take the link's code or error out of the address.
  void client.auth.initialize().then(({ error }) => {
    const query = takeLinkQuery()
    const problem = linkProblem(error, query, fragmentSessionProblem())
    if (problem) dispatch(linkErrorFound(problem))
    else if (query.message) notify({ title: 'Email link accepted', description: query.message })
  })

  return () => {
    clearTimeout(standIn)
    data.subscription.unsubscribe()
  }
}
