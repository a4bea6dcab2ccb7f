import { createHash, randomInt, randomUUID } from 'node:crypto'
import type { LocalDb } from '../db'
import type { DevInbox, EmailKind } from '../dev-inbox'
import { JwtError, type JwtClaims, type JwtTools } from '../jwt'
import { createCodeAttempts, type PendingCode, voidCode } from './code-attempts'
import {
  API_VERSION,
  AuthError,
  authErrorResponse,
  errors,
  OAuthError,
  oauthErrorResponse,
} from './errors'
import {
  awaitsOtherConfirmation,
  SINGLE_CONFIRMATION_ACCEPTED,
  startEmailChange,
} from './email-change'
import { createInvitationEndpoints } from './invitations'
import { createMfaEndpoints, MFA_SCHEMA, sessionAssurance } from './mfa'
import type { PasswordHasher } from './passwords'
import {
  createPkceFlows,
  FLOW_STATE_SCHEMA,
  flowMethodOf,
  flowToken,
  PKCE_PREFIX,
  readPkceRequest,
  redirectWithCode,
  redirectWithError,
} from './pkce'
import { createSignInLimiter } from './rate-limit'
import { createReauthentication, REAUTHENTICATION_SUBJECT } from './reauthentication'
import { createRequestLimiter } from './request-limits'
import type { AuthSettings } from './settings'
import {
  AUTH_SCHEMA_ADDITIONS,
  confirmEmail,
  createSession,
  deleteOneTimeToken,
  findUserByEmail,
  findUserById,
  findUserByToken,
  insertUser,
  isUuid,
  listUsers,
  mergeMetadata,
  newRefreshToken,
  type Queryable,
  saveOneTimeToken,
  type TokenColumn,
  userJson,
  type UserRow,
} from './users'

/**
 * A GoTrue-compatible auth service for `/auth/v1`: what supabase-js 2.x calls for email and password
 * accounts (sign-up, sign-in, refresh with rotation, user read and update, sign-out scopes, recovery and
 * email OTPs/links) plus the admin user API for the service role. Emails go to the dev inbox.
 */
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

export interface AuthService {
  /** Adds the auth tables GoTrue owns that the database bootstrap leaves out. */
  ensureSchema(): Promise<void>
  /** `req.url` must be the full URL with the `/auth/v1` prefix. */
  handle(req: Request, client: ClientInfo): Promise<Response>
  createUser(input: CreateUserInput): Promise<string>
}

type Body = Record<string, unknown>

const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin'])
const VERIFY_TYPES = new Set(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'])

const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
const obj = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

/** `hex(sha224(email + otp))`: what GoTrue stores and puts in email links. */
export const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex')

const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

export function createAuthService(options: AuthServiceOptions): AuthService {
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

  // ---------------------------------------------------------------------------------------------
  // Endpoints

  async function signup(req: Request, url: URL, client: ClientInfo): Promise<Response> {
    const body = await readBody(req)
    const s = settings()
    if (!str(body.email) && !str(body.phone)) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
    }
    if (str(body.phone) && !str(body.email)) {
      throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled')
    }
    if (s.disableSignup) throw errors.signupDisabled()
    const password = str(body.password)
    if (!password) throw errors.validation('Signup requires a valid password')
    const email = validateEmail(body.email)
    checkPassword(password)
    const data = obj(body.data) ?? {}
    const redirectTo = redirectTarget(url.searchParams.get('redirect_to'))
    const pkce = readPkceRequest(body)

    const existing = await findUserByEmail(db.pg, email)
    if (existing) {
      if (existing.email_confirmed_at || s.mailerAutoconfirm) {
        if (s.mailerAutoconfirm) throw errors.userAlreadyExists()
        return Response.json(obfuscatedUser(email, data))
      }
      // Unconfirmed: resend the confirmation, change nothing else (the claimant is not proven).
      assertEmailFrequency(existing.confirmation_sent_at)
      const otp = newOtp()
      const hash = flowToken(tokenHash(email, otp), pkce)
      await db.pg.transaction(async (tx) => {
        await pkceFlows.begin(tx, existing.id, 'email/signup', pkce)
        await tx.query(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = $3::timestamptz
            where id = $1`,
          [existing.id, hash, iso()],
        )
        await saveOneTimeToken(tx, existing.id, 'confirmation_token', hash, email)
      })
      sendEmail('signup', email, otp, hash, redirectTo)
      const user = await findUserById(db.pg, existing.id)
      return Response.json(user ? userJson(user) : obfuscatedUser(email, data))
    }

    const passwordHash = await hasher.hash(password)
    const otp = newOtp()
    const hash = flowToken(tokenHash(email, otp), pkce)
    const autoconfirm = s.mailerAutoconfirm
    try {
      const result = await db.pg.transaction(async (tx) => {
        const userId = await insertUser(tx, {
          email,
          passwordHash,
          userMetadata: data,
          confirmed: autoconfirm,
          confirmationTokenHash: autoconfirm ? undefined : hash,
          now: iso(),
        })
        if (!autoconfirm) {
          await pkceFlows.begin(tx, userId, 'email/signup', pkce)
          return { userId, session: undefined }
        }
        const tokens = await createSession(tx, userId, {
          now: iso(),
          amr: 'password',
          userAgent: client.userAgent,
          ip: client.ip || null,
        })
        const session = await issueSession(tx, userId, tokens.sessionId, tokens.refreshToken)
        return { userId, session }
      })
      if (result.session) return Response.json(result.session)
      sendEmail('signup', email, otp, hash, redirectTo)
      const user = await findUserById(db.pg, result.userId)
      if (!user) throw errors.unexpected()
      return Response.json(userJson(user))
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw errors.userAlreadyExists()
      if (error instanceof AuthError) throw error
      console.error('[auth] sign-up failed:', error)
      throw errors.unexpected('Database error saving new user')
    }
  }

  /** GoTrue's `sanitizeUser`: what a taken email looks like when confirmations are on. */
  function obfuscatedUser(email: string, data: Record<string, unknown>) {
    const at = new Date(now()).toISOString()
    return {
      id: randomUUID(),
      aud: 'authenticated',
      role: '',
      email,
      phone: '',
      confirmation_sent_at: at,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data,
      identities: [],
      created_at: at,
      updated_at: at,
      is_anonymous: false,
    }
  }

  async function passwordGrant(req: Request, client: ClientInfo): Promise<Response> {
    const body = await readBody(req)
    const password = str(body.password) ?? ''
    const rawEmail = str(body.email)?.trim().toLowerCase()
    if (!rawEmail) {
      if (str(body.phone)) throw errors.invalidCredentials()
      throw errors.validation('missing email or phone')
    }
    const retryAfter = limiter.retryAfter(client.ip, rawEmail)
    if (retryAfter > 0) {
      const minutes = Math.ceil(retryAfter / 60)
      throw new AuthError(
        429,
        'over_request_rate_limit',
        `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        {},
        { 'retry-after': String(retryAfter) },
      )
    }
    const user = await findUserByEmail(db.pg, rawEmail)
    const ok =
      !!user?.encrypted_password &&
      !!password &&
      (await hasher.verify(password, user.encrypted_password))
    if (!user || !ok) {
      limiter.recordFailure(client.ip, rawEmail)
      throw errors.invalidCredentials()
    }
    limiter.recordSuccess(client.ip, rawEmail)
    if (!user.email_confirmed_at) throw errors.emailNotConfirmed()
    if (isBanned(user)) throw errors.userBanned()
    return Response.json(await signInSession(user.id, 'password', client))
  }

  async function refreshGrant(req: Request): Promise<Response> {
    const body = await readBody(req)
    const token = str(body.refresh_token)
    if (!token) throw new OAuthError(400, 'invalid_request', 'refresh_token required')
    const reuseMs = settings().refreshTokenReuseInterval * 1000
    const outcome = await db.pg.transaction(async (tx) => {
      const found = await tx.query<{
        id: number
        token: string
        user_id: string
        revoked: boolean
        session_id: string | null
        updated_ms: number
        session_exists: boolean
      }>(
        `select rt.id, rt.token, rt.user_id, rt.revoked, rt.session_id,
                (extract(epoch from rt.updated_at) * 1000)::float8 as updated_ms,
                (s.id is not null) as session_exists
           from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
          where rt.token = $1`,
        [token],
      )
      const row = found.rows[0]
      if (!row) {
        return {
          error: new AuthError(
            400,
            'refresh_token_not_found',
            'Invalid Refresh Token: Refresh Token Not Found',
          ),
        }
      }
      if (!row.session_id || !row.session_exists) {
        return {
          error: new AuthError(
            400,
            'session_not_found',
            'Invalid Refresh Token: No Valid Session Found',
          ),
        }
      }
      const user = await findUserById(tx, row.user_id)
      if (!user) {
        return {
          error: new AuthError(400, 'user_not_found', 'Invalid Refresh Token: User Not Found'),
        }
      }
      if (isBanned(user)) return { error: errors.userBanned() }
      let issued: string | undefined
      if (row.revoked) {
        const active = await tx.query<{ token: string; parent: string | null }>(
          `select token, parent from auth.refresh_tokens
            where session_id = $1 and revoked = false order by id desc limit 1`,
          [row.session_id],
        )
        const current = active.rows[0]
        if (current && current.parent === row.token) {
          // A retry after a lost answer: hand back the token already issued.
          issued = current.token
        } else if (now() > row.updated_ms + reuseMs) {
          // Reuse outside the grace period: possible theft. The whole token family dies with its
          // session, so neither the thief's nor the owner's tokens (access tokens on /user) work on.
          await tx.query('delete from auth.sessions where id = $1', [row.session_id])
          return {
            error: new AuthError(
              400,
              'refresh_token_already_used',
              'Invalid Refresh Token: Already Used',
            ),
          }
        }
      }
      if (!issued) {
        issued = newRefreshToken()
        const at = iso()
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = $2::timestamptz
            where id = $1 and revoked = false`,
          [row.id, at],
        )
        await tx.query(
          `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,
                                            parent, session_id)
           values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3::timestamptz,
                   $3::timestamptz, $4, $5)`,
          [issued, row.user_id, at, row.token, row.session_id],
        )
        await tx.query(
          `update auth.sessions set refreshed_at = ($2::timestamptz at time zone 'UTC'),
                  updated_at = $2::timestamptz where id = $1`,
          [row.session_id, at],
        )
      }
      return { session: await issueSession(tx, row.user_id, row.session_id, issued) }
    })
    if (outcome.error) throw outcome.error
    return Response.json(outcome.session)
  }

  async function getUser(req: Request): Promise<Response> {
    const { user } = await requireUser(req)
    return Response.json(userJson(user))
  }

  async function updateUser(req: Request, url: URL): Promise<Response> {
    const { user, claims, sessionId } = await requireUser(req)
    const body = await readBody(req)
    const s = settings()
    if (body.app_metadata !== undefined && !ADMIN_ROLES.has(String(claims.role))) {
      throw errors.notAdmin('Updating app_metadata requires admin privileges')
    }
    if (str(body.phone)) {
      throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider')
    }
    const data = body.data === undefined || body.data === null ? undefined : obj(body.data)
    if (body.data != null && !data) throw errors.validation('data must be a JSON object')

    let passwordHash: string | undefined
    const password = str(body.password)
    if (body.password != null && body.password !== undefined) {
      if (!password) throw errors.validation('Password must be a string')
      checkPassword(password)
      await db.pg.transaction((tx) =>
        reauthentication.checkPasswordChange(tx, user, sessionId, body.nonce),
      )
      if (user.encrypted_password && (await hasher.verify(password, user.encrypted_password))) {
        throw errors.samePassword()
      }
      passwordHash = await hasher.hash(password)
    }

    let newEmail: string | undefined
    if (body.email !== undefined && body.email !== null && body.email !== '') {
      const email = validateEmail(body.email)
      if (email !== user.email) {
        const taken = await findUserByEmail(db.pg, email)
        if (taken) throw errors.emailExists()
        newEmail = email
      }
    }
    const pkce = readPkceRequest(body)
    // Only an anonymous user's address changes at once under autoconfirm; others confirm by email.
    const startsChange = !!newEmail && !(user.is_anonymous && s.mailerAutoconfirm)
    if (startsChange) assertEmailFrequency(user.email_change_sent_at)
    let changeMails: Awaited<ReturnType<typeof startEmailChange>> = []

    await db.pg.transaction(async (tx) => {
      const at = iso()
      if (data) {
        await tx.query(
          `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = $3::timestamptz where id = $1`,
          [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)), at],
        )
      }
      if (body.app_metadata !== undefined) {
        const appData = obj(body.app_metadata) ?? {}
        await tx.query(
          `update auth.users set raw_app_meta_data = $2::jsonb, updated_at = $3::timestamptz where id = $1`,
          [user.id, JSON.stringify(mergeMetadata(user.raw_app_meta_data, appData)), at],
        )
      }
      if (passwordHash) {
        await tx.query(
          `update auth.users set encrypted_password = $2, updated_at = $3::timestamptz where id = $1`,
          [user.id, passwordHash, at],
        )
        // A new password signs out every other session (GoTrue `UpdatePassword`).
        await tx.query(
          `delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)`,
          [user.id, sessionId && isUuid(sessionId) ? sessionId : null],
        )
      }
      if (newEmail && !startsChange) {
        await applyEmailChange(tx, user.id, newEmail, at)
      } else if (newEmail) {
        await pkceFlows.begin(tx, user.id, 'email_change', pkce)
        changeMails = await startEmailChange(tx, {
          user,
          newEmail,
          secure: s.secureEmailChange,
          pkce,
          at,
          tokenHash,
        })
      }
    })
    const redirectTo = redirectTarget(url.searchParams.get('redirect_to'))
    for (const mail of changeMails) {
      sendEmail('email_change', mail.to, mail.otp, mail.hash, redirectTo)
    }
    const updated = await findUserById(db.pg, user.id)
    if (!updated) throw errors.userNotFoundFromJwt()
    return Response.json(userJson(updated))
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

  async function logout(req: Request, url: URL): Promise<Response> {
    const { user, sessionId } = await requireUser(req)
    const scope = url.searchParams.get('scope') ?? 'global'
    if (!['global', 'local', 'others'].includes(scope)) {
      throw errors.validation(`Unsupported logout scope "${scope}"`)
    }
    const sid = sessionId && isUuid(sessionId) ? sessionId : null
    if (scope === 'global' || !sid) {
      await db.pg.query('delete from auth.sessions where user_id = $1', [user.id])
    } else if (scope === 'local') {
      await db.pg.query('delete from auth.sessions where id = $1', [sid])
    } else {
      await db.pg.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sid])
    }
    return new Response(null, { status: 204 })
  }

  async function recover(req: Request, url: URL): Promise<Response> {
    const body = await readBody(req)
    if (!str(body.email)) throw errors.validation('Password recovery requires an email')
    const email = validateEmail(body.email)
    const pkce = readPkceRequest(body)
    const user = await findUserByEmail(db.pg, email)
    // The same answer for unknown addresses: the endpoint must not reveal who has an account.
    if (!user) return Response.json({})
    assertEmailFrequency(user.recovery_sent_at)
    const redirectTo = redirectTarget(url.searchParams.get('redirect_to'))
    await sendRecoveryLike(user, 'recovery', redirectTo, pkce)
    return Response.json({})
  }

  async function sendRecoveryLike(
    user: UserRow,
    kind: 'recovery' | 'magiclink',
    redirectTo: string,
    pkce: ReturnType<typeof readPkceRequest>,
  ) {
    const otp = newOtp()
    const hash = flowToken(tokenHash(user.email, otp), pkce)
    await db.pg.transaction(async (tx) => {
      await pkceFlows.begin(tx, user.id, kind, pkce)
      await tx.query(
        `update auth.users set recovery_token = $2, recovery_sent_at = $3::timestamptz where id = $1`,
        [user.id, hash, iso()],
      )
      await saveOneTimeToken(tx, user.id, 'recovery_token', hash, user.email)
    })
    sendEmail(kind, user.email, otp, hash, redirectTo)
  }

  /** `signInWithOtp`: a magic link (and code) for an account, creating it if allowed. */
  async function otp(req: Request, url: URL): Promise<Response> {
    const body = await readBody(req)
    if (!str(body.email)) {
      throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider')
    }
    const email = validateEmail(body.email)
    const redirectTo = redirectTarget(url.searchParams.get('redirect_to'))
    const pkce = readPkceRequest(body)
    const user = await findUserByEmail(db.pg, email)
    if (user) {
      assertEmailFrequency(user.recovery_sent_at)
      await sendRecoveryLike(user, 'magiclink', redirectTo, pkce)
      return Response.json({})
    }
    if (body.create_user === false) {
      throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
    }
    if (settings().disableSignup) throw errors.signupDisabled()
    const code = newOtp()
    const hash = flowToken(tokenHash(email, code), pkce)
    await db.pg.transaction(async (tx) => {
      const userId = await insertUser(tx, {
        email,
        passwordHash: null,
        userMetadata: obj(body.data) ?? {},
        confirmed: false,
        confirmationTokenHash: hash,
        now: iso(),
      })
      await pkceFlows.begin(tx, userId, 'email/signup', pkce)
    })
    sendEmail('signup', email, code, hash, redirectTo)
    return Response.json({})
  }

  async function resend(req: Request, url: URL): Promise<Response> {
    const body = await readBody(req)
    const type = str(body.type)
    if (type !== 'signup' && type !== 'email_change') {
      throw errors.validation('Unsupported resend type')
    }
    const email = validateEmail(body.email)
    const redirectTo = redirectTarget(url.searchParams.get('redirect_to'))
    const pkce = readPkceRequest(body)
    if (type === 'signup') {
      const user = await findUserByEmail(db.pg, email)
      if (!user || user.email_confirmed_at) return Response.json({})
      assertEmailFrequency(user.confirmation_sent_at)
      const code = newOtp()
      const hash = flowToken(tokenHash(email, code), pkce)
      await db.pg.transaction(async (tx) => {
        await pkceFlows.begin(tx, user.id, 'email/signup', pkce)
        await tx.query(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = $3::timestamptz
            where id = $1`,
          [user.id, hash, iso()],
        )
        await saveOneTimeToken(tx, user.id, 'confirmation_token', hash, email)
      })
      sendEmail('signup', email, code, hash, redirectTo)
      return Response.json({})
    }
    const found = await db.pg.query<{ id: string }>(
      `select id from auth.users where email_change = $1`,
      [email],
    )
    const userId = found.rows[0]?.id
    const user = userId ? await findUserById(db.pg, userId) : undefined
    if (!user) return Response.json({})
    assertEmailFrequency(user.email_change_sent_at)
    const code = newOtp()
    const hash = flowToken(tokenHash(email, code), pkce)
    await db.pg.transaction(async (tx) => {
      await pkceFlows.begin(tx, user.id, 'email_change', pkce)
      await tx.query(
        `update auth.users set email_change_token_new = $2, email_change_sent_at = $3::timestamptz
          where id = $1`,
        [user.id, hash, iso()],
      )
      await saveOneTimeToken(tx, user.id, 'email_change_token_new', hash, email)
    })
    sendEmail('email_change', email, code, hash, redirectTo)
    return Response.json({})
  }

  const TOKEN_COLUMNS: Record<string, TokenColumn[]> = {
    signup: ['confirmation_token'],
    invite: ['confirmation_token'],
    recovery: ['recovery_token'],
    magiclink: ['recovery_token'],
    email: ['confirmation_token', 'recovery_token'],
    email_change: ['email_change_token_new', 'email_change_token_current'],
  }
  const SENT_AT: Record<
    TokenColumn,
    'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at'
  > = {
    confirmation_token: 'confirmation_sent_at',
    recovery_token: 'recovery_sent_at',
    email_change_token_new: 'email_change_sent_at',
    email_change_token_current: 'email_change_sent_at',
  }

  /** Finds the user a one-time token belongs to, checks expiry, applies it and opens a session. */
  async function redeemToken(
    type: string,
    token: { hash: string } | { email: string; otp: string },
    client: ClientInfo,
    /** `code`: a PKCE link, answered with the flow state's auth code instead of a session. */
    finish: 'session' | 'code' = 'session',
  ): Promise<
    { session: Record<string, unknown> } | { code: string } | { singleConfirmation: true }
  > {
    const columns = TOKEN_COLUMNS[type] ?? []
    let user: UserRow | undefined
    let column: TokenColumn | undefined
    const guessedAt: PendingCode[] = []
    for (const c of columns) {
      if ('hash' in token) {
        user = await findUserByToken(db.pg, c, token.hash)
      } else {
        const candidate =
          c === 'email_change_token_new'
            ? await db.pg
                .query<{ id: string }>('select id from auth.users where email_change = $1', [
                  token.email,
                ])
                .then((r) => (r.rows[0] ? findUserById(db.pg, r.rows[0].id) : undefined))
            : await findUserByEmail(db.pg, token.email)
        const stored = candidate?.[c]
        const code = candidate && stored ? { userId: candidate.id, column: c, stored } : undefined
        // A code that took its last wrong try stays refused, the right code included.
        if (code && codeAttempts.isVoid(code)) continue
        const expected = tokenHash(token.email, token.otp)
        const matches = stored === expected || stored === PKCE_PREFIX + expected
        user = code && matches ? candidate : undefined
        if (code && !user) guessedAt.push(code)
      }
      if (user) {
        column = c
        break
      }
    }
    if (!user || !column) {
      for (const code of guessedAt) {
        if (codeAttempts.recordWrong(code)) await voidCode(db.pg, code)
      }
      throw errors.otpExpired()
    }
    const sentAt = user[SENT_AT[column]]
    if (!sentAt || now() - Date.parse(sentAt) > settings().otpExpiry * 1000) {
      throw errors.otpExpired()
    }
    if (isBanned(user)) throw errors.userBanned()
    const found = user
    const tokenColumn = column
    return db.pg.transaction(async (tx) => {
      const at = iso()
      // Single use: the token is cleared only if it is still the one redeemed (no double spend).
      const cleared = await tx.query(
        `update auth.users set ${tokenColumn} = '' where id = $1 and ${tokenColumn} = $2`,
        [found.id, found[tokenColumn]],
      )
      if (!cleared.affectedRows) throw errors.otpExpired()
      if (
        tokenColumn === 'email_change_token_new' ||
        tokenColumn === 'email_change_token_current'
      ) {
        // Under autoconfirm either link completes the change (as GoTrue).
        const secure = settings().secureEmailChange && !settings().mailerAutoconfirm
        if (secure && (await awaitsOtherConfirmation(tx, found.id, tokenColumn))) {
          return { singleConfirmation: true } as const
        }
        await applyEmailChange(tx, found.id, found.email_change ?? found.email, at)
      } else {
        await deleteOneTimeToken(tx, found.id, tokenColumn)
        await confirmEmail(tx, found.id, at)
      }
      if (finish === 'code') {
        return { code: await pkceFlows.issueAuthCode(tx, found.id, flowMethodOf(type)) }
      }
      const tokens = await createSession(tx, found.id, {
        now: at,
        amr: 'otp',
        userAgent: client.userAgent,
        ip: client.ip || null,
      })
      return { session: await issueSession(tx, found.id, tokens.sessionId, tokens.refreshToken) }
    })
  }

  async function verifyPost(req: Request, client: ClientInfo): Promise<Response> {
    const body = await readBody(req)
    const type = str(body.type)
    if (!type) throw errors.validation('Verify requires a verification type')
    if (!VERIFY_TYPES.has(type)) throw errors.validation('Unsupported verification type')
    const hash = str(body.token_hash)
    if (hash) {
      if (body.email || body.phone) {
        throw errors.validation(
          'Only the token_hash and type should be provided when verifying with a token hash',
        )
      }
      return verifiedJson(await redeemToken(type, { hash }, client))
    }
    const otpCode = str(body.token)
    if (!otpCode) throw errors.validation('Verify requires either a token or a token hash')
    const email = validateEmail(body.email)
    return verifiedJson(await redeemToken(type, { email, otp: otpCode.trim() }, client))
  }

  function verifiedJson(outcome: Awaited<ReturnType<typeof redeemToken>>): Response {
    if ('session' in outcome) return Response.json(outcome.session)
    return Response.json({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' })
  }

  async function verifyGet(url: URL, client: ClientInfo): Promise<Response> {
    const type = url.searchParams.get('type') ?? ''
    const redirectTo = redirectTarget(url.searchParams.get('redirect_to')).split('#')[0] ?? ''
    const redirect = (fragment: URLSearchParams) =>
      new Response(null, { status: 303, headers: { location: `${redirectTo}#${fragment}` } })
    const hash = url.searchParams.get('token') ?? ''
    const pkce = hash.startsWith(PKCE_PREFIX)
    const see = (location: string) => new Response(null, { status: 303, headers: { location } })
    try {
      if (!VERIFY_TYPES.has(type) || !hash) throw errors.otpExpired()
      const outcome = await redeemToken(type, { hash }, client, pkce ? 'code' : 'session')
      if ('singleConfirmation' in outcome) {
        const target = new URL(redirectTo)
        if (pkce) target.searchParams.set('message', SINGLE_CONFIRMATION_ACCEPTED)
        target.hash = new URLSearchParams({
          message: SINGLE_CONFIRMATION_ACCEPTED,
          sb: '',
        }).toString()
        return see(target.href)
      }
      if ('code' in outcome) return see(redirectWithCode(redirectTo, outcome.code))
      if (!('session' in outcome)) throw errors.unexpected()
      const session = outcome.session
      return redirect(
        new URLSearchParams({
          access_token: String(session.access_token),
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: String(session.refresh_token),
          sb: '',
          token_type: 'bearer',
          type,
        }),
      )
    } catch (error) {
      if (!(error instanceof AuthError)) throw error
      const expired = error.code === 'otp_expired'
      if (pkce) {
        const message = expired ? 'Email link is invalid or has expired' : error.message
        return see(redirectWithError(redirectTo, { code: error.code, message }, true))
      }
      return redirect(
        new URLSearchParams({
          error: 'access_denied',
          error_code: error.code,
          error_description: expired ? 'Email link is invalid or has expired' : error.message,
          sb: '',
        }),
      )
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Admin API (service role)

  async function createUser(input: CreateUserInput): Promise<string> {
    const email = validateEmail(input.email)
    if (input.password !== undefined) checkPassword(input.password)
    const passwordHash = input.password ? await hasher.hash(input.password) : null
    try {
      return await db.pg.transaction((tx) =>
        insertUser(tx, {
          email,
          passwordHash,
          // As GoTrue's admin API: the metadata as sent, plus `email_verified` once confirmed.
          userMetadata: {
            ...input.userMetadata,
            ...(input.confirmed ? { email_verified: true } : {}),
          },
          metadataAsSent: true,
          appMetadata: input.appMetadata,
          confirmed: input.confirmed,
          now: iso(),
        }),
      )
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw errors.emailExists()
      throw error
    }
  }

  async function admin(req: Request, url: URL, path: string): Promise<Response> {
    await requireAdmin(req)
    const match = /^\/admin\/users(?:\/([^/]+))?$/.exec(path)
    if (!match) throw errors.notFound()
    const id = match[1]
    if (!id) {
      if (req.method === 'GET') {
        // GoTrue parses both as unsigned integers and refuses anything else.
        for (const name of ['page', 'per_page']) {
          const value = url.searchParams.get(name)
          if (value && !/^\d+$/.test(value)) {
            throw errors.validation(
              `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`,
            )
          }
        }
        const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
        const perPage = Math.min(1000, Math.max(1, Number(url.searchParams.get('per_page')) || 50))
        const { users, total } = await listUsers(db.pg, perPage, (page - 1) * perPage)
        return Response.json(
          { users: users.map(userJson), aud: 'authenticated' },
          { headers: { 'x-total-count': String(total) } },
        )
      }
      if (req.method === 'POST') {
        const body = await readBody(req)
        const userId = await createUser({
          email: str(body.email) ?? '',
          password: str(body.password),
          confirmed: body.email_confirm === true,
          userMetadata: obj(body.user_metadata) ?? obj(body.data),
          appMetadata: obj(body.app_metadata),
        })
        const user = await findUserById(db.pg, userId)
        return Response.json(user ? userJson(user) : {})
      }
      throw errors.methodNotAllowed()
    }
    const user = await findUserById(db.pg, id)
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
    if (req.method === 'GET') return Response.json(userJson(user))
    if (req.method === 'DELETE') {
      await db.pg.query('delete from auth.users where id = $1', [user.id])
      return Response.json({})
    }
    if (req.method === 'PUT') {
      const body = await readBody(req)
      const password = str(body.password)
      if (password !== undefined) checkPassword(password)
      const passwordHash = password ? await hasher.hash(password) : undefined
      const email = body.email ? validateEmail(body.email) : undefined
      if (email && email !== user.email && (await findUserByEmail(db.pg, email))) {
        throw errors.emailExists()
      }
      await db.pg.transaction(async (tx) => {
        const at = iso()
        const userMeta = obj(body.user_metadata)
        const appMeta = obj(body.app_metadata)
        if (userMeta) {
          await tx.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [
            user.id,
            JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMeta)),
          ])
        }
        if (appMeta) {
          await tx.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [
            user.id,
            JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMeta)),
          ])
        }
        if (passwordHash) {
          await tx.query('update auth.users set encrypted_password = $2 where id = $1', [
            user.id,
            passwordHash,
          ])
        }
        if (email && email !== user.email) await applyEmailChange(tx, user.id, email, at)
        if (body.email_confirm === true) await confirmEmail(tx, user.id, at)
        const ban = str(body.ban_duration)
        if (ban) {
          const seconds = ban === 'none' ? 0 : parseDuration(ban)
          await tx.query(
            `update auth.users set banned_until = case when $2::float8 > 0
               then $3::timestamptz + make_interval(secs => $2::float8) end where id = $1`,
            [user.id, seconds, at],
          )
          if (seconds > 0) await tx.query('delete from auth.sessions where user_id = $1', [user.id])
        }
        await tx.query('update auth.users set updated_at = $2::timestamptz where id = $1', [
          user.id,
          at,
        ])
      })
      const updated = await findUserById(db.pg, user.id)
      return Response.json(updated ? userJson(updated) : {})
    }
    throw errors.methodNotAllowed()
  }

  /** `grant_type=pkce`: an email link's auth code and its verifier, traded once for a session. */
  async function pkceGrant(req: Request, client: ClientInfo): Promise<Response> {
    const body = await readBody(req)
    const session = await db.pg.transaction(async (tx) => {
      const { userId, method } = await pkceFlows.redeem(tx, body.auth_code, body.code_verifier)
      const user = await findUserById(tx, userId)
      if (!user) throw errors.unexpected('user vanished while signing in')
      if (isBanned(user)) throw errors.userBanned()
      const tokens = await createSession(tx, userId, {
        now: iso(),
        amr: method,
        userAgent: client.userAgent,
        ip: client.ip || null,
      })
      return issueSession(tx, userId, tokens.sessionId, tokens.refreshToken)
    })
    return Response.json(session)
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

  const invitations = createInvitationEndpoints({
    db,
    hasher,
    now,
    readBody,
    requireAdmin,
    validateEmail,
    checkPassword,
    redirectTarget,
    emailLink,
    sendEmail,
    tokenHash,
  })

  const mfa = createMfaEndpoints({
    db,
    now,
    settings,
    readBody,
    requireUser,
    requireAdmin,
    issueSession,
  })

  // ---------------------------------------------------------------------------------------------
  // Router

  async function route(req: Request, url: URL, client: ClientInfo): Promise<Response> {
    const path = url.pathname.replace(/^\/auth\/v1/, '').replace(/\/+$/, '') || '/'
    const method = req.method
    const s = settings()
    requestLimiter.take(path, method, client.ip)
    if (path === '/health' && method === 'GET') {
      return Response.json({
        version: 'local',
        name: 'GoTrue',
        description: 'GoTrue-compatible auth of the local Supabase server',
      })
    }
    if (path === '/settings' && method === 'GET') {
      return Response.json({
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: s.disableSignup,
        mailer_autoconfirm: s.mailerAutoconfirm,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
        anonymous_users: false,
      })
    }
    if (path === '/.well-known/jwks.json' && method === 'GET') {
      // HS256 keys are secret: nothing to publish (auth-js then checks tokens with GET /user).
      return Response.json({ keys: [] })
    }
    if (path === '/signup' && method === 'POST') return signup(req, url, client)
    if (path === '/token' && method === 'POST') {
      const grant = url.searchParams.get('grant_type')
      if (grant === 'password') return passwordGrant(req, client)
      if (grant === 'refresh_token') return refreshGrant(req)
      if (grant === 'pkce') return pkceGrant(req, client)
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
    }
    if (path === '/user' && method === 'GET') return getUser(req)
    if (path === '/user' && method === 'PUT') return updateUser(req, url)
    if (path === '/reauthenticate' && method === 'GET') {
      return reauthentication.send((await requireUser(req)).user)
    }
    if (path === '/logout' && method === 'POST') return logout(req, url)
    if (path === '/recover' && method === 'POST') return recover(req, url)
    if (path === '/otp' && method === 'POST') return otp(req, url)
    if (path === '/magiclink' && method === 'POST') return otp(req, url)
    if (path === '/resend' && method === 'POST') return resend(req, url)
    if (path === '/verify' && method === 'POST') return verifyPost(req, client)
    if (path === '/verify' && method === 'GET') return verifyGet(url, client)
    if (path === '/authorize' || path === '/callback' || path === '/user/identities/authorize') {
      throw errors.validation('Unsupported provider: provider is not enabled')
    }
    const mfaAnswer = await mfa.route(req, path, client.ip)
    if (mfaAnswer) return mfaAnswer
    if (path === '/invite' && method === 'POST') return invitations.invite(req, url)
    if (path === '/admin/generate_link' && method === 'POST') return invitations.generateLink(req)
    if (path.startsWith('/admin/')) return admin(req, url, path)
    throw errors.notFound()
  }

  return {
    async ensureSchema() {
      await db.pg.exec(AUTH_SCHEMA_ADDITIONS)
      await db.pg.exec(FLOW_STATE_SCHEMA)
      await db.pg.exec(MFA_SCHEMA)
    },
    async handle(req, client) {
      const url = new URL(req.url)
      const legacy = !req.headers.get('x-supabase-api-version')
      let response: Response
      try {
        response = await route(req, url, client)
      } catch (error) {
        if (error instanceof AuthError) response = authErrorResponse(error, legacy)
        else if (error instanceof OAuthError) response = oauthErrorResponse(error)
        else {
          console.error('[auth] unexpected error:', error)
          response = authErrorResponse(errors.unexpected(), legacy)
        }
      }
      response.headers.set('x-supabase-api-version', API_VERSION)
      return response
    },
    createUser,
  }
}

/** `ban_duration` like Go's time.ParseDuration: "24h", "30m", "1h30m", "90s". */
function parseDuration(text: string): number {
  const re = /(\d+(?:\.\d+)?)(h|m|s|ms)/g
  let seconds = 0
  let matched = ''
  for (const m of text.matchAll(re)) {
    const value = Number(m[1])
    seconds +=
      m[2] === 'h' ? value * 3600 : m[2] === 'm' ? value * 60 : m[2] === 's' ? value : value / 1000
    matched += m[0]
  }
  if (!matched || matched !== text)
    throw errors.validation(`invalid format for ban duration: ${text}`)
  return seconds
}
