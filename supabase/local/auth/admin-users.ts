import { obj, str, type AuthContext, type CreateUserInput } from './context'
import { AuthError, errors } from './errors'
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  mergeMetadata,
  userJson,
} from './users'

/** The service role's user API (`/admin/users…`) and the accounts the server itself makes. */
export function createAdminUserEndpoints(ctx: AuthContext) {
  const {
    db,
    hasher,
    iso,
    validateEmail,
    checkPassword,
    requireAdmin,
    readBody,
    applyEmailChange,
  } = ctx

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

  return { createUser, admin }
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
