import { str, type AuthContext, type ClientInfo } from './context'
import { AuthError, OAuthError, errors } from './errors'
import { createSession, findUserByEmail, findUserById, newRefreshToken } from './users'

/** `POST /token`: the password, refresh-token and PKCE grants, as GoTrue's token.go. */
export function createTokenEndpoints(ctx: AuthContext) {
  const {
    db,
    hasher,
    now,
    settings,
    limiter,
    iso,
    pkceFlows,
    issueSession,
    signInSession,
    isBanned,
    readBody,
  } = ctx

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

  return { passwordGrant, refreshGrant, pkceGrant }
}
