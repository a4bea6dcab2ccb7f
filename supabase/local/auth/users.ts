import { randomBytes, randomUUID } from 'node:crypto'
import type { Transaction } from '@electric-sql/pglite'

/**
 * SQL for the auth tables (shapes of GoTrue's migrations, created by the database bootstrap) and the JSON
 * shape of GoTrue's `models.User`. Timestamps are formatted in Postgres as RFC 3339 with microseconds.
 */
export type Queryable = Pick<Transaction, 'query'>

const rfc3339 = (expr: string) =>
  `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const TIMESTAMPS = [
  'email_confirmed_at',
  'phone_confirmed_at',
  'confirmation_sent_at',
  'confirmed_at',
  'recovery_sent_at',
  'email_change_sent_at',
  'invited_at',
  'last_sign_in_at',
  'created_at',
  'updated_at',
  'banned_until',
] as const

type TimestampColumn = (typeof TIMESTAMPS)[number]

export type UserRow = {
  id: string
  aud: string
  role: string
  email: string
  phone: string
  encrypted_password: string | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  is_anonymous: boolean
  email_change: string | null
  confirmation_token: string | null
  recovery_token: string | null
  email_change_token_new: string | null
  email_change_token_current: string | null
  identities: Record<string, unknown>[]
  factors: Record<string, unknown>[]
} & Record<TimestampColumn, string | null>

const USER_SELECT = `
  select u.id, coalesce(u.aud, 'authenticated') as aud, coalesce(u.role, 'authenticated') as role,
         coalesce(u.email, '') as email, coalesce(u.phone, '') as phone, u.encrypted_password,
         u.raw_app_meta_data, u.raw_user_meta_data, u.is_anonymous, u.email_change,
         u.confirmation_token, u.recovery_token, u.email_change_token_new,
         u.email_change_token_current,
         ${TIMESTAMPS.map((c) => `${rfc3339(`u.${c}`)} as ${c}`).join(', ')},
         (select coalesce(jsonb_agg(jsonb_build_object(
                   'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id,
                   'identity_data', i.identity_data, 'provider', i.provider,
                   'last_sign_in_at', ${rfc3339('i.last_sign_in_at')},
                   'created_at', ${rfc3339('i.created_at')}, 'updated_at', ${rfc3339('i.updated_at')},
                   'email', i.email) order by i.created_at), '[]'::jsonb)
            from auth.identities i where i.user_id = u.id) as identities,
         (select coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
                   'id', f.id, 'friendly_name', nullif(f.friendly_name, ''),
                   'factor_type', f.factor_type, 'status', f.status,
                   'created_at', ${rfc3339('f.created_at')}, 'updated_at', ${rfc3339('f.updated_at')},
                   'last_challenged_at', ${rfc3339('f.last_challenged_at')})) || '{"phone": ""}'
                   order by f.created_at), '[]'::jsonb)
            from auth.mfa_factors f where f.user_id = u.id) as factors
    from auth.users u`

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined
  const res = await q.query<UserRow>(`${USER_SELECT} where u.id = $1`, [id])
  return res.rows[0]
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const res = await q.query<UserRow>(
    `${USER_SELECT} where lower(u.email) = $1 and u.is_sso_user = false`,
    [email.toLowerCase()],
  )
  return res.rows[0]
}

export type TokenColumn =
  'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current'

export async function findUserByToken(
  q: Queryable,
  column: TokenColumn,
  tokenHash: string,
): Promise<UserRow | undefined> {
  if (!tokenHash) return undefined
  const res = await q.query<UserRow>(`${USER_SELECT} where u.${column} = $1`, [tokenHash])
  return res.rows[0]
}

export async function listUsers(q: Queryable, limit: number, offset: number) {
  const res = await q.query<UserRow>(
    `${USER_SELECT} order by u.created_at desc, u.id limit $1 offset $2`,
    [limit, offset],
  )
  const total = await q.query<{ n: number }>('select count(*)::int as n from auth.users')
  return { users: res.rows, total: total.rows[0]?.n ?? 0 }
}

/** GoTrue's `models.User` JSON: optional timestamps are omitted when null. */
export function userJson(row: UserRow): Record<string, unknown> {
  const optional: Record<string, unknown> = {}
  for (const column of TIMESTAMPS) {
    if (column === 'created_at' || column === 'updated_at') continue
    const value = row[column]
    if (value != null) optional[column] = value
  }
  if (row.email_change) optional.new_email = row.email_change
  return {
    id: row.id,
    aud: row.aud,
    role: row.role,
    email: row.email,
    phone: row.phone,
    ...optional,
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: row.identities,
    // GoTrue leaves `factors` out when the user has none.
    ...(row.factors?.length ? { factors: row.factors } : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_anonymous: row.is_anonymous,
  }
}

export interface NewUser {
  email: string
  passwordHash: string | null
  userMetadata: Record<string, unknown>
  /** Keep the user's metadata as given (the admin API) instead of merging the identity's into it. */
  metadataAsSent?: boolean
  appMetadata?: Record<string, unknown>
  confirmed: boolean
  /** Token hash stored as `confirmation_token` when a confirmation email goes out. */
  confirmationTokenHash?: string
  now: string
}

/** Inserts the user and its email identity; DB triggers on auth.users (profiles) fire here. */
export async function insertUser(tx: Queryable, user: NewUser): Promise<string> {
  const id = randomUUID()
  const identityData = {
    sub: id,
    email: user.email,
    email_verified: user.confirmed,
    phone_verified: false,
    ...user.userMetadata,
  }
  // Like GoTrue, the identity's data is merged into the user's metadata on creation.
  const userMetadata = user.metadataAsSent
    ? user.userMetadata
    : { ...user.userMetadata, ...identityData }
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata }
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             confirmation_token, confirmation_sent_at, raw_app_meta_data,
                             raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous,
                             recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
             case when $4 then $5::timestamptz end, coalesce($6, ''),
             case when $6::text is not null then $5::timestamptz end, $7::jsonb, $8::jsonb, false,
             $5::timestamptz, $5::timestamptz, false, '', '', '')`,
    [
      id,
      user.email,
      user.passwordHash ?? '',
      user.confirmed,
      user.now,
      user.confirmationTokenHash ?? null,
      JSON.stringify(appMetadata),
      JSON.stringify(userMetadata),
    ],
  )
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at,
                                  created_at, updated_at)
     values ($1, $2::text, $2::uuid, $3::jsonb, 'email', $4::timestamptz, $4::timestamptz, $4::timestamptz)`,
    [randomUUID(), id, JSON.stringify(identityData), user.now],
  )
  if (user.confirmationTokenHash) {
    await saveOneTimeToken(tx, id, 'confirmation_token', user.confirmationTokenHash, user.email)
  }
  return id
}

/** Mirrors a token into auth.one_time_tokens, where hosted GoTrue looks tokens up. */
export async function saveOneTimeToken(
  tx: Queryable,
  userId: string,
  type: 'confirmation_token' | 'recovery_token' | 'email_change_token_new',
  tokenHash: string,
  relatesTo: string,
) {
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5)
     on conflict (user_id, token_type)
     do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
                   updated_at = now()`,
    [randomUUID(), userId, type, tokenHash, relatesTo],
  )
}

export async function deleteOneTimeToken(tx: Queryable, userId: string, type: string) {
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`,
    [userId, type],
  )
}

/** Marks the email confirmed in the user and its identity (GoTrue `Confirm`). */
export async function confirmEmail(tx: Queryable, userId: string, now: string) {
  await tx.query(
    `update auth.users
        set email_confirmed_at = coalesce(email_confirmed_at, $2::timestamptz),
            confirmation_token = '', updated_at = $2::timestamptz,
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'
      where id = $1`,
    [userId, now],
  )
  await tx.query(
    `update auth.identities
        set identity_data = identity_data || '{"email_verified": true}', updated_at = $2::timestamptz
      where user_id = $1 and provider = 'email'`,
    [userId, now],
  )
  await deleteOneTimeToken(tx, userId, 'confirmation_token')
}

/** Shallow merge where a `null` value deletes the key (GoTrue `UpdateUserMetaData`). */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current }
  for (const [key, value] of Object.entries(patch)) {
    if (key === '__proto__') continue
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

export interface SessionTokens {
  sessionId: string
  refreshToken: string
}

/** Refresh tokens: 128 random bits, URL-safe. */
export const newRefreshToken = () => randomBytes(16).toString('base64url')

export async function createSession(
  tx: Queryable,
  userId: string,
  opts: { now: string; amr: string; userAgent: string | null; ip: string | null },
): Promise<SessionTokens> {
  const sessionId = randomUUID()
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, $3::timestamptz, $3::timestamptz, 'aal1', $4, $5::inet)`,
    [sessionId, userId, opts.now, opts.userAgent, opts.ip],
  )
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, $3::timestamptz, $3::timestamptz, $4)`,
    [randomUUID(), sessionId, opts.now, opts.amr],
  )
  const refreshToken = newRefreshToken()
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,
                                      parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3::timestamptz, $3::timestamptz,
             null, $4)`,
    [refreshToken, userId, opts.now, sessionId],
  )
  await tx.query(
    `update auth.users set last_sign_in_at = $2::timestamptz, updated_at = $2::timestamptz where id = $1`,
    [userId, opts.now],
  )
  await tx.query(
    `update auth.identities set last_sign_in_at = $2::timestamptz where user_id = $1 and provider = 'email'`,
    [userId, opts.now],
  )
  return { sessionId, refreshToken }
}

export async function sessionAmr(q: Queryable, sessionId: string) {
  const res = await q.query<{ method: string; at: number }>(
    `select authentication_method as method, extract(epoch from created_at)::int as at
       from auth.mfa_amr_claims where session_id = $1 order by created_at`,
    [sessionId],
  )
  return res.rows.map((r) => ({ method: r.method, timestamp: r.at }))
}

/**
 * GoTrue keeps a session's authentication methods in auth.mfa_amr_claims. The database bootstrap does
 * not create it, so the auth server adds it (as GoTrue's own migrations do on hosted).
 */
export const AUTH_SCHEMA_ADDITIONS = `
  create table if not exists auth.mfa_amr_claims (
    session_id uuid not null references auth.sessions (id) on delete cascade,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    authentication_method text not null,
    id uuid not null primary key,
    constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
  );`

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_RE.test(value)
