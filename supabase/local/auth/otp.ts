import { newOtp, obj, str, tokenHash, type AuthContext } from './context'
import { AuthError, errors } from './errors'
import { flowToken, readPkceRequest } from './pkce'
import { resendSignupConfirmation } from './signup'
import { findUserByEmail, findUserById, insertUser, saveOneTimeToken, type UserRow } from './users'

/** `POST /recover`, `/otp` (and `/magiclink`) and `/resend`: the emails that carry a code and a link. */
export function createOtpEndpoints(ctx: AuthContext) {
  const {
    db,
    settings,
    iso,
    pkceFlows,
    validateEmail,
    redirectTarget,
    sendEmail,
    assertEmailFrequency,
    readBody,
  } = ctx

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
      await resendSignupConfirmation(ctx, user, email, pkce, redirectTo)
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

  return { recover, otp, resend }
}
