import { errors, jwtVerify, SignJWT } from 'jose'
import { loadKeys } from './keys'

/** Decoded JWT payload. Only the claims the server reads are typed. */
export interface JwtClaims {
  [claim: string]: unknown
  role?: string
  sub?: string
  exp?: number
  iat?: number
  session_id?: string
}

export type JwtFailure = 'malformed' | 'invalid_signature' | 'expired' | 'invalid_claims'

/**
 * A rejected token. `reason` lets each service answer in its own dialect: GoTrue says 403 `bad_jwt`,
 * PostgREST 401 `PGRST301` (or `PGRST303` when expired), the functions relay 401 `Invalid JWT`.
 */
export class JwtError extends Error {
  constructor(
    readonly reason: JwtFailure,
    message: string,
  ) {
    super(message)
    this.name = 'JwtError'
  }
}

export interface VerifyOptions {
  /** Seconds of clock skew tolerated on `exp`/`nbf`. GoTrue uses none, PostgREST 30. */
  leewaySeconds?: number
}

export type VerifyJwt = (token: string, options?: VerifyOptions) => Promise<JwtClaims>

export interface JwtTools {
  sign(payload: JwtClaims): Promise<string>
  verify: VerifyJwt
}

/**
 * HS256 only: `alg: none`, other algorithms, a wrong signature, an edited payload, an expired `exp` and
 * anything that is not three base64url parts are all rejected. `now` is injectable so tests can move time.
 */
export function createJwtTools(secret: string, now: () => number = Date.now): JwtTools {
  const key = new TextEncoder().encode(secret)
  // Checking an HS256 signature through WebCrypto costs 0.1-0.25 ms of CPU, and every API request
  // carries a token (most often the same anon key). A token that passed once is remembered; only its
  // time claims are checked again, against this clock, exactly as jose checks them.
  const verified = new Map<string, JwtClaims>()
  const checkTimes = (claims: JwtClaims, tolerance: number) => {
    const seconds = Math.floor(now() / 1000)
    if (typeof claims.nbf === 'number' && claims.nbf > seconds + tolerance) {
      throw new JwtError('invalid_claims', '"nbf" claim timestamp check failed')
    }
    if (typeof claims.exp === 'number' && claims.exp <= seconds - tolerance) {
      throw new JwtError('expired', 'token has expired')
    }
  }

  return {
    async sign(payload) {
      return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key)
    },
    async verify(token, options = {}) {
      const parts = token.split('.')
      if (parts.length !== 3) {
        throw new JwtError('malformed', `Expected 3 parts in JWT; got ${parts.length}`)
      }
      const known = verified.get(token)
      if (known) {
        checkTimes(known, options.leewaySeconds ?? 0)
        return structuredClone(known)
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          clockTolerance: options.leewaySeconds ?? 0,
          currentDate: new Date(now()),
        })
        if (verified.size >= 1000) verified.clear()
        verified.set(token, structuredClone(payload) as JwtClaims)
        return payload as JwtClaims
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'token has expired')
        if (error instanceof errors.JWTClaimValidationFailed) {
          throw new JwtError('invalid_claims', error.message)
        }
        if (error instanceof errors.JWSSignatureVerificationFailed) {
          throw new JwtError('invalid_signature', 'signature is invalid')
        }
        throw new JwtError('malformed', 'token is malformed')
      }
    },
  }
}

const defaultTools = createJwtTools(loadKeys().jwtSecret)

/**
 * Verifies with the secret from the environment (or the demo secret). The server passes its own bound
 * verifier to the REST handler; this one is for code that runs outside a server instance.
 */
export const verifyJwt: VerifyJwt = (token, options) => defaultTools.verify(token, options)
