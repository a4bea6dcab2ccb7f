import { randomInt, randomUUID } from 'node:crypto'
import { flowToken, type PkceRequest } from './pkce'
import type { Queryable, UserRow } from './users'

/**
 * GoTrue's email change (`sendEmailChange`, `emailChangeVerify`). With secure email change on (config
 * `double_confirm_changes`), a link goes to the current address as well as to the new one, and the
 * address changes only once both are opened: the first answers "accepted, now the other one".
 */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

export interface EmailChangeMail {
  to: string
  otp: string
  hash: string
}

const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

async function saveToken(
  tx: Queryable,
  userId: string,
  type: 'email_change_token_new' | 'email_change_token_current',
  hash: string,
  relatesTo: string,
) {
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5)
     on conflict (user_id, token_type)
     do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
                   updated_at = now()`,
    [randomUUID(), userId, type, hash, relatesTo],
  )
}

/**
 * Stores a pending change to `newEmail` with fresh codes (the current address's only when `secure`)
 * and returns the emails to send once `tx` commits, the new address's first.
 */
export async function startEmailChange(
  tx: Queryable,
  options: {
    user: UserRow
    newEmail: string
    secure: boolean
    pkce: PkceRequest | undefined
    at: string
    tokenHash(email: string, otp: string): string
  },
): Promise<EmailChangeMail[]> {
  const { user, newEmail, pkce, at } = options
  const otpNew = newOtp()
  const mails: EmailChangeMail[] = [
    { to: newEmail, otp: otpNew, hash: flowToken(options.tokenHash(newEmail, otpNew), pkce) },
  ]
  if (options.secure && user.email) {
    const otpCurrent = newOtp()
    mails.push({
      to: user.email,
      otp: otpCurrent,
      hash: flowToken(options.tokenHash(user.email, otpCurrent), pkce),
    })
  }
  const [forNew, forCurrent] = mails
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3,
            email_change_token_current = $4, email_change_confirm_status = 0,
            email_change_sent_at = $5::timestamptz, updated_at = $5::timestamptz where id = $1`,
    [user.id, newEmail, forNew!.hash, forCurrent?.hash ?? '', at],
  )
  await saveToken(tx, user.id, 'email_change_token_new', forNew!.hash, newEmail)
  if (forCurrent) {
    await saveToken(tx, user.id, 'email_change_token_current', forCurrent.hash, user.email)
  } else {
    await tx.query(
      `delete from auth.one_time_tokens where user_id = $1 and token_type = 'email_change_token_current'`,
      [user.id],
    )
  }
  return mails
}

/**
 * After one of the two links was used (its column already cleared in `tx`): true when the other is
 * still waiting, in which case the change is recorded as half confirmed and not applied yet.
 */
export async function awaitsOtherConfirmation(
  tx: Queryable,
  userId: string,
  used: 'email_change_token_new' | 'email_change_token_current',
): Promise<boolean> {
  const other =
    used === 'email_change_token_new' ? 'email_change_token_current' : 'email_change_token_new'
  const found = await tx.query<{ pending: boolean }>(
    `select coalesce(${other}, '') <> '' as pending from auth.users where id = $1`,
    [userId],
  )
  if (!found.rows[0]?.pending) return false
  await tx.query(`update auth.users set email_change_confirm_status = 1 where id = $1`, [userId])
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`,
    [userId, used],
  )
  return true
}
