import { ADMIN_ROLES, obj, str, tokenHash, type AuthContext } from './context'
import { startEmailChange } from './email-change'
import { AuthError, errors } from './errors'
import { readPkceRequest } from './pkce'
import { findUserByEmail, findUserById, isUuid, mergeMetadata, userJson } from './users'

/** `GET` and `PUT /user`, and `POST /logout` with its scopes, as GoTrue's user.go and logout.go. */
export function createUserEndpoints(ctx: AuthContext) {
  const {
    db,
    hasher,
    settings,
    iso,
    pkceFlows,
    validateEmail,
    checkPassword,
    redirectTarget,
    sendEmail,
    assertEmailFrequency,
    requireUser,
    readBody,
    applyEmailChange,
    reauthentication,
  } = ctx

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

  return { getUser, updateUser, logout }
}
