import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_WRONG_TOTP_CODES } from '../../../../supabase/local/auth/mfa'
import { totpCode, totpStep } from '../../../../supabase/local/auth/totp'
import { startTestServer, type TestServer } from '../../../support/server'

/** GoTrue's TOTP factors through supabase-js's `auth.mfa` calls; every code is computed here. */
let t: TestServer

beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await t?.close()
})

const codeAt = (secret: string, stepOffset = 0) =>
  totpCode(secret, totpStep(t.server.clock.now()) + stepOffset)

/** A wrong code that is not valid for any step in the drift window. */
function wrongCode(secret: string) {
  const valid = new Set([-1, 0, 1].map((o) => codeAt(secret, o)))
  let code = '000000'
  for (let n = 0; valid.has(code); n++) code = String(n).padStart(6, '0')
  return code
}

async function enrolled(client: SupabaseClient, name?: string) {
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    ...(name ? { friendlyName: name } : {}),
  })
  if (error) throw error
  return data
}

async function verifyWith(client: SupabaseClient, factorId: string, code: string) {
  const challenge = await client.auth.mfa.challenge({ factorId })
  if (challenge.error) throw challenge.error
  return client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code })
}

/** A shopper with a verified TOTP factor, signed in at aal2. */
async function withFactor() {
  const user = await t.signUpUser()
  const factor = await enrolled(user.client, 'Phone')
  const code = codeAt(factor.totp.secret)
  const verified = await verifyWith(user.client, factor.id, code)
  expect(verified.error).toBeNull()
  return { ...user, factorId: factor.id, secret: factor.totp.secret, code }
}

describe('enrol', () => {
  it('answers 401 without a token, before anything else', async () => {
    const res = await fetch(`${t.url}/auth/v1/factors`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ factor_type: 'totp' }),
    })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error_code: string }).error_code).toBe('no_authorization')
  })

  it('returns the QR code as SVG, the secret and the otpauth URI; names are unique per user', async () => {
    const { client, email } = await t.signUpUser()
    const data = await enrolled(client, 'Work phone')
    expect(data.type).toBe('totp')
    expect(data.friendly_name).toBe('Work phone')
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/)
    const uri = new URL(data.totp.uri)
    expect(uri.protocol).toBe('otpauth:')
    expect(decodeURIComponent(uri.pathname)).toContain(email)
    expect(uri.searchParams.get('secret')).toBe(data.totp.secret)
    expect(uri.searchParams.get('issuer')).toBe(new URL(t.url).host)

    const again = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone' })
    expect(again.error?.code).toBe('mfa_factor_name_conflict')
    expect(again.error?.message).toBe(
      'A factor with the friendly name "Work phone" for this user already exists',
    )
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+254712345678' })
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled')
  })
})

describe('challenge and verify', () => {
  it('raises the session to aal2 with totp in amr, and lists the factor as verified', async () => {
    const { client, email, password } = await t.signUpUser()
    const factor = await enrolled(client)
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })

    const wrong = await verifyWith(client, factor.id, wrongCode(factor.totp.secret))
    expect(wrong.error?.code).toBe('mfa_verification_failed')
    expect(wrong.error?.message).toBe('Invalid TOTP code entered')

    const ok = await verifyWith(client, factor.id, codeAt(factor.totp.secret))
    expect(ok.error).toBeNull()
    expect(ok.data?.refresh_token).toBeTruthy()
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data?.currentLevel).toBe('aal2')
    expect(aal.data?.nextLevel).toBe('aal2')
    expect(
      aal.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method)),
    ).toEqual(['totp', 'password'])
    const listed = await client.auth.mfa.listFactors()
    expect(listed.data?.totp.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']])

    // Refreshing keeps the session's level.
    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(after.data?.currentLevel).toBe('aal2')

    // A new sign-in starts at aal1 and knows a second step is due.
    const second = t.client()
    await second.auth.signInWithPassword({ email, password })
    const next = await second.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(next.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
  })

  it('verifies a challenge once; the same code opens another challenge, as on GoTrue', async () => {
    const user = await withFactor()
    const other = t.client()
    await other.auth.signInWithPassword({ email: user.email, password: user.password })
    // The code that raised the first session still opens a second one through its own challenge.
    const challenge = await other.auth.mfa.challenge({ factorId: user.factorId })
    const ok = await other.auth.mfa.verify({
      factorId: user.factorId,
      challengeId: challenge.data!.id,
      code: user.code,
    })
    expect(ok.error).toBeNull()
    const again = await other.auth.mfa.verify({
      factorId: user.factorId,
      challengeId: challenge.data!.id,
      code: codeAt(user.secret),
    })
    expect(again.error?.code).toBe('mfa_ip_address_mismatch')
    expect(again.error?.message).toBe('Challenge and verify IP addresses mismatch.')
  })

  it('ends the account’s other sessions still at aal1 when one passes the second step, as GoTrue', async () => {
    const user = await withFactor()
    const [phone, laptop] = [t.client(), t.client()]
    await phone.auth.signInWithPassword({ email: user.email, password: user.password })
    await laptop.auth.signInWithPassword({ email: user.email, password: user.password })
    const first = await phone.auth.mfa.challengeAndVerify({
      factorId: user.factorId,
      code: codeAt(user.secret),
    })
    expect(first.error).toBeNull()
    // The laptop's half-finished sign-in is gone: its code step can only start again from the password.
    const late = await laptop.auth.mfa.challengeAndVerify({
      factorId: user.factorId,
      code: codeAt(user.secret),
    })
    // GoTrue answers 403 session_not_found, which supabase-js reports as a missing session.
    expect(late.error?.name).toBe('AuthSessionMissingError')
    const ended = await laptop.auth.getUser()
    expect(ended.error?.name).toBe('AuthSessionMissingError')
    // The first aal2 session (from withFactor) stays.
    const kept = await user.client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(kept.data?.currentLevel).toBe('aal2')
  })

  it('lets only one of three verifications racing on one challenge through', async () => {
    const user = await withFactor()
    const other = t.client()
    await other.auth.signInWithPassword({ email: user.email, password: user.password })
    const { data: session } = await other.auth.getSession()
    const challenge = await other.auth.mfa.challenge({ factorId: user.factorId })
    const verify = () =>
      fetch(`${t.url}/auth/v1/factors/${user.factorId}/verify`, {
        method: 'POST',
        headers: {
          apikey: t.anonKey,
          authorization: `Bearer ${session.session!.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ challenge_id: challenge.data!.id, code: codeAt(user.secret) }),
      })
    // The database is held while all three arrive, so each reads the challenge before any claims it.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const holding = t.server.db.pg.transaction(() => held)
    const answers = Promise.all([verify(), verify(), verify()])
    await new Promise((resolve) => setTimeout(resolve, 500))
    release()
    await holding
    expect((await answers).map((r) => r.status).sort()).toEqual([200, 422, 422])
  })

  it('refuses a challenge older than five minutes', async () => {
    const user = await t.signUpUser()
    const factor = await enrolled(user.client)
    const challenge = await user.client.auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.data!.expires_at - Date.now() / 1000).toBeGreaterThan(290)
    t.server.clock.advance(301_000)
    const late = await user.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeAt(factor.totp.secret),
    })
    expect(late.error?.code).toBe('mfa_challenge_expired')
  })

  it(`locks the factor after ${MAX_WRONG_TOTP_CODES} wrong codes, even for the right one`, async () => {
    const user = await t.signUpUser()
    const factor = await enrolled(user.client)
    for (let i = 0; i < MAX_WRONG_TOTP_CODES; i++) {
      const wrong = await verifyWith(user.client, factor.id, wrongCode(factor.totp.secret))
      expect(wrong.error?.code).toBe('mfa_verification_failed')
    }
    const locked = await verifyWith(user.client, factor.id, codeAt(factor.totp.secret))
    expect(locked.error?.status).toBe(429)
    expect(locked.error?.message).toMatch(/^Too many wrong codes\. Please wait 5 minutes/)
    t.server.clock.advance(5 * 60_000 + 1000)
    const ok = await verifyWith(user.client, factor.id, codeAt(factor.totp.secret))
    expect(ok.error).toBeNull()
  })

  it('limits challenges per address (GoTrue: 30 at once, then 15 a minute)', async () => {
    const user = await t.signUpUser()
    const factor = await enrolled(user.client)
    t.server.clock.advance(2 * 60_000) // a full bucket
    // The bucket refills while the loop runs (15 a minute), so a slow machine gets a few more.
    const answers: (number | undefined)[] = []
    while (answers.length < 60 && !answers.includes(429)) {
      const { error } = await user.client.auth.mfa.challenge({ factorId: factor.id })
      answers.push(error?.status)
    }
    expect(answers.slice(0, 30).every((s) => s === undefined)).toBe(true)
    expect(answers).toContain(429)
    t.server.clock.advance(2 * 60_000)
  })
})

describe('unenrol', () => {
  it('needs aal2 for a verified factor, and the session falls back to aal1', async () => {
    const user = await withFactor()
    const aal1 = t.client()
    await aal1.auth.signInWithPassword({ email: user.email, password: user.password })
    const refused = await aal1.auth.mfa.unenroll({ factorId: user.factorId })
    expect(refused.error?.code).toBe('insufficient_aal')
    const second = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Spare' })
    expect(second.error?.code).toBe('insufficient_aal')

    const done = await user.client.auth.mfa.unenroll({ factorId: user.factorId })
    expect(done.error).toBeNull()
    expect(done.data?.id).toBe(user.factorId)
    await user.client.auth.refreshSession()
    const aal = await user.client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
    const { data } = await user.client.auth.getUser()
    expect(data.user?.factors ?? []).toEqual([])
  })
})

describe('admin factor calls', () => {
  it('lists, renames and deletes a user’s factors with the service role only', async () => {
    const user = await withFactor()
    const admin = t.admin().auth.admin.mfa
    const listed = await admin.listFactors({ userId: user.userId })
    expect(listed.error).toBeNull()
    expect(listed.data?.factors.map((f) => f.id)).toEqual([user.factorId])

    const asUser = await user.client.auth.admin.mfa.listFactors({ userId: user.userId })
    expect(asUser.error?.status).toBe(403)

    // PUT renames (GoTrue's admin factor update); an empty name changes nothing.
    const put = (factorId: string, body: unknown, key = t.serviceRoleKey) =>
      fetch(`${t.url}/auth/v1/admin/users/${user.userId}/factors/${factorId}`, {
        method: 'PUT',
        headers: {
          apikey: key,
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      })
    const renamed = await put(user.factorId, { friendly_name: 'Old phone' })
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toMatchObject({ id: user.factorId, friendly_name: 'Old phone' })
    const kept = await put(user.factorId, { friendly_name: '' })
    expect(((await kept.json()) as { friendly_name: string }).friendly_name).toBe('Old phone')
    const asShopper = await put(user.factorId, { friendly_name: 'Mine' }, t.anonKey)
    expect(asShopper.status).toBe(403)
    const unknown = await put(randomUUID(), { friendly_name: 'Nobody' })
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error_code: string }).error_code).toBe(
      'mfa_factor_not_found',
    )
    const after = await admin.listFactors({ userId: user.userId })
    expect(after.data?.factors.map((f) => f.friendly_name)).toEqual(['Old phone'])

    const removed = await admin.deleteFactor({ userId: user.userId, id: user.factorId })
    expect(removed.error).toBeNull()
    // auth-js wraps this answer once more than its type says ({ data: factor, error }).
    expect(JSON.stringify(removed.data)).toContain(user.factorId)
    const none = await admin.listFactors({ userId: user.userId })
    expect(none.data?.factors).toEqual([])
    const missing = await admin.deleteFactor({ userId: user.userId, id: user.factorId })
    expect(missing.error?.code).toBe('mfa_factor_not_found')
  })
})
