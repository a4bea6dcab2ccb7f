import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import { AuthError, errors } from './errors'
import type { Queryable } from './users'

/**
 * GoTrue's PKCE flow for email links. A request that carries `code_challenge` and
 * `code_challenge_method` stores a flow state (challenge, method, auth code) for the user and marks the
 * emailed token with `pkce_`; `GET /verify` with such a token then redirects with `?code=<auth code>`
 * instead of a session in the fragment, and `POST /token?grant_type=pkce` trades the code and its
 * verifier for a session, once, within the flow state's lifetime.
 */
export const PKCE_PREFIX = 'pkce_'

/** GoTrue's `flow_state` table (text instead of its enum for the challenge method). */
export const FLOW_STATE_SCHEMA = `
  create table if not exists auth.flow_state (
    id uuid primary key,
    user_id uuid null,
    auth_code text null,
    code_challenge_method text null check (code_challenge_method in ('s256', 'plain')),
    code_challenge text null,
    provider_type text not null,
    provider_access_token text null,
    provider_refresh_token text null,
    created_at timestamptz null,
    updated_at timestamptz null,
    authentication_method text not null,
    auth_code_issued_at timestamptz null
  );
  create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
  create index if not exists flow_state_user_method_idx
    on auth.flow_state (user_id, authentication_method, created_at);`

/** The authentication methods GoTrue records on an email flow state. */
export type FlowMethod = 'email/signup' | 'recovery' | 'magiclink' | 'email_change' | 'invite'

export interface PkceRequest {
  challenge: string
  method: 's256' | 'plain'
}

const CHALLENGE_RE = /^[a-zA-Z._~0-9-]+$/

/** GoTrue's `validatePKCEParams`: both or neither, a challenge of 43–128 unreserved characters. */
export function readPkceRequest(body: Record<string, unknown>): PkceRequest | undefined {
  const challenge = typeof body.code_challenge === 'string' ? body.code_challenge : ''
  const method = typeof body.code_challenge_method === 'string' ? body.code_challenge_method : ''
  if (!challenge !== !method) {
    throw errors.validation('PKCE flow requires code_challenge_method and code_challenge')
  }
  if (!challenge) return undefined
  if (challenge.length < 43 || challenge.length > 128) {
    throw errors.validation('code challenge has to be between 43 and 128 characters')
  }
  if (!CHALLENGE_RE.test(challenge)) {
    throw errors.validation(
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    )
  }
  const lower = method.toLowerCase()
  if (lower !== 's256' && lower !== 'plain') {
    throw errors.validation(`unsupported code_challenge method "${method}"`)
  }
  return { challenge, method: lower }
}

/** The token as stored and emailed: `pkce_`-marked when the request started a PKCE flow. */
export const flowToken = (hash: string, pkce: PkceRequest | undefined) =>
  pkce ? PKCE_PREFIX + hash : hash

/** GoTrue's `ParseAuthenticationMethod` for a verification type. */
export function flowMethodOf(type: string): FlowMethod {
  if (type.endsWith('signup')) return 'email/signup'
  if (type === 'recovery' || type === 'magiclink' || type === 'email_change' || type === 'invite') {
    return type
  }
  throw errors.validation(`unsupported authentication method ${type}`)
}

/** GoTrue's `security.VerifyPKCEChallenge`. */
export function verifyChallenge(challenge: string, method: string, verifier: string): void {
  const same = (a: string, b: string) => {
    const x = Buffer.from(a)
    const y = Buffer.from(b)
    return x.length === y.length && timingSafeEqual(x, y)
  }
  let ok: boolean
  if (method === 's256') {
    ok = same(challenge, createHash('sha256').update(verifier).digest('base64url'))
  } else if (method === 'plain') {
    ok = same(challenge, verifier)
  } else {
    throw new AuthError(400, 'bad_code_verifier', 'code challenge method not supported')
  }
  if (!ok) {
    throw new AuthError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    )
  }
}

export interface PkceFlows {
  /** Stores a flow state for `userId` when the request asked for PKCE (GoTrue `generateFlowState`). */
  begin(
    tx: Queryable,
    userId: string,
    method: FlowMethod,
    pkce: PkceRequest | undefined,
  ): Promise<void>
  /** The newest flow state's auth code for the user and method, stamped as issued now. */
  issueAuthCode(tx: Queryable, userId: string, method: FlowMethod): Promise<string>
  /**
   * `grant_type=pkce`: the flow state the code belongs to, checked (found, not expired, verifier
   * matches) and deleted in `tx`, so a code works once. Returns the user it signs in.
   */
  redeem(
    tx: Queryable,
    authCode: unknown,
    verifier: unknown,
  ): Promise<{ userId: string; method: string }>
}

export function createPkceFlows(options: {
  now: () => number
  /** Seconds a flow state stays usable (GoTrue's FlowStateExpiryDuration, at least 300). */
  expirySeconds: () => number
}): PkceFlows {
  const iso = () => new Date(options.now()).toISOString()

  return {
    async begin(tx, userId, method, pkce) {
      if (!pkce) return
      const at = iso()
      await tx.query(
        `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
                                      provider_type, authentication_method, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $6, $7::timestamptz, $7::timestamptz)`,
        [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, method, at],
      )
    },

    async issueAuthCode(tx, userId, method) {
      const found = await tx.query<{ id: string; auth_code: string | null }>(
        `select id, auth_code from auth.flow_state
          where user_id = $1 and authentication_method = $2
          order by created_at desc limit 1`,
        [userId, method],
      )
      const row = found.rows[0]
      if (!row) {
        throw new AuthError(
          400,
          'flow_state_not_found',
          'No associated flow state found. No valid flow state found for user.',
        )
      }
      if (!row.auth_code) {
        throw new AuthError(
          400,
          'flow_state_not_found',
          'No associated flow state found. Flow state does not have an auth code (not a PKCE flow).',
        )
      }
      await tx.query(
        `update auth.flow_state set auth_code_issued_at = $2::timestamptz, updated_at = $2::timestamptz
          where id = $1`,
        [row.id, iso()],
      )
      return row.auth_code
    },

    async redeem(tx, authCode, verifier) {
      const code = typeof authCode === 'string' ? authCode : ''
      const codeVerifier = typeof verifier === 'string' ? verifier : ''
      if (!code || !codeVerifier) {
        throw errors.validation(
          'invalid request: both auth code and code verifier should be non-empty',
        )
      }
      // Locked, so two exchanges of one code cannot both pass.
      const found = await tx.query<{
        id: string
        user_id: string | null
        code_challenge: string | null
        code_challenge_method: string | null
        authentication_method: string
        created_ms: number
        issued_ms: number | null
      }>(
        `select id, user_id, code_challenge, code_challenge_method, authentication_method,
                (extract(epoch from created_at) * 1000)::float8 as created_ms,
                (extract(epoch from auth_code_issued_at) * 1000)::float8 as issued_ms
           from auth.flow_state where auth_code = $1 for update`,
        [code],
      )
      const flow = found.rows[0]
      if (!flow?.user_id) {
        throw new AuthError(
          404,
          'flow_state_not_found',
          'invalid flow state, no valid flow state found',
        )
      }
      // GoTrue's `IsExpired`: a magic link's code counts from its issue, any other from the request.
      const since =
        flow.authentication_method === 'magiclink' && flow.issued_ms != null
          ? flow.issued_ms
          : flow.created_ms
      if (options.now() > since + options.expirySeconds() * 1000) {
        throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
      }
      if (!flow.code_challenge) {
        throw new AuthError(
          400,
          'bad_code_verifier',
          'PKCE verification not applicable for implicit flow',
        )
      }
      verifyChallenge(flow.code_challenge, flow.code_challenge_method ?? '', codeVerifier)
      await tx.query('delete from auth.flow_state where id = $1', [flow.id])
      return { userId: flow.user_id, method: flow.authentication_method }
    },
  }
}

/** GoTrue's `prepPKCERedirectURL`: the auth code in the query, every other parameter kept. */
export function redirectWithCode(redirectTo: string, code: string): string {
  const url = new URL(redirectTo)
  url.searchParams.set('code', code)
  return url.href
}

/**
 * GoTrue's `prepErrorRedirectURL`: the error in the fragment, and for a PKCE link in the query too
 * (where a server-side page can read it).
 */
export function redirectWithError(
  redirectTo: string,
  error: { code: string; message: string },
  pkce: boolean,
): string {
  const url = new URL(redirectTo)
  const fields = {
    error: 'access_denied',
    error_code: error.code,
    error_description: error.message,
  }
  if (pkce) for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value)
  url.hash = new URLSearchParams({ ...fields, sb: '' }).toString()
  return url.href
}
