/**
 * Authentication: the role and claims a request runs under, from its Bearer token (a JWT, or an opaque
 * API key). No token is the anon role. A bad or expired token is refused before anything else is read.
 */
import type { ApiRole } from '../db'
import { ApiError } from './errors'

export interface Auth {
  role: string
  claims: Record<string, unknown>
}

export interface AuthConfig {
  /**
   * Verifies an HS256 JWT; throws on a bad signature or expiry. An error with `reason: 'expired'`
   * (jwt.ts) or jose's `ERR_JWT_EXPIRED` becomes PGRST303. Called with PostgREST's 30 s leeway.
   */
  verifyJwt: (
    token: string,
    options?: { leewaySeconds?: number },
  ) => Promise<Record<string, unknown>>
  /** Opaque API keys (`sb_publishable_…` → anon, `sb_secret_…` → service_role) accepted as Bearer. */
  opaqueKeys?: Record<string, ApiRole>
}

export async function authenticate(
  headers: Pick<Headers, 'get'>,
  config: AuthConfig,
): Promise<Auth> {
  const header = headers.get('authorization')
  const m = header ? /^bearer\s+(.*)$/i.exec(header.trim()) : null
  if (!m) return { role: 'anon', claims: {} }
  const token = m[1]!.trim()
  const opaque = config.opaqueKeys?.[token]
  if (opaque) return { role: opaque, claims: { role: opaque } }
  const parts = token.split('.').length
  if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`)
  let claims: Record<string, unknown>
  try {
    claims = await config.verifyJwt(token, { leewaySeconds: 30 })
  } catch (error) {
    const e = error as { code?: string; reason?: string }
    if (e?.reason === 'expired' || e?.code === 'ERR_JWT_EXPIRED') {
      throw jwtError('PGRST303', 'JWT expired')
    }
    throw jwtError('PGRST301', 'JWT cryptographic operation failed')
  }
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon'
  return { role, claims }
}

function jwtError(code: string, message: string) {
  return new ApiError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  })
}
