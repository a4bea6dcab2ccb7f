import { randomUUID } from 'node:crypto'
import type { LocalDb } from '../db'
import type { JwtClaims } from '../jwt'
import { AuthError, errors } from './errors'
import type { AuthSettings } from './settings'
import { matchTotp, newTotpSecret, otpauthUri, qrCodeSvg } from './totp'
import { isUuid, newRefreshToken, type Queryable, type UserRow } from './users'
import { FACTOR_SELECT, factorJson, removeFactor, userFactors, type FactorRow } from './mfa-factors'

/**
 * GoTrue's multi-factor endpoints for TOTP: enrol (`POST /factors`), challenge, verify (the session
 * becomes aal2 with `totp` in its amr), unenrol, and the admin's factor list and removal. Answers and
 * errors follow GoTrue's `internal/api/mfa.go`: a challenge is verified once and only from the address
 * that asked for it; any code of the drift window passes, as often as it is sent with a new challenge.
 * How factors are stored is in `mfa-factors.ts`.
 */

/** GoTrue's defaults: challenges live 300 s, unverified factors 300 s, at most 10 factors. */
export const CHALLENGE_EXPIRY_SECONDS = 300
const FACTOR_EXPIRY_SECONDS = 300
const MAX_FACTORS = 10
/** Challenges and verifications per address per minute (GoTrue's `RATE_LIMIT_CHALLENGE_AND_VERIFY`). */
const RATE_PER_MINUTE = 15
const RATE_BURST = 30
/** Wrong codes for one factor before it is locked for `LOCK_MS`. */
export const MAX_WRONG_TOTP_CODES = 5
const LOCK_MS = 5 * 60 * 1000

export interface MfaDeps {
  db: LocalDb
  now: () => number
  settings: () => AuthSettings
  readBody(req: Request): Promise<Record<string, unknown>>
  requireUser(req: Request): Promise<{ claims: JwtClaims; user: UserRow; sessionId?: string }>
  requireAdmin(req: Request): Promise<JwtClaims>
  issueSession(
    q: Queryable,
    userId: string,
    sessionId: string,
    refreshToken: string,
  ): Promise<Record<string, unknown>>
}

/** GoTrue's answer for a challenge already verified or asked from another address. */
const challengeSpent = () =>
  new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')

const str = (value: unknown) => (typeof value === 'string' ? value : undefined)

export function createMfaEndpoints(deps: MfaDeps) {
  const { db, now } = deps
  const iso = () => new Date(now()).toISOString()
  const buckets = new Map<string, { tokens: number; at: number }>()
  const wrong = new Map<string, { count: number; first: number }>()

  /** GoTrue's per-address token bucket for `/challenge` and `/verify`. */
  function takeRequest(kind: 'challenge' | 'verify', ip: string) {
    if (buckets.size > 10_000) buckets.clear()
    const key = `${kind}|${ip}`
    const bucket = buckets.get(key) ?? { tokens: RATE_BURST, at: now() }
    const refilled = Math.min(
      RATE_BURST,
      bucket.tokens + ((now() - bucket.at) / 60_000) * RATE_PER_MINUTE,
    )
    if (refilled < 1) {
      buckets.set(key, { tokens: refilled, at: now() })
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
    }
    buckets.set(key, { tokens: refilled - 1, at: now() })
  }

  function assertNotLocked(factorId: string) {
    const entry = wrong.get(factorId)
    if (!entry) return
    const wait = entry.first + LOCK_MS - now()
    if (wait <= 0) {
      wrong.delete(factorId)
      return
    }
    if (entry.count >= MAX_WRONG_TOTP_CODES) {
      const minutes = Math.ceil(wait / 60_000)
      throw new AuthError(
        429,
        'over_request_rate_limit',
        `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        {},
        { 'retry-after': String(Math.ceil(wait / 1000)) },
      )
    }
  }

  function recordWrong(factorId: string) {
    if (wrong.size > 10_000) wrong.clear()
    const entry = wrong.get(factorId) ?? { count: 0, first: now() }
    entry.count += 1
    wrong.set(factorId, entry)
  }

  async function sessionAal(sessionId: string | undefined) {
    if (!sessionId) return null
    const res = await db.pg.query<{ aal: string | null }>(
      'select aal::text as aal from auth.sessions where id = $1',
      [sessionId],
    )
    return res.rows[0] ? (res.rows[0].aal ?? 'aal1') : null
  }

  async function loadFactor(userId: string, rawId: string): Promise<FactorRow> {
    if (!isUuid(rawId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID')
    const res = await db.pg.query<FactorRow>(`${FACTOR_SELECT} where id = $1 and user_id = $2`, [
      rawId,
      userId,
    ])
    const factor = res.rows[0]
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
    return factor
  }

  async function enroll(req: Request): Promise<Response> {
    const { user, sessionId } = await deps.requireUser(req)
    const aal = await sessionAal(sessionId)
    if (!aal) {
      throw errors.unexpected(
        'A valid session and a registered user are required to enroll a factor',
      )
    }
    const body = await deps.readBody(req)
    const factorType = str(body.factor_type)
    if (factorType === 'phone') {
      throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
    }
    if (factorType === 'webauthn') {
      throw new AuthError(
        422,
        'mfa_webauthn_enroll_not_enabled',
        'MFA enroll is disabled for WebAuthn',
      )
    }
    if (factorType !== 'totp') {
      throw errors.validation('factor_type needs to be totp, phone, or webauthn')
    }
    const friendlyName = str(body.friendly_name) ?? ''
    const issuer = str(body.issuer) || new URL(deps.settings().siteUrl).host
    await db.pg.query(
      `delete from auth.mfa_factors where status = 'unverified'
          and created_at < $1::timestamptz - make_interval(secs => $2)`,
      [iso(), FACTOR_EXPIRY_SECONDS],
    )
    const factors = await userFactors(db.pg, user.id)
    if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      )
    }
    const verified = factors.filter((f) => f.status === 'verified').length
    if (factors.length >= MAX_FACTORS || verified >= MAX_FACTORS) {
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      )
    }
    if (verified > 0 && aal !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
    }
    const secret = newTotpSecret()
    const uri = otpauthUri(secret, issuer, user.email)
    const id = randomUUID()
    await db.pg.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
                                     updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', $4::timestamptz, $4::timestamptz, $5)`,
      [id, user.id, friendlyName, iso(), secret],
    )
    return Response.json({
      id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: qrCodeSvg(uri), secret, uri },
    })
  }

  async function challenge(req: Request, factorId: string, ip: string): Promise<Response> {
    const { user } = await deps.requireUser(req)
    const factor = await loadFactor(user.id, factorId)
    takeRequest('challenge', ip)
    await deps.readBody(req)
    const id = randomUUID()
    const at = iso()
    await db.pg.transaction(async (tx) => {
      await tx.query(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
         values ($1, $2, $3::timestamptz, $4::inet)`,
        [id, factor.id, at, ip || '127.0.0.1'],
      )
      await tx.query(
        'update auth.mfa_factors set last_challenged_at = $2::timestamptz where id = $1',
        [factor.id, at],
      )
    })
    return Response.json({
      id,
      type: factor.factor_type,
      expires_at: Math.floor(now() / 1000) + CHALLENGE_EXPIRY_SECONDS,
    })
  }

  async function verify(req: Request, factorId: string, ip: string): Promise<Response> {
    const { user, sessionId } = await deps.requireUser(req)
    const factor = await loadFactor(user.id, factorId)
    takeRequest('verify', ip)
    const body = await deps.readBody(req)
    const code = str(body.code) ?? ''
    if (!code) throw errors.validation('Code needs to be non-empty')
    const challengeId = str(body.challenge_id) ?? ''
    if (!isUuid(challengeId)) {
      throw errors.badJson(`invalid UUID ${JSON.stringify(challengeId)}`)
    }
    if (!sessionId) throw errors.unexpected('A valid session is required to verify a factor')
    const found = await db.pg.query<{
      verified_at: string | null
      ip: string
      age: number
    }>(
      `select verified_at::text, host(ip_address) as ip,
              extract(epoch from ($3::timestamptz - created_at))::float8 as age
         from auth.mfa_challenges where id = $1 and factor_id = $2`,
      [challengeId, factor.id, iso()],
    )
    const row = found.rows[0]
    if (!row) {
      throw new AuthError(
        422,
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found',
      )
    }
    if (row.verified_at || row.ip !== (ip || '127.0.0.1')) throw challengeSpent()
    if (row.age > CHALLENGE_EXPIRY_SECONDS) {
      await db.pg.query('delete from auth.mfa_challenges where id = $1', [challengeId])
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
      )
    }
    assertNotLocked(factor.id)
    // As GoTrue: any code of the drift window passes, however often; the challenge is what is spent.
    if (!factor.secret || matchTotp(factor.secret, code, now()) === null) {
      recordWrong(factor.id)
      throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
    }
    wrong.delete(factor.id)
    const session = await db.pg.transaction(async (tx) => {
      const at = iso()
      // Taken only while still unverified: two requests racing with one challenge cannot both pass.
      const claimed = await tx.query(
        `update auth.mfa_challenges set verified_at = $2::timestamptz
          where id = $1 and verified_at is null`,
        [challengeId, at],
      )
      if (!claimed.affectedRows) return null
      if (factor.status !== 'verified') {
        await tx.query(
          `update auth.mfa_factors set status = 'verified', updated_at = $2::timestamptz
            where id = $1`,
          [factor.id, at],
        )
      }
      await tx.query(
        `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3::timestamptz
          where id = $1`,
        [sessionId, factor.id, at],
      )
      await tx.query(
        `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
         values ($1, $2, $3::timestamptz, $3::timestamptz, 'totp')
         on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
        [randomUUID(), sessionId, at],
      )
      await tx.query(
        `update auth.refresh_tokens set revoked = true, updated_at = $2::timestamptz
          where session_id = $1 and revoked = false`,
        [sessionId, at],
      )
      const refreshToken = newRefreshToken()
      await tx.query(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,
                                          parent, session_id)
         values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3::timestamptz,
                 $3::timestamptz, null, $4)`,
        [refreshToken, user.id, at, sessionId],
      )
      // As GoTrue: the user's sessions below aal2 end, and other unverified TOTP factors go.
      await tx.query(
        `delete from auth.sessions where user_id = $1 and id <> $2
            and coalesce(aal, 'aal1') < 'aal2'`,
        [user.id, sessionId],
      )
      await tx.query(
        `delete from auth.mfa_factors where user_id = $1 and id <> $2 and status = 'unverified'
            and factor_type = 'totp'`,
        [user.id, factor.id],
      )
      return deps.issueSession(tx, user.id, sessionId, refreshToken)
    })
    if (!session) throw challengeSpent()
    return Response.json(session)
  }

  async function unenroll(req: Request, factorId: string): Promise<Response> {
    const { user, sessionId } = await deps.requireUser(req)
    const factor = await loadFactor(user.id, factorId)
    const aal = await sessionAal(sessionId)
    if (!aal) {
      throw errors.unexpected('A valid session and factor are required to unenroll a factor')
    }
    if (factor.status === 'verified' && aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
    }
    await db.pg.transaction((tx) => removeFactor(tx, factor.id))
    return Response.json({ id: factor.id })
  }

  /** `/admin/users/{user_id}/factors[/{factor_id}]` for the service role. */
  async function admin(req: Request, userId: string, factorId: string | undefined) {
    await deps.requireAdmin(req)
    const found = isUuid(userId)
      ? await db.pg.query('select 1 from auth.users where id = $1', [userId])
      : { rows: [] }
    if (found.rows.length === 0) throw new AuthError(404, 'user_not_found', 'User not found')
    if (!factorId) {
      if (req.method !== 'GET') throw errors.methodNotAllowed()
      return Response.json((await userFactors(db.pg, userId)).map(factorJson))
    }
    const factor = await loadFactor(userId, factorId)
    if (req.method === 'DELETE') {
      await db.pg.transaction((tx) => removeFactor(tx, factor.id))
      return Response.json(factorJson(factor))
    }
    if (req.method === 'PUT') {
      const body = await deps.readBody(req)
      // As GoTrue: an empty name leaves the factor's name as it was.
      const name = str(body.friendly_name)
      if (name) {
        await db.pg.query(
          'update auth.mfa_factors set friendly_name = $2, updated_at = $3::timestamptz where id = $1',
          [factor.id, name, iso()],
        )
      }
      return Response.json(factorJson(await loadFactor(userId, factorId)))
    }
    throw errors.methodNotAllowed()
  }

  return {
    /** Routes `/factors…` and `/admin/users/{id}/factors…`; `null` for other paths. */
    async route(req: Request, path: string, ip: string): Promise<Response | null> {
      const adminMatch = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/.exec(path)
      if (adminMatch) return admin(req, adminMatch[1]!, adminMatch[2])
      if (path !== '/factors' && !path.startsWith('/factors/')) return null
      const method = req.method
      if (path === '/factors') {
        if (method === 'POST') return enroll(req)
        await deps.requireUser(req)
        throw errors.notFound()
      }
      const match = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(path)
      if (!match) {
        await deps.requireUser(req)
        throw errors.notFound()
      }
      const [, id, action] = match
      if (action === 'challenge' && method === 'POST') return challenge(req, id!, ip)
      if (action === 'verify' && method === 'POST') return verify(req, id!, ip)
      if (!action && method === 'DELETE') return unenroll(req, id!)
      await deps.requireUser(req)
      throw errors.methodNotAllowed()
    },
  }
}
