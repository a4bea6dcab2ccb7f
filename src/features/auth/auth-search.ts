import { safeRedirect } from './safe-redirect'

export const authModes = ['signin', 'signup', 'forgot', 'reset'] as const
export type AuthMode = (typeof authModes)[number]

export interface AuthSearch {
  /** Which form /auth shows; sign-in when absent. `reset` is where password-reset links land. */
  mode?: AuthMode
  /** Where to go after signing in: a same-site path only (see safeRedirect). */
  redirect?: string
}

/** Validates /auth's query string: unknown modes are dropped, redirects made safe. */
export function parseAuthSearch(search: Record<string, unknown>): AuthSearch {
  const mode = authModes.find((m) => m === search.mode)
  const result: AuthSearch = {}
  if (mode && mode !== 'signin') result.mode = mode
  if (search.redirect !== undefined) result.redirect = safeRedirect(search.redirect)
  return result
}
