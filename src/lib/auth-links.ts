/**
 * What an email link leaves in the address. The app's own links are PKCE links (`?code=`), which
 * supabase-js trades for a session itself when this browser holds the code's verifier. An invitation is
 * sent by someone else, so it cannot be a PKCE link: it still brings its session in the fragment, and
 * that is taken here, before the client starts, and removed from the address at once.
 */
export interface FragmentSession {
  access_token: string
  refresh_token: string
}

/** Takes a session out of the fragment (and the fragment out of the address and history). */
export function takeFragmentSession(): FragmentSession | null {
  if (typeof location === 'undefined' || !location.hash) return null
  const params = new URLSearchParams(location.hash.slice(1))
  const access_token = params.get('access_token')
  const refresh_token = params.get('refresh_token')
  if (!access_token || !refresh_token) return null
  history.replaceState(history.state, '', `${location.pathname}${location.search}`)
  return { access_token, refresh_token }
}

/**
 * Removes what an email link put in the query and returns it: a code (supabase-js removes a code it
 * used, so one left was not used), an error, or a note such as "now open the other link" (which the auth
 * server marks with `sb` in the fragment).
 */
export function takeLinkQuery(): Record<string, string> {
  if (typeof location === 'undefined' || !location.search) return {}
  const url = new URL(location.href)
  const fromAuth = new URLSearchParams(url.hash.slice(1)).has('sb')
  const names = [
    'code',
    ...(url.searchParams.has('error_code') ? ['error', 'error_code', 'error_description'] : []),
  ]
  if (fromAuth) names.push('message')
  const found: Record<string, string> = {}
  for (const name of names) {
    const value = url.searchParams.get(name)
    if (value === null) continue
    found[name] = value
    url.searchParams.delete(name)
  }
  if (Object.keys(found).length === 0) return found
  if (fromAuth) url.hash = ''
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`)
  return found
}
