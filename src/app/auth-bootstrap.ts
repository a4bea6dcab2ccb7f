import { startAuth } from '@/features/auth/auth-slice'
import { hasStoredSession, isAuthCallbackUrl } from '@/features/auth/stored-session'
import { onPageLoad } from '@/lib/on-page-load'
import { whenIdle } from '@/lib/when-idle'
import type { AppStore } from './store'

/** Pages that need the session at once rather than when the browser is idle. */
const AUTH_PAGES = ['/auth', '/account', '/checkout']

/**
 * Starts the auth listener without delaying the first paint. It starts at once when the header will
 * soon need it (a saved session: show "My account" and maybe the admin shortcut), when the URL carries
 * an email link's session, or on the auth pages; otherwise after load, when the browser is idle.
 */
export function startAuthWhenUseful(store: AppStore): void {
  const start = () => store.dispatch(startAuth())
  const urgent =
    hasStoredSession() || isAuthCallbackUrl(location) || AUTH_PAGES.includes(location.pathname)
  if (urgent) {
    start()
    return
  }
  onPageLoad(() => whenIdle(start, 5000))
}
