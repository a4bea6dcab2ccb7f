import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, uniqueEmail, type TestServer } from '../../../support/server'

/**
 * Refresh-token rotation, email flows through the dev inbox (recovery, confirmation, OTP expiry) and the
 * sign-in rate limit. Server time is moved with the server's clock instead of waiting.
 */
let t: TestServer
let defaults: string

beforeAll(async () => {
  t = await startTestServer()
  defaults = JSON.stringify(t.server.authSettings)
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => {
  Object.assign(t.server.authSettings, JSON.parse(defaults))
})

const refresh = (refreshToken: string) =>
  fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: {
      apikey: t.anonKey,
      authorization: `Bearer ${t.anonKey}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })

async function sessionOf(client: ReturnType<TestServer['client']>) {
  const session = (await client.auth.getSession()).data.session
  if (!session) throw new Error('no session')
  return session
}

describe('refresh tokens', () => {
  it('rotates: a new refresh token in the same session, with a fresh user object', async () => {
    const { client } = await t.signUpUser()
    const before = await sessionOf(client)
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    expect(data.session?.refresh_token).toBeTruthy()
    expect(data.session?.refresh_token).not.toBe(before.refresh_token)
    const sid = (token: string) =>
      (
        JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
          session_id: string
        }
      ).session_id
    expect(sid(data.session!.access_token)).toBe(sid(before.access_token))
    expect(data.user?.id).toBe(before.user.id)
  })

  it('answers a retry of the parent of the active token with the active token', async () => {
    const { client } = await t.signUpUser()
    const first = (await sessionOf(client)).refresh_token
    const rotated = (await (await refresh(first)).json()) as { refresh_token: string }
    const retry = await refresh(first)
    expect(retry.status).toBe(200)
    expect(((await retry.json()) as { refresh_token: string }).refresh_token).toBe(
      rotated.refresh_token,
    )
  })

  it('allows reuse within 10 s; later reuse is refused and kills the whole session', async () => {
    const { client } = await t.signUpUser()
    const t0 = (await sessionOf(client)).refresh_token
    const t1 = ((await (await refresh(t0)).json()) as { refresh_token: string }).refresh_token
    const t2 = ((await (await refresh(t1)).json()) as { refresh_token: string }).refresh_token
    const accessToken = ((await (await refresh(t2)).json()) as { access_token: string })
      .access_token

    // t0 is no longer the parent of the active token, but its grace period is still running.
    expect((await refresh(t0)).status).toBe(200)

    t.server.clock.advance(11_000)
    const reused = await refresh(t1)
    expect(reused.status).toBe(400)
    expect(await reused.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    })
    // Possible theft: nothing of that session works any more.
    const user = await fetch(`${t.url}/auth/v1/user`, {
      headers: { apikey: t.anonKey, authorization: `Bearer ${accessToken}` },
    })
    expect(user.status).toBe(403)
    const newest = await refresh(t2)
    expect(newest.status).toBe(400)
  })

  it('rejects unknown and empty refresh tokens', async () => {
    const unknown = await refresh('not-a-real-token')
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    })
    const empty = await refresh('')
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    })
  })
})

describe('password recovery through the dev inbox', () => {
  it('sends a link and a code; the code opens a recovery session that sets a new password', async () => {
    const { email, password } = await t.signUpUser()
    const client = t.client()
    const sent = await client.auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:5173/account',
    })
    expect(sent).toEqual({ data: {}, error: null })

    const inbox = (await (await fetch(`${t.url}/__dev/inbox.json`)).json()) as {
      to: string
      subject: string
      otp: string
      link: string
    }[]
    const mail = inbox.find((m) => m.to === email)
    expect(mail?.subject).toBe('Reset Your Password')
    expect(mail?.otp).toMatch(/^\d{6}$/)
    expect(mail?.link).toContain(`${t.url}/auth/v1/verify?token=`)
    expect(mail?.link).toContain('type=recovery')

    const html = await (await fetch(`${t.url}/__dev/inbox`)).text()
    expect(html).toContain('Reset Your Password')
    expect(html).toContain(mail!.otp)

    const verified = await client.auth.verifyOtp({ email, token: mail!.otp, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.access_token).toBeTruthy()
    const updated = await client.auth.updateUser({ password: 'recovered-pass' })
    expect(updated.error).toBeNull()

    expect((await t.client().auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    )
    const fresh = await t.client().auth.signInWithPassword({ email, password: 'recovered-pass' })
    expect(fresh.error).toBeNull()

    // Single use.
    const again = await t.client().auth.verifyOtp({ email, token: mail!.otp, type: 'recovery' })
    expect(again.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    })
  })

  it('the emailed link signs in by redirect, once', async () => {
    const { email } = await t.signUpUser()
    await t.client().auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:5173/account',
    })
    const mail = t.server.inbox.latest(email, 'recovery')!
    // Links are clicked from an email: no apikey header.
    const first = await fetch(mail.link, { redirect: 'manual' })
    expect(first.status).toBe(303)
    const location = new URL(first.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/account')
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ])
    expect(fragment.get('type')).toBe('recovery')
    expect(fragment.get('expires_in')).toBe('3600')
    const me = await t.client({ accessToken: fragment.get('access_token')! }).auth.getUser()
    expect(me.data.user?.email).toBe(email)

    const second = await fetch(mail.link, { redirect: 'manual' })
    expect(second.status).toBe(303)
    expect(second.headers.get('location')).toBe(
      'http://localhost:5173/account#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    )
  })

  it('answers unknown addresses the same way, limits resends, and expires codes after an hour', async () => {
    const unknown = await t.client().auth.resetPasswordForEmail(uniqueEmail('nobody'))
    expect(unknown).toEqual({ data: {}, error: null })

    const { email } = await t.signUpUser()
    await t.client().auth.resetPasswordForEmail(email)
    const tooSoon = await t.client().auth.resetPasswordForEmail(email)
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
    expect(tooSoon.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    )

    const otp = t.server.inbox.latest(email, 'recovery')!.otp
    t.server.clock.advance(3601_000)
    const expired = await t.client().auth.verifyOtp({ email, token: otp, type: 'recovery' })
    expect(expired.error).toMatchObject({ status: 403, code: 'otp_expired' })
  })

  it('refuses a redirect to a foreign site and falls back to the site URL', async () => {
    const { email } = await t.signUpUser()
    await t.client().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' })
    const link = new URL(t.server.inbox.latest(email, 'recovery')!.link)
    expect(link.searchParams.get('redirect_to')).toBe(t.url)
  })
})

describe('email confirmation on (AUTH_EMAIL_CONFIRM=1)', () => {
  it('signs up without a session, refuses sign-in until the emailed link is opened', async () => {
    t.server.authSettings.mailerAutoconfirm = false
    const email = uniqueEmail()
    const client = t.client()
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { emailRedirectTo: 'http://127.0.0.1:4173/account', data: { full_name: 'Baraka' } },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.confirmation_sent_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeUndefined()

    const early = await client.auth.signInWithPassword({ email, password: 'secret123' })
    expect(early.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    })

    const mail = t.server.inbox.latest(email, 'signup')!
    expect(mail.subject).toBe('Confirm Your Signup')
    const opened = await fetch(mail.link, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const location = opened.headers.get('location')!
    expect(location.startsWith('http://127.0.0.1:4173/account#access_token=')).toBe(true)
    expect(location).toContain('&type=signup')

    const signedIn = await client.auth.signInWithPassword({ email, password: 'secret123' })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.user?.user_metadata.email_verified).toBe(true)
    const profile = await client.from('profiles').select('full_name').single()
    expect(profile.data).toEqual({ full_name: 'Baraka' })
  })

  it('hides whether a confirmed address is taken: 200 with an obfuscated user', async () => {
    const { email } = await t.signUpUser()
    t.server.authSettings.mailerAutoconfirm = false
    const { data, error } = await t.client().auth.signUp({ email, password: 'another-pass' })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.identities).toEqual([])
  })

  it('confirms with the 6-digit code too', async () => {
    t.server.authSettings.mailerAutoconfirm = false
    const email = uniqueEmail()
    await t.client().auth.signUp({ email, password: 'secret123' })
    const { otp } = t.server.inbox.latest(email, 'signup')!
    const { data, error } = await t.client().auth.verifyOtp({ email, token: otp, type: 'signup' })
    expect(error).toBeNull()
    expect(data.user?.email_confirmed_at).toBeTruthy()
  })
})

describe('email change', () => {
  it('under autoconfirm still waits for a link; either address’s code completes it (as GoTrue)', async () => {
    const { client, email, password } = await t.signUpUser()
    const next = uniqueEmail('moved')
    const { data, error } = await client.auth.updateUser({ email: next })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.new_email).toBe(next)
    const mail = t.server.inbox.latest(next, 'email_change')!
    const verified = await t
      .client()
      .auth.verifyOtp({ email: next, token: mail.otp, type: 'email_change' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe(next)
    expect((await t.client().auth.signInWithPassword({ email: next, password })).error).toBeNull()
  })

  it('with confirmations on, waits for the codes sent to both addresses', async () => {
    const { client, email, password } = await t.signUpUser()
    t.server.authSettings.mailerAutoconfirm = false
    const next = uniqueEmail('moving')
    const { data, error } = await client.auth.updateUser({ email: next })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.new_email).toBe(next)
    const toNew = t.server.inbox.latest(next, 'email_change')!
    const toCurrent = t.server.inbox.latest(email, 'email_change')!
    expect(toNew.subject).toBe('Confirm Email Change')
    expect(toCurrent.subject).toBe('Confirm Email Change')
    const first = await t
      .client()
      .auth.verifyOtp({ email, token: toCurrent.otp, type: 'email_change' })
    expect(first.error).toBeNull()
    expect(first.data.session).toBeNull()
    // Half confirmed: the address is still the old one.
    expect((await t.admin().auth.admin.getUserById(data.user!.id)).data.user?.email).toBe(email)
    const verified = await t
      .client()
      .auth.verifyOtp({ email: next, token: toNew.otp, type: 'email_change' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe(next)
    expect((await t.client().auth.signInWithPassword({ email: next, password })).error).toBeNull()
  })
})

describe('other refusals', () => {
  it('refuses sign-ups when they are disabled', async () => {
    t.server.authSettings.disableSignup = true
    const { error } = await t.client().auth.signUp({ email: uniqueEmail(), password: 'secret123' })
    expect(error).toMatchObject({
      status: 422,
      code: 'signup_disabled',
      message: 'Signups not allowed for this instance',
    })
  })

  it('needs a verification type', async () => {
    const res = await fetch(`${t.url}/auth/v1/verify`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ email: uniqueEmail(), token: '123456' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Verify requires a verification type',
    })
  })
})

describe('sign-in rate limit', () => {
  it('answers 429 after repeated failures from one client, even with the right password', async () => {
    t.server.authSettings.signInRateLimit = { maxFailures: 3, windowSeconds: 60 }
    const { email, password } = await t.signUpUser()
    for (let i = 0; i < 3; i++) {
      const { error } = await t.client().auth.signInWithPassword({ email, password: `wrong-${i}` })
      expect(error?.code).toBe('invalid_credentials')
    }
    const blocked = await t.client().auth.signInWithPassword({ email, password })
    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    expect(blocked.error?.message).toBe(
      'Too many failed sign-in attempts. Please wait 1 minute and try again.',
    )

    // Another account from the same client is not locked by these failures.
    const other = await t.signUpUser()
    expect(
      (await t.client().auth.signInWithPassword({ email: other.email, password: other.password }))
        .error,
    ).toBeNull()

    t.server.clock.advance(61_000)
    expect((await t.client().auth.signInWithPassword({ email, password })).error).toBeNull()
  })
})
