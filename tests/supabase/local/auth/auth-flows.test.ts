import {
  AuthApiError,
  AuthWeakPasswordError,
  isAuthSessionMissingError,
} from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, uniqueEmail, type TestServer } from '../../../support/server'

/** GoTrue behaviour as supabase-js 2.119 sees it: sign-up, sign-in, user, update, sign-out, errors. */
let t: TestServer

beforeAll(async () => {
  t = await startTestServer({ seedStaff: true })
})
afterAll(async () => {
  await t?.close()
})

const authFetch = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${t.url}/auth/v1${path}`, {
    ...init,
    headers: {
      apikey: t.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  })

describe('sign-up (autoconfirm on, the local default)', () => {
  it('creates a confirmed user with a session, and the profile trigger runs', async () => {
    const email = uniqueEmail('Alice').replace('alice', 'ALICE')
    const client = t.client()
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { data: { full_name: 'Alice Wanjiru' } },
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(data.session?.expires_in).toBe(3600)
    expect(data.user?.email).toBe(email.toLowerCase())
    expect(data.user?.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/)
    expect(data.user?.user_metadata.full_name).toBe('Alice Wanjiru')
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(data.user?.identities).toHaveLength(1)
    expect(data.user?.identities?.[0]?.identity_data?.email).toBe(email.toLowerCase())

    // The profile trigger on auth.users ran, and RLS lets the new user read their own row.
    const profile = await client.from('profiles').select('id, full_name').single()
    expect(profile.error).toBeNull()
    expect(profile.data).toEqual({ id: data.user?.id, full_name: 'Alice Wanjiru' })

    const claims = JSON.parse(
      Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>
    expect(claims).toMatchObject({
      iss: `${t.url}/auth/v1`,
      sub: data.user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: email.toLowerCase(),
      phone: '',
      is_anonymous: false,
      user_metadata: { full_name: 'Alice Wanjiru' },
    })
    expect(claims.exp).toBe((claims.iat as number) + 3600)
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
  })

  it('refuses a second sign-up of the same email: 422 user_already_exists', async () => {
    const email = uniqueEmail()
    await t.client().auth.signUp({ email, password: 'secret123' })
    const { data, error } = await t.client().auth.signUp({ email, password: 'other-pass' })
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    })
    expect(data.user).toBeNull()
  })

  it('answers weak, over-long and missing passwords and bad emails like GoTrue', async () => {
    const weak = await t.client().auth.signUp({ email: uniqueEmail(), password: '123' })
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError)
    expect(weak.error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    })

    const long = await t.client().auth.signUp({ email: uniqueEmail(), password: 'x'.repeat(73) })
    expect(long.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    })

    const missing = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail() }),
    })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    })

    const badEmail = await t.client().auth.signUp({ email: 'not-an-email', password: 'secret123' })
    expect(badEmail.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })
  })

  it('uses the legacy error shape when the client sends no API version', async () => {
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'whatever1' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
  })
})

describe('sign-in', () => {
  it('gives invalid_credentials for a wrong password and for an unknown email', async () => {
    const { email } = await t.signUpUser()
    for (const attempt of [
      { email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: 'secret-pass-1' },
    ]) {
      const { data, error } = await t.client().auth.signInWithPassword(attempt)
      expect(error).toBeInstanceOf(AuthApiError)
      expect(error?.name).toBe('AuthApiError')
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      })
      expect(data.session).toBeNull()
    }
  })

  it('rejects an unsupported grant type', async () => {
    const res = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    })
  })

  it('reports the API version and error code in headers that CORS exposes', async () => {
    const res = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail(), password: 'nope-nope' }),
      headers: { origin: 'http://localhost:5173' },
    })
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const exposed = res.headers.get('access-control-expose-headers')?.toLowerCase() ?? ''
    expect(exposed).toContain('x-supabase-api-version')
    expect(exposed).toContain('x-sb-error-code')
  })
})

describe('GET /user and requireAuthentication', () => {
  it('returns the bare user for a valid session', async () => {
    const { client, email } = await t.signUpUser()
    const { data, error } = await client.auth.getUser()
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
  })

  it('checks in order: Bearer (401) → JWT (403 bad_jwt) → user → session', async () => {
    const none = await authFetch('/user', { headers: { authorization: 'Basic abc' } })
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    })

    const anon = await authFetch('/user', { token: t.anonKey })
    expect(anon.status).toBe(403)
    expect(await anon.json()).toEqual({
      code: 'bad_jwt',
      message: 'invalid claim: missing sub claim',
    })

    const { client, userId } = await t.signUpUser()
    const token = (await client.auth.getSession()).data.session!.access_token
    const { error: deleteError } = await t.admin().auth.admin.deleteUser(userId)
    expect(deleteError).toBeNull()
    const gone = await authFetch('/user', { token })
    expect(gone.status).toBe(403)
    expect(await gone.json()).toEqual({
      code: 'user_not_found',
      message: 'User from sub claim in JWT does not exist',
    })
  })
})

describe('PUT /user', () => {
  it('merges user_metadata shallowly and deletes keys set to null', async () => {
    const { client } = await t.signUpUser(undefined, undefined, {
      full_name: 'Amina',
      county: 'Mombasa',
    })
    const { data, error } = await client.auth.updateUser({
      data: { county: null, phone_pref: 'sms' },
    })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Amina', phone_pref: 'sms' })
    expect(data.user?.user_metadata).not.toHaveProperty('county')
  })

  it('refuses app_metadata from a user and never takes roles from user_metadata', async () => {
    const { client, userId } = await t.signUpUser()
    const token = (await client.auth.getSession()).data.session!.access_token
    const res = await authFetch('/user', {
      method: 'PUT',
      token,
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      code: 'not_admin',
      message: 'Updating app_metadata requires admin privileges',
    })
    await client.auth.updateUser({ data: { role: 'admin' } })
    const refreshed = await client.auth.refreshSession()
    const claims = JSON.parse(
      Buffer.from(refreshed.data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    ) as { role: string; app_metadata: Record<string, unknown> }
    expect(claims.role).toBe('authenticated')
    expect(claims.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    const roles = await t.server.db.pg.query('select * from public.user_roles where user_id = $1', [
      userId,
    ])
    expect(roles.rows).toEqual([])
  })

  it('refuses the same password and a taken email', async () => {
    const other = await t.signUpUser()
    const { client, password } = await t.signUpUser()
    const same = await client.auth.updateUser({ password })
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    })
    const taken = await client.auth.updateUser({ email: other.email })
    expect(taken.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    })
  })

  it('changes the password and signs out every other session', async () => {
    const { client, email, password } = await t.signUpUser()
    const other = t.client()
    await other.auth.signInWithPassword({ email, password })

    const changed = await client.auth.updateUser({ password: 'brand-new-pass' })
    expect(changed.error).toBeNull()

    expect((await client.auth.getUser()).error).toBeNull()
    const stale = await other.auth.getUser()
    expect(isAuthSessionMissingError(stale.error)).toBe(true)
    expect((await other.auth.getSession()).data.session).toBeNull()

    const oldPassword = await t.client().auth.signInWithPassword({ email, password })
    expect(oldPassword.error?.code).toBe('invalid_credentials')
    const newPassword = await t
      .client()
      .auth.signInWithPassword({ email, password: 'brand-new-pass' })
    expect(newPassword.error).toBeNull()
  })
})

describe('sign-out scopes', () => {
  async function threeSessions() {
    const first = await t.signUpUser()
    const second = t.client()
    const third = t.client()
    await second.auth.signInWithPassword({ email: first.email, password: first.password })
    await third.auth.signInWithPassword({ email: first.email, password: first.password })
    const tokens = await Promise.all(
      [first.client, second, third].map(
        async (c) => (await c.auth.getSession()).data.session!.access_token,
      ),
    )
    const alive = async () =>
      Promise.all(tokens.map(async (token) => (await authFetch('/user', { token })).status))
    return { clients: [first.client, second, third] as const, tokens, alive }
  }

  it('local ends only this session; the old access token then gets 403 session_not_found', async () => {
    const { clients, tokens, alive } = await threeSessions()
    expect((await clients[0].auth.signOut({ scope: 'local' })).error).toBeNull()
    expect(await alive()).toEqual([403, 200, 200])
    const res = await authFetch('/user', { token: tokens[0] })
    expect(await res.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    })
    // Like PostgREST, the REST layer checks only the signature and expiry, not the session.
    const rest = await t.client({ accessToken: tokens[0] }).from('profiles').select('id')
    expect(rest.error).toBeNull()
    expect(rest.data).toHaveLength(1)
  })

  it('others ends every session but this one', async () => {
    const { clients, alive } = await threeSessions()
    expect((await clients[0].auth.signOut({ scope: 'others' })).error).toBeNull()
    expect(await alive()).toEqual([200, 403, 403])
  })

  it('global (the default) ends them all, with 204 and an empty body', async () => {
    const { tokens, alive } = await threeSessions()
    const res = await authFetch('/logout', { method: 'POST', token: tokens[1] })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect(await alive()).toEqual([403, 403, 403])
  })

  it('a signed-out client forgets its session even when the server already did', async () => {
    const { clients } = await threeSessions()
    await clients[1].auth.signOut()
    const { error } = await clients[0].auth.signOut()
    expect(error).toBeNull()
    expect((await clients[0].auth.getSession()).data.session).toBeNull()
  })
})

describe('local staff accounts', () => {
  it.each([
    ['admin@luxekenya.test', 'admin'],
    ['manager@luxekenya.test', 'manager'],
  ])('%s signs in with the local password and holds the %s role', async (email, role) => {
    const client = t.client()
    const { data, error } = await client.auth.signInWithPassword({
      email,
      password: 'local-dev-password',
    })
    expect(error).toBeNull()
    const roles = await client.from('user_roles').select('role').eq('user_id', data.user!.id)
    expect(roles.error).toBeNull()
    expect(roles.data).toEqual([{ role }])
    // The role lives in user_roles only, never in the token's metadata.
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
  })
})

describe('settings, health and the admin API', () => {
  it('serves settings and health', async () => {
    const settings = await (await authFetch('/settings')).json()
    expect(settings).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: true,
    })
    const health = await (await authFetch('/health')).json()
    expect(health).toMatchObject({ name: 'GoTrue' })
  })

  it('lets only the service role use /admin', async () => {
    const { client } = await t.signUpUser()
    const token = (await client.auth.getSession()).data.session!.access_token
    const asUser = await authFetch('/admin/users', { token })
    expect(asUser.status).toBe(403)
    expect(await asUser.json()).toEqual({ code: 'not_admin', message: 'User not allowed' })
    const asAnon = await authFetch('/admin/users', { token: t.anonKey })
    expect(asAnon.status).toBe(403)

    const { data, error } = await t.admin().auth.admin.listUsers()
    expect(error).toBeNull()
    expect(data.users.length).toBeGreaterThan(0)
  })
})
