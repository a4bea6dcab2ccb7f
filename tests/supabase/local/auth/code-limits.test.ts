import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { voidCode } from '../../../../supabase/local/auth/code-attempts'
import { startTestServer, uniqueEmail, type TestServer } from '../../../support/server'

/**
 * One-time codes cannot be guessed: a code is void after 5 wrong tries (the right code then fails too),
 * and new codes are limited per account (one a minute) and per address (GoTrue's request buckets).
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
  // Refills every per-address bucket, so no test inherits another's spent requests.
  t.server.clock.advance(5 * 60_000)
})

const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0')

/** POST /auth/v1/verify as a script would send it, optionally with a forged forwarded-for header. */
const verify = (body: Record<string, unknown>, forwardedFor?: string) =>
  fetch(`${t.url}/auth/v1/verify`, {
    method: 'POST',
    headers: {
      apikey: t.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor, 'x-real-ip': forwardedFor } : {}),
    },
    body: JSON.stringify(body),
  })

async function requestRecovery(email: string) {
  const sent = await t.client().auth.resetPasswordForEmail(email)
  expect(sent.error).toBeNull()
  return t.server.inbox.latest(email, 'recovery')!
}

describe('wrong codes', () => {
  it('voids a recovery code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const { email } = await t.signUpUser()
    const mail = await requestRecovery(email)
    for (let i = 0; i < 5; i++) {
      // The count belongs to the code: a new (forged) address on every try changes nothing.
      const res = await verify(
        { email, token: wrongCode(mail.otp), type: 'recovery' },
        `203.0.113.${i}`,
      )
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({
        code: 'otp_expired',
        message: 'Token has expired or is invalid',
      })
    }
    const right = await t.client().auth.verifyOtp({ email, token: mail.otp, type: 'recovery' })
    expect(right.error).toMatchObject({ status: 403, code: 'otp_expired' })
    expect(right.data.session).toBeNull()

    // The emailed link of the voided code is dead as well.
    const link = await fetch(mail.link, { redirect: 'manual' })
    expect(link.headers.get('location')).toContain('error_code=otp_expired')

    // A new code (after the per-account wait) starts with a clean count and works.
    t.server.clock.advance(61_000)
    const fresh = await requestRecovery(email)
    expect(fresh.otp).not.toBe('')
    const ok = await t.client().auth.verifyOtp({ email, token: fresh.otp, type: 'recovery' })
    expect(ok.error).toBeNull()
    expect(ok.data.session?.user.email).toBe(email)
  })

  it('still takes the right code after 4 wrong tries', async () => {
    const { email } = await t.signUpUser()
    const mail = await requestRecovery(email)
    for (let i = 0; i < 4; i++) {
      const wrong = await t.client().auth.verifyOtp({
        email,
        token: wrongCode(mail.otp),
        type: 'recovery',
      })
      expect(wrong.error?.code).toBe('otp_expired')
    }
    const right = await t.client().auth.verifyOtp({ email, token: mail.otp, type: 'recovery' })
    expect(right.error).toBeNull()
  })

  it('voids an email sign-in code the same way, and leaves other accounts’ codes alone', async () => {
    const victim = await t.signUpUser()
    const bystander = await t.signUpUser()
    expect((await t.client().auth.signInWithOtp({ email: victim.email })).error).toBeNull()
    expect((await t.client().auth.signInWithOtp({ email: bystander.email })).error).toBeNull()
    const code = t.server.inbox.latest(victim.email, 'magiclink')!.otp
    const other = t.server.inbox.latest(bystander.email, 'magiclink')!.otp

    for (let i = 0; i < 5; i++) {
      const res = await t.client().auth.verifyOtp({
        email: victim.email,
        token: wrongCode(code),
        type: 'email',
      })
      expect(res.error?.code).toBe('otp_expired')
    }
    const late = await t
      .client()
      .auth.verifyOtp({ email: victim.email, token: code, type: 'email' })
    expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' })

    const untouched = await t
      .client()
      .auth.verifyOtp({ email: bystander.email, token: other, type: 'email' })
    expect(untouched.error).toBeNull()
  })

  it('voids a sign-up confirmation code too', async () => {
    t.server.authSettings.mailerAutoconfirm = false
    const email = uniqueEmail('confirm')
    expect((await t.client().auth.signUp({ email, password: 'secret123' })).error).toBeNull()
    const code = t.server.inbox.latest(email, 'signup')!.otp
    for (let i = 0; i < 5; i++) {
      const res = await t.client().auth.verifyOtp({ email, token: wrongCode(code), type: 'signup' })
      expect(res.error?.code).toBe('otp_expired')
    }
    const late = await t.client().auth.verifyOtp({ email, token: code, type: 'signup' })
    expect(late.error?.code).toBe('otp_expired')
    const { rows } = await t.server.db.pg.query<{ confirmation_token: string; n: number }>(
      `select u.confirmation_token,
              (select count(*)::int from auth.one_time_tokens o where o.user_id = u.id) as n
         from auth.users u where u.email = $1`,
      [email],
    )
    expect(rows[0]).toEqual({ confirmation_token: '', n: 0 })
  })

  it('voiding a guessed code leaves alone a newer code sent between the guess and the void', async () => {
    const { email } = await t.signUpUser()
    await requestRecovery(email)
    const tokens = () =>
      t.server.db.pg.query<{ id: string; recovery_token: string; n: number }>(
        `select u.id, u.recovery_token,
                (select count(*)::int from auth.one_time_tokens o
                  where o.user_id = u.id and o.token_type = 'recovery_token') as n
           from auth.users u where u.email = $1`,
        [email],
      )
    const guessed = (await tokens()).rows[0]!
    // A new code replaces the guessed one (after the one-a-minute wait) before the fifth wrong try
    // voids it: the void must find nothing to clear and keep the new code's one-time token row.
    t.server.clock.advance(61_000)
    const fresh = await requestRecovery(email)
    const before = (await tokens()).rows[0]!
    expect(before.recovery_token).not.toBe(guessed.recovery_token)
    expect(before.n).toBe(1)
    await voidCode(t.server.db.pg, {
      userId: guessed.id,
      column: 'recovery_token',
      stored: guessed.recovery_token,
    })
    expect((await tokens()).rows[0]).toEqual(before)
    const res = await t.client().auth.verifyOtp({ email, token: fresh.otp, type: 'recovery' })
    expect(res.error).toBeNull()
  })
})

describe('new codes', () => {
  it('are limited per account: one a minute, even from many addresses', async () => {
    const { email } = await t.signUpUser()
    await requestRecovery(email)
    const again = await t.client().auth.resetPasswordForEmail(email)
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
    const magic = await t.client().auth.signInWithOtp({ email })
    expect(magic.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
  })

  it('are limited per address across many accounts (GoTrue’s request bucket)', async () => {
    t.server.authSettings.requestRateLimits = { otp: 3, verify: 30 }
    const emails = await Promise.all([1, 2, 3, 4].map(async () => (await t.signUpUser()).email))
    for (const email of emails.slice(0, 3)) {
      expect((await t.client().auth.resetPasswordForEmail(email)).error).toBeNull()
    }
    const fourth = await t.client().auth.resetPasswordForEmail(emails[3]!)
    expect(fourth.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    })
    expect(t.server.inbox.latest(emails[3]!, 'recovery')).toBeUndefined()
    // Unknown addresses draw from the same bucket: the answer reveals nothing, and sends nothing.
    const unknown = await t.client().auth.resetPasswordForEmail(uniqueEmail('nobody'))
    expect(unknown.error?.code).toBe('over_request_rate_limit')
    // Each endpoint has its own bucket, as in GoTrue.
    expect((await t.client().auth.signInWithOtp({ email: emails[3]! })).error).toBeNull()

    // The bucket refills at 3 per five minutes: one request after 100 s.
    t.server.clock.advance(101_000)
    expect((await t.client().auth.resetPasswordForEmail(emails[3]!)).error).toBeNull()
    expect((await t.client().auth.resetPasswordForEmail(uniqueEmail('x'))).error?.code).toBe(
      'over_request_rate_limit',
    )
  })

  it('verification attempts are limited per address too', async () => {
    t.server.authSettings.requestRateLimits = { otp: 30, verify: 3 }
    const email = uniqueEmail('guess')
    for (let i = 0; i < 3; i++) {
      expect((await verify({ email, token: '000000', type: 'email' })).status).toBe(403)
    }
    const blocked = await verify({ email, token: '000000', type: 'email' })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('x-sb-error-code')).toBe('over_request_rate_limit')
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // Link clicks (GET) share it.
    const link = await fetch(`${t.url}/auth/v1/verify?token=abc&type=recovery`, {
      redirect: 'manual',
    })
    expect(link.status).toBe(429)
  })

  it('sign-ups are limited per address', async () => {
    t.server.authSettings.requestRateLimits = { otp: 2, verify: 30 }
    for (let i = 0; i < 2; i++) {
      const ok = await t.client().auth.signUp({ email: uniqueEmail('new'), password: 'secret123' })
      expect(ok.error).toBeNull()
    }
    const third = await t.client().auth.signUp({ email: uniqueEmail('new'), password: 'secret123' })
    expect(third.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    expect(third.data.user).toBeNull()
  })
})
