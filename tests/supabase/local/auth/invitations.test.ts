import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, uniqueEmail, type TestServer } from '../../../support/server'

/** GoTrue's `/invite` and `/admin/generate_link`, driven through supabase-js's admin API. */
let t: TestServer

beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await t?.close()
})

const linkParams = (link: string) => new URL(link).searchParams

describe('inviteUserByEmail', () => {
  it('creates the account without a password and emails a link that signs the invitee in', async () => {
    const email = uniqueEmail('invitee')
    const { data, error } = await t
      .admin()
      .auth.admin.inviteUserByEmail(email, { data: { full_name: 'Njeri Otieno' } })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.invited_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.user?.user_metadata.full_name).toBe('Njeri Otieno')

    const mail = t.server.inbox.latest(email, 'invite')
    expect(mail?.subject).toBe('You have been invited')
    expect(linkParams(mail!.link).get('type')).toBe('invite')

    // The invitee cannot sign in with a password (they have none) until they set one.
    const client = t.client()
    const verified = await client.auth.verifyOtp({ token_hash: mail!.tokenHash, type: 'invite' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email_confirmed_at).toBeTruthy()
    const set = await client.auth.updateUser({ password: 'chosen-pass-1' })
    expect(set.error).toBeNull()
    const again = await t.client().auth.signInWithPassword({ email, password: 'chosen-pass-1' })
    expect(again.error).toBeNull()

    // The link works once.
    const reused = await t.client().auth.verifyOtp({ token_hash: mail!.tokenHash, type: 'invite' })
    expect(reused.error?.code).toBe('otp_expired')
  })

  it('refuses a confirmed address with 422 email_exists, and a bad address with 400', async () => {
    const { email } = await t.signUpUser(uniqueEmail('member'))
    const taken = await t.admin().auth.admin.inviteUserByEmail(email)
    expect(taken.error?.status).toBe(422)
    expect(taken.error?.code).toBe('email_exists')
    const bad = await t.admin().auth.admin.inviteUserByEmail('not-an-address')
    expect(bad.error?.status).toBe(400)
    expect(bad.error?.code).toBe('validation_failed')
  })

  it('invites an unconfirmed address again instead of refusing it', async () => {
    const email = uniqueEmail('twice')
    await t.admin().auth.admin.inviteUserByEmail(email)
    const first = t.server.inbox.latest(email, 'invite')!
    const second = await t.admin().auth.admin.inviteUserByEmail(email)
    expect(second.error).toBeNull()
    const latest = t.server.inbox.latest(email, 'invite')!
    expect(latest.id).toBeGreaterThan(first.id)
    const old = await t.client().auth.verifyOtp({ token_hash: first.tokenHash, type: 'invite' })
    expect(old.error?.code).toBe('otp_expired')
  })

  it('answers 401 without a token and 403 not_admin to a signed-in user', async () => {
    const none = await fetch(`${t.url}/auth/v1/invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('x') }),
    })
    expect(none.status).toBe(401)
    const { client } = await t.signUpUser(uniqueEmail('shopper'))
    const { data } = await client.auth.getSession()
    const asUser = await fetch(`${t.url}/auth/v1/invite`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: t.anonKey,
        authorization: `Bearer ${data.session!.access_token}`,
      },
      body: JSON.stringify({ email: uniqueEmail('x') }),
    })
    expect(asUser.status).toBe(403)
    expect(((await asUser.json()) as { error_code: string }).error_code).toBe('not_admin')
  })
})

describe('generateLink', () => {
  it('signup: creates the user with the password and returns a working confirmation link', async () => {
    const email = uniqueEmail('gen-signup')
    const { data, error } = await t.admin().auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'gen-pass-1',
      options: { data: { full_name: 'Baraka' } },
    })
    expect(error).toBeNull()
    const props = data.properties!
    expect(props.verification_type).toBe('signup')
    expect(props.email_otp).toMatch(/^\d{6}$/)
    expect(linkParams(props.action_link).get('token')).toBe(props.hashed_token)
    expect(data.user?.email).toBe(email)
    // No email is sent: the caller delivers the link.
    expect(t.server.inbox.latest(email)).toBeUndefined()
    const before = await t.client().auth.signInWithPassword({ email, password: 'gen-pass-1' })
    expect(before.error?.code).toBe('email_not_confirmed')
    const confirm = await t
      .client()
      .auth.verifyOtp({ email, token: props.email_otp, type: 'signup' })
    expect(confirm.error).toBeNull()
    const after = await t.client().auth.signInWithPassword({ email, password: 'gen-pass-1' })
    expect(after.error).toBeNull()
  })

  it('signup without a password is refused; for a confirmed user 422 email_exists', async () => {
    const none = await t
      .admin()
      .auth.admin.generateLink({ type: 'signup', email: uniqueEmail('nopass'), password: '' })
    expect(none.error?.status).toBe(400)
    const { email } = await t.signUpUser(uniqueEmail('confirmed'))
    const taken = await t
      .admin()
      .auth.admin.generateLink({ type: 'signup', email, password: 'whatever-1' })
    expect(taken.error?.code).toBe('email_exists')
  })

  it('invite: like /invite, without the email', async () => {
    const email = uniqueEmail('gen-invite')
    const { data, error } = await t.admin().auth.admin.generateLink({ type: 'invite', email })
    expect(error).toBeNull()
    expect(data.user?.invited_at).toBeTruthy()
    const verified = await t
      .client()
      .auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'invite' })
    expect(verified.data.session).toBeTruthy()
  })

  it('magiclink and recovery sign an existing user in; recovery for an unknown address is 404', async () => {
    const { email, userId } = await t.signUpUser(uniqueEmail('gen-magic'))
    for (const type of ['magiclink', 'recovery'] as const) {
      const { data, error } = await t.admin().auth.admin.generateLink({ type, email })
      expect(error).toBeNull()
      expect(data.properties?.verification_type).toBe(type)
      const verified = await t
        .client()
        .auth.verifyOtp({ token_hash: data.properties!.hashed_token, type })
      expect(verified.error).toBeNull()
      expect(verified.data.user?.id).toBe(userId)
    }
    const unknown = await t
      .admin()
      .auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') })
    expect(unknown.error?.status).toBe(404)
    expect(unknown.error?.code).toBe('user_not_found')
  })

  it('magiclink for an unknown address signs it up', async () => {
    const email = uniqueEmail('gen-new-magic')
    const { data, error } = await t.admin().auth.admin.generateLink({ type: 'magiclink', email })
    expect(error).toBeNull()
    expect(data.properties?.verification_type).toBe('signup')
    const verified = await t
      .client()
      .auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'signup' })
    expect(verified.data.user?.email).toBe(email)
  })

  it('email_change_new and email_change_current change the address through their links', async () => {
    for (const type of ['email_change_new', 'email_change_current'] as const) {
      const { email, userId } = await t.signUpUser(uniqueEmail('gen-change'))
      const newEmail = uniqueEmail('gen-changed')
      const { data, error } = await t.admin().auth.admin.generateLink({ type, email, newEmail })
      expect(error).toBeNull()
      expect(data.user?.new_email).toBe(newEmail)
      expect(linkParams(data.properties!.action_link).get('type')).toBe('email_change')
      const verified = await t
        .client()
        .auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'email_change' })
      expect(verified.error).toBeNull()
      const { data: user } = await t.admin().auth.admin.getUserById(userId)
      expect(user.user?.email).toBe(newEmail)
    }
  })

  it('email change to a taken address is 422; an unknown type 400; a bad email 400', async () => {
    const { email } = await t.signUpUser(uniqueEmail('gen-a'))
    const { email: other } = await t.signUpUser(uniqueEmail('gen-b'))
    const taken = await t
      .admin()
      .auth.admin.generateLink({ type: 'email_change_new', email, newEmail: other })
    expect(taken.error?.code).toBe('email_exists')
    const res = await fetch(`${t.url}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: t.serviceRoleKey,
        authorization: `Bearer ${t.serviceRoleKey}`,
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ type: 'teleport', email }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Invalid email action link type requested: teleport',
    })
    const bad = await t.admin().auth.admin.generateLink({ type: 'magiclink', email: 'nope' })
    expect(bad.error?.status).toBe(400)
  })

  it('is refused to a signed-in user (403) and without a token (401)', async () => {
    const { client, email } = await t.signUpUser(uniqueEmail('gen-user'))
    const { data } = await client.auth.getSession()
    const headers = { 'content-type': 'application/json', apikey: t.anonKey }
    const asUser = await fetch(`${t.url}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${data.session!.access_token}` },
      body: JSON.stringify({ type: 'magiclink', email }),
    })
    expect(asUser.status).toBe(403)
    const none = await fetch(`${t.url}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'magiclink', email }),
    })
    expect(none.status).toBe(401)
  })
})
