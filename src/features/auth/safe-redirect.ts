/**
 * Where to send a shopper after signing in, from an untrusted `?redirect=` value: only a path on this
 * site. Anything else (another origin, `//host`, `/\host`, `javascript:`, control characters) gives
 * `fallback`, so a crafted link can never bounce a fresh session to another site.
 */
export function safeRedirect(raw: unknown, fallback = '/'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return fallback
  // Browsers drop tabs and newlines inside URLs and treat backslashes as slashes: refuse them outright.
  const hasControl = [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControl) {
    return fallback
  }
  const base = 'https://same-site.invalid'
  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    return fallback
  }
  if (url.origin !== base) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  // Never back to the sign-in page itself: that would loop.
  return url.pathname === '/auth' ? fallback : path
}
