/**
 * Only public answers may be cached: a request is public when it carries no user's access token, that is
 * no Authorization header, or the project's own API key as bearer, or a JWT whose role is `anon`. A
 * signed-in shopper's token (role `authenticated`) or a service key never lets a response into a cache.
 */
function jwtRole(token: string): string | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/')) as string
    const claims = JSON.parse(json) as { role?: unknown }
    return typeof claims.role === 'string' ? claims.role : undefined
  } catch {
    return undefined
  }
}

export function isAnonymousRequest(request: Request): boolean {
  const authorization = request.headers.get('authorization')
  if (!authorization) return true
  const token = authorization.replace(/^Bearer\s+/i, '')
  if (token === request.headers.get('apikey')) return true
  return jwtRole(token) === 'anon'
}
