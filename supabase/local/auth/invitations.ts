import { randomInt } from 'node:crypto'
import type { LocalDb } from '../db'
import type { EmailKind } from '../dev-inbox'
import { AuthError, errors } from './errors'
import type { PasswordHasher } from './passwords'
import {
  findUserByEmail,
  findUserById,
  insertUser,
  mergeMetadata,
  type Queryable,
  saveOneTimeToken,
  userJson,
  type UserRow,
} from './users'

/**
 * GoTrue's `POST /invite` and `POST /admin/generate_link` (service role only): an invitation creates
 * the account without a password and emails a link that confirms it and signs the invitee in; a
 * generated link is handed back to the caller instead of being emailed.
 */
export interface InvitationDeps {
  db: LocalDb
  hasher: PasswordHasher
  now: () => number
  readBody(req: Request): Promise<Record<string, unknown>>
  /** 401 without a token, 403 `not_admin` for anything but the service role. */
  requireAdmin(req: Request): Promise<unknown>
  validateEmail(raw: unknown): string
  checkPassword(password: string): void
  redirectTarget(raw: string | null | undefined): string
  emailLink(tokenHash: string, type: EmailKind, redirectTo: string): string
  sendEmail(kind: EmailKind, to: string, otp: string, hash: string, redirectTo: string): void
  tokenHash(email: string, otp: string): string
}

const LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
] as const
type LinkType = (typeof LINK_TYPES)[number]

const DUPLICATE = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered')

const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
const obj = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

export function createInvitationEndpoints(deps: InvitationDeps) {
  const { db } = deps
  const iso = () => new Date(deps.now()).toISOString()

  async function markInvited(tx: Queryable, user: UserRow, hash: string, at: string) {
    await tx.query(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = $3::timestamptz,
              invited_at = $3::timestamptz where id = $1`,
      [user.id, hash, at],
    )
    await saveOneTimeToken(tx, user.id, 'confirmation_token', hash, user.email)
  }

  async function newPasswordlessUser(tx: Queryable, email: string, data: Record<string, unknown>) {
    const id = await insertUser(tx, {
      email,
      passwordHash: null,
      userMetadata: data,
      confirmed: false,
      now: iso(),
    })
    const user = await findUserById(tx, id)
    if (!user) throw errors.unexpected('Database error saving new user')
    return user
  }

  /** `inviteUserByEmail`: a confirmed address is refused; an unconfirmed one is invited again. */
  async function invite(req: Request, url: URL): Promise<Response> {
    await deps.requireAdmin(req)
    const body = await deps.readBody(req)
    const email = deps.validateEmail(body.email)
    const data = obj(body.data) ?? {}
    const redirectTo = deps.redirectTarget(url.searchParams.get('redirect_to'))
    const otp = newOtp()
    const hash = deps.tokenHash(email, otp)
    const userId = await db.pg.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email)
      if (user?.email_confirmed_at) throw DUPLICATE()
      user ??= await newPasswordlessUser(tx, email, data)
      await markInvited(tx, user, hash, iso())
      return user.id
    })
    deps.sendEmail('invite', email, otp, hash, redirectTo)
    const user = await findUserById(db.pg, userId)
    if (!user) throw errors.unexpected()
    return Response.json(userJson(user))
  }

  async function generateLink(req: Request): Promise<Response> {
    await deps.requireAdmin(req)
    const body = await deps.readBody(req)
    const email = deps.validateEmail(body.email)
    let type = str(body.type) ?? ''
    const data = obj(body.data) ?? {}
    const redirectTo = deps.redirectTarget(str(body.redirect_to))
    let password = str(body.password) ?? ''

    const existing = await findUserByEmail(db.pg, email)
    if (!existing) {
      if (type === 'magiclink') {
        // A magic link for a new address signs it up (with a password nobody knows).
        type = 'signup'
        password = newOtp() + newOtp() + newOtp() + 'Aa!'
      } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
        throw new AuthError(404, 'user_not_found', 'User with this email not found')
      }
    }
    if (!(LINK_TYPES as readonly string[]).includes(type)) {
      throw errors.validation(`Invalid email action link type requested: ${type}`)
    }
    const linkType = type as LinkType
    let passwordHash: string | null = null
    if (linkType === 'signup' && !existing) {
      if (!password) throw errors.validation('Signup requires a valid password')
      deps.checkPassword(password)
      passwordHash = await deps.hasher.hash(password)
    }
    let newEmail = ''
    if (linkType === 'email_change_current' || linkType === 'email_change_new') {
      newEmail = deps.validateEmail(body.new_email)
      const taken = await findUserByEmail(db.pg, newEmail)
      if (taken && taken.id !== existing?.id) throw DUPLICATE()
    }

    const otp = newOtp()
    const hash = deps.tokenHash(email, otp)
    let linkHash = hash
    const userId = await db.pg.transaction(async (tx) => {
      const at = iso()
      let user = existing ? await findUserById(tx, existing.id) : undefined
      switch (linkType) {
        case 'magiclink':
        case 'recovery':
          await tx.query(
            `update auth.users set recovery_token = $2, recovery_sent_at = $3::timestamptz where id = $1`,
            [user!.id, hash, at],
          )
          await saveOneTimeToken(tx, user!.id, 'recovery_token', hash, user!.email)
          break
        case 'invite':
          if (user?.email_confirmed_at) throw DUPLICATE()
          user ??= await newPasswordlessUser(tx, email, data)
          await markInvited(tx, user, hash, at)
          break
        case 'signup':
          if (user) {
            if (user.email_confirmed_at) throw DUPLICATE()
            await tx.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [
              user.id,
              JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
            ])
          } else {
            const id = await insertUser(tx, {
              email,
              passwordHash,
              userMetadata: data,
              confirmed: false,
              now: at,
            })
            user = await findUserById(tx, id)
          }
          await tx.query(
            `update auth.users set confirmation_token = $2, confirmation_sent_at = $3::timestamptz
              where id = $1`,
            [user!.id, hash, at],
          )
          await saveOneTimeToken(tx, user!.id, 'confirmation_token', hash, user!.email)
          break
        case 'email_change_current':
        case 'email_change_new': {
          const current = linkType === 'email_change_current'
          // The current address's link carries the current address's hash, the new one the new one's.
          if (!current) linkHash = deps.tokenHash(newEmail, otp)
          await tx.query(
            `update auth.users set email_change = $2, email_change_sent_at = $3::timestamptz,
                    email_change_confirm_status = 0,
                    ${current ? 'email_change_token_current' : 'email_change_token_new'} = $4
              where id = $1`,
            [user!.id, newEmail, at, linkHash],
          )
          await tx.query(
            `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
             values (gen_random_uuid(), $1, $2::auth.one_time_token_type, $3, $4)
             on conflict (user_id, token_type)
             do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
                           updated_at = now()`,
            [
              user!.id,
              current ? 'email_change_token_current' : 'email_change_token_new',
              linkHash,
              current ? user!.email : newEmail,
            ],
          )
          break
        }
      }
      return user!.id
    })
    const user = await findUserById(db.pg, userId)
    if (!user) throw errors.unexpected()
    const verificationType = linkType.startsWith('email_change') ? 'email_change' : linkType
    return Response.json({
      ...userJson(user),
      action_link: deps.emailLink(linkHash, verificationType as EmailKind, redirectTo),
      email_otp: otp,
      hashed_token: linkHash,
      verification_type: linkType,
      redirect_to: redirectTo,
    })
  }

  return { invite, generateLink }
}
