import { type PendingCode, voidCode } from './code-attempts'
import { VERIFY_TYPES, str, tokenHash, type AuthContext, type ClientInfo } from './context'
import { SINGLE_CONFIRMATION_ACCEPTED, awaitsOtherConfirmation } from './email-change'
import { AuthError, errors } from './errors'
import { PKCE_PREFIX, flowMethodOf, redirectWithCode, redirectWithError } from './pkce'
import {
  confirmEmail,
  createSession,
  deleteOneTimeToken,
  findUserByEmail,
  findUserById,
  findUserByToken,
  type TokenColumn,
  type UserRow,
} from './users'

/** `POST` and `GET /verify`: an emailed code or link redeemed for a session, as GoTrue's verify.go. */
export function createVerifyEndpoints(ctx: AuthContext) {
  const {
    db,
    now,
    settings,
    codeAttempts,
    iso,
    pkceFlows,
    validateEmail,
    redirectTarget,
    issueSession,
    isBanned,
    readBody,
    applyEmailChange,
  } = ctx

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

  return { verifyPost, verifyGet }
}
