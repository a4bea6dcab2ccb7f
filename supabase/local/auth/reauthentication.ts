import { randomInt, randomUUID } from 'node:crypto'
import type { LocalDb } from '../db'
import type { DevInbox } from '../dev-inbox'
import { AuthError, errors } from './errors'
import type { Queryable, UserRow } from './users'

/**
 * GoTrue's reauthentication: `GET /reauthenticate` emails a one-time code (the nonce), and with secure
 * password change on, `PUT /user` with a new password from a session signed in more than a day ago
 * requires that nonce. A nonce works once and expires with the other email codes.
 */
export const REAUTHENTICATION_SUBJECT = 'Confirm reauthentication'

/** A session older than this must prove itself again before its password changes. */
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000

export interface ReauthenticationDeps {
  db: LocalDb
  inbox: DevInbox
  now: () => number
  tokenHash(email: string, otp: string): string
  /** Throws 429 when the previous email went out less than the minimum interval ago. */
  assertEmailFrequency(sentAt: string | null): void
  otpExpirySeconds(): number
  securePasswordChange(): boolean
}

export function createReauthentication(deps: ReauthenticationDeps) {
  const { db } = deps
  const iso = () => new Date(deps.now()).toISOString()

  /** `GET /reauthenticate` for the signed-in user. */
  async function send(user: UserRow): Promise<Response> {
    if (!user.email && !user.phone) {
      throw errors.validation(
        'Reauthentication requires the user to have an email or a phone number',
      )
    }
    if (!user.email) {
      throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider')
    }
    if (!user.email_confirmed_at) {
      throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.')
    }
    const sent = await db.pg.query<{ sent_at: string | null }>(
      `select to_char(reauthentication_sent_at at time zone 'UTC',
                      'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sent_at
         from auth.users where id = $1`,
      [user.id],
    )
    deps.assertEmailFrequency(sent.rows[0]?.sent_at ?? null)
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const hash = deps.tokenHash(user.email, otp)
    await db.pg.transaction(async (tx) => {
      await tx.query(
        `update auth.users set reauthentication_token = $2, reauthentication_sent_at = $3::timestamptz
          where id = $1`,
        [user.id, hash, iso()],
      )
      await tx.query(
        `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
         values ($1, $2, 'reauthentication_token', $3, $4)
         on conflict (user_id, token_type)
         do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
                       updated_at = now()`,
        [randomUUID(), user.id, hash, user.email],
      )
    })
    deps.inbox.send({
      to: user.email,
      subject: REAUTHENTICATION_SUBJECT,
      kind: 'reauthentication',
      link: '',
      otp,
      tokenHash: hash,
    })
    return Response.json({})
  }

  /**
   * GoTrue's check before a password update: with secure password change on, a session older than a
   * day (or none) needs a valid nonce, which is then used up. Runs in `tx`, before the new password
   * is stored, so a refused nonce changes nothing.
   */
  async function checkPasswordChange(
    tx: Queryable,
    user: UserRow,
    sessionId: string | undefined,
    nonce: unknown,
  ): Promise<void> {
    if (!deps.securePasswordChange()) return
    const session = sessionId
      ? await tx.query<{ created_ms: number }>(
          `select (extract(epoch from created_at) * 1000)::float8 as created_ms
             from auth.sessions where id = $1`,
          [sessionId],
        )
      : { rows: [] }
    const createdMs = session.rows[0]?.created_ms
    if (createdMs !== undefined && deps.now() <= createdMs + RECENT_SIGN_IN_MS) return
    const code = typeof nonce === 'string' ? nonce.trim() : ''
    if (!code) {
      throw new AuthError(
        400,
        'reauthentication_needed',
        'Password update requires reauthentication',
      )
    }
    const invalid = () =>
      new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid')
    const stored = await tx.query<{ token: string | null; sent_ms: number | null }>(
      `select reauthentication_token as token,
              (extract(epoch from reauthentication_sent_at) * 1000)::float8 as sent_ms
         from auth.users where id = $1 for update`,
      [user.id],
    )
    const row = stored.rows[0]
    if (!row?.token || row.sent_ms == null) throw invalid()
    const expired = deps.now() > row.sent_ms + deps.otpExpirySeconds() * 1000
    if (expired || row.token !== deps.tokenHash(user.email, code)) throw invalid()
    // Single use (GoTrue `ConfirmReauthentication`): the nonce and the user's other codes go.
    await tx.query(`update auth.users set reauthentication_token = '' where id = $1`, [user.id])
    await tx.query('delete from auth.one_time_tokens where user_id = $1', [user.id])
  }

  return { send, checkPasswordChange }
}
