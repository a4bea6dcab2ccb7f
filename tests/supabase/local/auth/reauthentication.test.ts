import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../support/server'

/**
 * Secure password change (config `secure_password_change`): `reauthenticate()` emails a code, and a
 * session signed in more than a day ago may change its password only with that code as the nonce.
 * The day passes on the server's clock.
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

const DAY = 24 * 60 * 60 * 1000

/** A user whose session was signed in over a day ago (its access token renewed since). */
async function oldSession() {
  const user = await t.signUpUser()
  t.server.clock.advance(DAY + 60_000)
  const renewed = await user.client.auth.refreshSession()
  expect(renewed.error).toBeNull()
  return user
}

describe('reauthenticate()', () => {
  it('emails a 6-digit code to the signed-in user; 401 without a session', async () => {
    const { client, email } = await t.signUpUser()
    const { data, error } = await client.auth.reauthenticate()
    expect(error).toBeNull()
    expect(data).toEqual({ user: null, session: null })
    const mail = t.server.inbox.latest(email, 'reauthentication')!
    expect(mail.subject).toBe('Confirm reauthentication')
    expect(mail.otp).toMatch(/^\d{6}$/)

    const again = await client.auth.reauthenticate()
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })

    const anonymous = await fetch(`${t.url}/auth/v1/reauthenticate`, {
      headers: { apikey: t.anonKey, 'x-supabase-api-version': '2024-01-01' },
    })
    expect(anonymous.status).toBe(401)
  })
})

describe('password change', () => {
  it('from a session signed in within the day needs no code (as GoTrue)', async () => {
    const { client } = await t.signUpUser()
    expect((await client.auth.updateUser({ password: 'fresh-session-pass' })).error).toBeNull()
  })

  it('from an older session: refused without the code and with a wrong one, accepted once with it', async () => {
    const { client, email } = await oldSession()
    const without = await client.auth.updateUser({ password: 'changed-pass-1' })
    expect(without.error).toMatchObject({
      status: 400,
      code: 'reauthentication_needed',
      message: 'Password update requires reauthentication',
    })

    expect((await client.auth.reauthenticate()).error).toBeNull()
    const nonce = t.server.inbox.latest(email, 'reauthentication')!.otp
    const wrongNonce = nonce === '000000' ? '000001' : '000000'
    const wrong = await client.auth.updateUser({ password: 'changed-pass-1', nonce: wrongNonce })
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'reauthentication_not_valid',
      message: 'Nonce has expired or is invalid',
    })
    // Nothing changed on a refusal.
    const old = await t.client().auth.signInWithPassword({ email, password: 'secret-pass-1' })
    expect(old.error).toBeNull()

    const right = await client.auth.updateUser({ password: 'changed-pass-1', nonce })
    expect(right.error).toBeNull()
    const signIn = await t.client().auth.signInWithPassword({ email, password: 'changed-pass-1' })
    expect(signIn.error).toBeNull()

    const replay = await client.auth.updateUser({ password: 'changed-pass-2', nonce })
    expect(replay.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' })
  })

  it('an expired code is refused', async () => {
    const { client, email } = await oldSession()
    await client.auth.reauthenticate()
    const nonce = t.server.inbox.latest(email, 'reauthentication')!.otp
    t.server.clock.advance(3601_000)
    await client.auth.refreshSession()
    const late = await client.auth.updateUser({ password: 'changed-pass-3', nonce })
    expect(late.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' })
  })

  it('with the setting off, an older session changes its password without a code', async () => {
    t.server.authSettings.securePasswordChange = false
    const { client } = await oldSession()
    expect((await client.auth.updateUser({ password: 'no-code-needed' })).error).toBeNull()
  })
})
