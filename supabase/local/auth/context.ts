import { createHash, randomInt } from 'node:crypto'
import type { LocalDb } from '../db'
import type { DevInbox, EmailKind } from '../dev-inbox'
import { JwtError, type JwtClaims, type JwtTools } from '../jwt'
import { createCodeAttempts } from './code-attempts'
import { errors } from './errors'
import { sessionAssurance } from './mfa-factors'
import type { PasswordHasher } from './passwords'
import { createPkceFlows } from './pkce'
import { createSignInLimiter } from './rate-limit'
import { REAUTHENTICATION_SUBJECT, createReauthentication } from './reauthentication'
import { createRequestLimiter } from './request-limits'
import type { AuthSettings } from './settings'
import {
  createSession,
  deleteOneTimeToken,
  findUserById,
  isUuid,
  type Queryable,
  type UserRow,
  userJson,
} from './users'

export interface AuthServiceOptions {
  db: LocalDb
  jwt: JwtTools
  inbox: DevInbox
  hasher: PasswordHasher
  /** Read on every request, so tests and the server may change them at run time. */
  settings: AuthSettings
  now: () => number
}

export interface ClientInfo {
  ip: string
  userAgent: string | null
}

export interface CreateUserInput {
  email: string
  password?: string
  confirmed: boolean
  userMetadata?: Record<string, unknown>
  appMetadata?: Record<string, unknown>
}

export type Body = Record<string, unknown>

export const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
export const ADMIN_ROLES = new Set(['service_role', 'supabase_admin'])
export const VERIFY_TYPES = new Set([
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
])

export const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
export const obj = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

/** `hex(sha224(email + otp))`: what GoTrue stores and puts in email links. */
export const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex')

export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/**
 * What every endpoint shares: the settings (read on each request), the database and users store, the
 * mailer (dev inbox), the limits, and the helpers GoTrue's API package keeps on its API value.
 */
export function createAuthContext(options: AuthServiceOptions) {
  const { db, jwt, inbox, hasher, now } = options
  const settings = () => options.settings
  const limiter = createSignInLimiter(() => settings().signInRateLimit, now)
  const requestLimiter = createRequestLimiter(() => settings().requestRateLimits, now)
  const codeAttempts = createCodeAttempts(now, () => settings().otpExpiry * 1000)
  const iso = () => new Date(now()).toISOString()
  const pkceFlows = createPkceFlows({ now, expirySeconds: () => settings().flowStateExpiry })

  // ---------------------------------------------------------------------------------------------
  // Helpers

  function validateEmail(raw: unknown): string {
    const email = str(raw)?.trim().toLowerCase() ?? ''
    if (!email || email.length > 255 || !EMAIL_RE.test(email)) throw errors.invalidEmail()
    return email
  }

  function checkPassword(password: string) {
    if (Buffer.byteLength(password) > 72) throw errors.passwordTooLong()
    const min = settings().minPasswordLength
    if ([...password].length < min) throw errors.weakPassword(min)
  }

  function redirectTarget(raw: string | null | undefined): string {
    const { siteUrl, externalUrl, redirectAllowList } = settings()
    if (!raw) return siteUrl
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return siteUrl
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    const sameOrigin = [siteUrl, externalUrl].some((u) => new URL(u).origin === url.origin)
    const listed = redirectAllowList.some((pattern) =>
      new RegExp(
        `^${pattern
          .split('*')
          .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ).test(raw),
    )
    return loopback || sameOrigin || listed ? raw : siteUrl
  }

  function emailLink(tokenHashValue: string, type: EmailKind, redirectTo: string) {
    const base = `${settings().externalUrl}/auth/v1/verify`
    const query = new URLSearchParams({ token: tokenHashValue, type, redirect_to: redirectTo })
    return `${base}?${query}`
  }

  const SUBJECTS: Record<EmailKind, string> = {
    signup: 'Confirm Your Signup',
    recovery: 'Reset Your Password',
    magiclink: 'Your Magic Link',
    email_change: 'Confirm Email Change',
    invite: 'You have been invited',
    reauthentication: REAUTHENTICATION_SUBJECT,
  }

  function sendEmail(kind: EmailKind, to: string, otp: string, hash: string, redirectTo: string) {
    inbox.send({
      to,
      subject: SUBJECTS[kind],
      kind,
      link: emailLink(hash, kind, redirectTo),
      otp,
      tokenHash: hash,
    })
  }

  function assertEmailFrequency(sentAt: string | null) {
    if (!sentAt) return
    const wait = settings().emailMaxFrequency * 1000 - (now() - Date.parse(sentAt))
    if (wait > 0) throw errors.emailRateLimit(Math.ceil(wait / 1000))
  }

  async function issueSession(
    q: Queryable,
    userId: string,
    sessionId: string,
    refreshToken: string,
  ): Promise<Record<string, unknown>> {
    const user = await findUserById(q, userId)
    if (!user) throw errors.unexpected('user vanished while signing in')
    const { aal, amr } = await sessionAssurance(q, sessionId)
    const iat = Math.floor(now() / 1000)
    const exp = iat + settings().jwtExpiry
    const claims: JwtClaims = {
      aud: user.aud,
      exp,
      iat,
      iss: `${settings().externalUrl}/auth/v1`,
      sub: user.id,
      email: user.email,
      phone: user.phone,
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role,
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    }
    return {
      access_token: await jwt.sign(claims),
      token_type: 'bearer',
      expires_in: settings().jwtExpiry,
      expires_at: exp,
      refresh_token: refreshToken,
      user: userJson(user),
    }
  }

  async function signInSession(userId: string, amr: string, client: ClientInfo) {
    return db.pg.transaction(async (tx) => {
      const tokens = await createSession(tx, userId, {
        now: iso(),
        amr,
        userAgent: client.userAgent,
        ip: client.ip || null,
      })
      return issueSession(tx, userId, tokens.sessionId, tokens.refreshToken)
    })
  }

  const isBanned = (user: UserRow) => !!user.banned_until && Date.parse(user.banned_until) > now()

  function bearer(req: Request): string {
    const header = req.headers.get('authorization') ?? ''
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (!match?.[1]) throw errors.noAuthorization()
    return match[1]
  }

  async function verifyBearer(req: Request): Promise<JwtClaims> {
    try {
      return await jwt.verify(bearer(req))
    } catch (error) {
      if (error instanceof JwtError) {
        const reasons: Record<JwtError['reason'], string> = {
          expired: 'token has invalid claims: token is expired',
          invalid_signature: 'token signature is invalid: signature is invalid',
          malformed: 'token is malformed: could not parse the token',
          invalid_claims: `token has invalid claims: ${error.message}`,
        }
        throw errors.badJwt(reasons[error.reason])
      }
      throw error
    }
  }

  /** GoTrue's `requireAuthentication`: Bearer → signature and expiry → user → session. */
  async function requireUser(req: Request) {
    const claims = await verifyBearer(req)
    if (!claims.sub) throw errors.missingSub()
    if (!isUuid(claims.sub)) throw errors.badJwt('invalid claim: sub claim must be a UUID')
    const user = await findUserById(db.pg, claims.sub)
    if (!user) throw errors.userNotFoundFromJwt()
    const sessionId = str(claims.session_id)
    if (sessionId && sessionId !== '00000000-0000-0000-0000-000000000000') {
      const found = isUuid(sessionId)
        ? await db.pg.query('select 1 from auth.sessions where id = $1', [sessionId])
        : { rows: [] }
      if (found.rows.length === 0) throw errors.sessionNotFoundFromJwt()
    }
    return { claims, user, sessionId }
  }

  async function requireAdmin(req: Request) {
    const claims = await verifyBearer(req)
    if (!ADMIN_ROLES.has(String(claims.role))) throw errors.notAdmin()
    return claims
  }

  async function readBody(req: Request): Promise<Body> {
    const text = await req.text()
    if (!text.trim()) return {}
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      throw errors.badJson((error as Error).message)
    }
    const body = obj(parsed)
    if (!body) throw errors.badJson('expected a JSON object')
    return body
  }

  async function applyEmailChange(tx: Queryable, userId: string, email: string, at: string) {
    await tx.query(
      `update auth.users set email = $2, email_change = '', email_change_token_new = '',
              email_change_token_current = '', email_change_sent_at = null,
              email_change_confirm_status = 0, updated_at = $3::timestamptz where id = $1`,
      [userId, email, at],
    )
    await tx.query(
      `update auth.identities
          set identity_data = identity_data || jsonb_build_object('email', $2::text),
              updated_at = $3::timestamptz
        where user_id = $1 and provider = 'email'`,
      [userId, email, at],
    )
    await deleteOneTimeToken(tx, userId, 'email_change_token_new')
    await deleteOneTimeToken(tx, userId, 'email_change_token_current')
  }

  const reauthentication = createReauthentication({
    db,
    inbox,
    now,
    tokenHash,
    assertEmailFrequency,
    otpExpirySeconds: () => settings().otpExpiry,
    securePasswordChange: () => settings().securePasswordChange,
  })

  return {
    db,
    jwt,
    inbox,
    hasher,
    now,
    settings,
    limiter,
    requestLimiter,
    codeAttempts,
    iso,
    pkceFlows,
    validateEmail,
    checkPassword,
    redirectTarget,
    emailLink,
    sendEmail,
    assertEmailFrequency,
    issueSession,
    signInSession,
    isBanned,
    bearer,
    verifyBearer,
    requireUser,
    requireAdmin,
    readBody,
    applyEmailChange,
    reauthentication,
  }
}

export type AuthContext = ReturnType<typeof createAuthContext>
