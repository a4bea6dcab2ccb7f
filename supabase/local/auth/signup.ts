import { randomUUID } from 'node:crypto'
import { newOtp, obj, str, tokenHash, type AuthContext, type ClientInfo } from './context'
import { AuthError, errors } from './errors'
import { flowToken, readPkceRequest } from './pkce'
import {
  createSession,
  findUserByEmail,
  findUserById,
  insertUser,
  saveOneTimeToken,
  userJson,
  type UserRow,
} from './users'

/**
 * Sends the sign-up confirmation again to an account not yet confirmed (at most once per the email
 * frequency): a new code and link replace the old ones.
 */
export async function resendSignupConfirmation(
  ctx: AuthContext,
  user: Pick<UserRow, 'id' | 'confirmation_sent_at'>,
  email: string,
  pkce: ReturnType<typeof readPkceRequest>,
  redirectTo: string,
): Promise<void> {
  const { db, iso, pkceFlows, sendEmail, assertEmailFrequency } = ctx
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
}

/** `POST /signup`: a new account (confirmed at once, or by an emailed link), as GoTrue's signup.go. */
export function createSignupEndpoint(ctx: AuthContext) {
  const {
    db,
    hasher,
    now,
    settings,
    iso,
    pkceFlows,
    validateEmail,
    checkPassword,
    redirectTarget,
    sendEmail,
    issueSession,
    readBody,
  } = ctx

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
      await resendSignupConfirmation(ctx, existing, email, pkce, redirectTo)
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

  return { signup }
}
