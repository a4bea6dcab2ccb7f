/**
 * Init scripts for a browser context (`context.addInitScript(...)`) that take a first visit's
 * interruptions out of a test's way: the start-up splash, and the email popup (as if seen already).
 */
export const skipSplash = () => {
  window.luxeSkipSplash = true
}
export const seenPopup = () =>
  window.localStorage.setItem('email_popup_seen', '2026-01-01T00:00:00.000Z')
