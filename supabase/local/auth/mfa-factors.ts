import { randomUUID } from 'node:crypto'
import type { Queryable } from './users'

/**
 * Second factors as stored: GoTrue's tables for factors and challenges, a factor as its JSON, a
 * session's assurance level, and what adding or removing a factor changes.
 */
export const MFA_SCHEMA = `
  do $$ begin
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  exception when duplicate_object then null; end $$;
  do $$ begin
    create type auth.factor_status as enum ('unverified', 'verified');
  exception when duplicate_object then null; end $$;
  create table if not exists auth.mfa_factors (
    id uuid not null primary key,
    user_id uuid not null references auth.users (id) on delete cascade,
    friendly_name text,
    factor_type auth.factor_type not null,
    status auth.factor_status not null,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    secret text,
    phone text,
    last_challenged_at timestamptz
  );
  -- Only what is missing, so a factors table this server does not own (bootstrapped by another role,
  -- as on a hosted-like database) is left alone.
  do $$ begin
    -- As GoTrue: a challenge is verified once, not a code; an older local database loses its column.
    if exists (select 1 from information_schema.columns where table_schema = 'auth'
                  and table_name = 'mfa_factors' and column_name = 'last_verified_step') then
      alter table auth.mfa_factors drop column last_verified_step;
    end if;
    if to_regclass('auth.mfa_factors_user_friendly_name_unique') is null then
      create unique index mfa_factors_user_friendly_name_unique
        on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
    end if;
    if to_regclass('auth.factor_id_created_at_idx') is null then
      create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
    end if;
  end $$;
  create table if not exists auth.mfa_challenges (
    id uuid not null primary key,
    factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
    created_at timestamptz not null,
    verified_at timestamptz,
    ip_address inet not null,
    otp_code text
  );
  create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);`

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: string
  status: 'verified' | 'unverified'
  created_at: string
  updated_at: string
  last_challenged_at: string | null
  secret: string | null
}

const rfc3339 = (expr: string) =>
  `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

export const FACTOR_SELECT = `select id, user_id, friendly_name, factor_type::text as factor_type,
    status::text as status, ${rfc3339('created_at')} as created_at,
    ${rfc3339('updated_at')} as updated_at, ${rfc3339('last_challenged_at')} as last_challenged_at,
    secret
  from auth.mfa_factors`

/** GoTrue's `models.Factor` JSON. */
export function factorJson(row: FactorRow): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    factor_type: row.factor_type,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    phone: '',
    ...(row.last_challenged_at ? { last_challenged_at: row.last_challenged_at } : {}),
  }
}

export async function userFactors(q: Queryable, userId: string): Promise<FactorRow[]> {
  const res = await q.query<FactorRow>(`${FACTOR_SELECT} where user_id = $1 order by created_at`, [
    userId,
  ])
  return res.rows
}

/** The session's assurance level and methods, as the access token states them (newest method first). */
export async function sessionAssurance(q: Queryable, sessionId: string) {
  const res = await q.query<{ aal: string | null }>(
    'select aal::text as aal from auth.sessions where id = $1',
    [sessionId],
  )
  const amr = await q.query<{ method: string; at: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::int as at
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, created_at desc`,
    [sessionId],
  )
  return {
    aal: res.rows[0]?.aal ?? 'aal1',
    amr: amr.rows.map((r) => ({ method: r.method, timestamp: r.at })),
  }
}

/** Makes a verified TOTP factor with a known secret (the local staff accounts). */
export async function addVerifiedTotpFactor(
  q: Queryable,
  userId: string,
  secret: string,
  friendlyName: string,
) {
  await q.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
                                   updated_at, secret)
     values ($1, $2, $3, 'totp', 'verified', now(), now(), $4)`,
    [randomUUID(), userId, friendlyName, secret],
  )
}

/** Sessions the factor raised to aal2 fall back to aal1 when it goes. */
export async function removeFactor(q: Queryable, factorId: string) {
  await q.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [
    factorId,
  ])
  await q.query(
    `delete from auth.mfa_amr_claims c using auth.sessions s
      where c.session_id = s.id and s.factor_id is null and c.authentication_method = 'totp'
        and s.user_id = (select user_id from auth.mfa_factors where id = $1)
        and not exists (select 1 from auth.mfa_factors f
                         where f.user_id = s.user_id and f.id <> $1 and f.status = 'verified')`,
    [factorId],
  )
  await q.query('delete from auth.mfa_factors where id = $1', [factorId])
}
