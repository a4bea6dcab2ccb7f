import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, uniqueEmail, type TestServer } from '../../../support/server'

/** Small differences from GoTrue met through supabase-js's admin API and the MFA routes. */
let t: TestServer

beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await t?.close()
})

describe('admin user metadata', () => {
  it('createUser returns the metadata as sent (email_verified added once confirmed)', async () => {
    const sent = { full_name: 'Wambui Kariuki', locale: 'sw' }
    const unconfirmed = await t
      .admin()
      .auth.admin.createUser({ email: uniqueEmail('meta'), user_metadata: sent })
    expect(unconfirmed.error).toBeNull()
    expect(unconfirmed.data.user?.user_metadata).toEqual(sent)
    const confirmed = await t.admin().auth.admin.createUser({
      email: uniqueEmail('meta'),
      password: 'secret-pass-1',
      email_confirm: true,
      user_metadata: sent,
    })
    expect(confirmed.data.user?.user_metadata).toEqual({ ...sent, email_verified: true })
    const read = await t.admin().auth.admin.getUserById(unconfirmed.data.user!.id)
    expect(read.data.user?.user_metadata).toEqual(sent)
  })

  it('updateUserById merges what is sent and adds nothing else', async () => {
    const created = await t
      .admin()
      .auth.admin.createUser({ email: uniqueEmail('meta'), user_metadata: { a: 1 } })
    const updated = await t
      .admin()
      .auth.admin.updateUserById(created.data.user!.id, { user_metadata: { b: 2, a: null } })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.user_metadata).toEqual({ b: 2 })
  })
})

describe('listUsers pagination', () => {
  it('refuses a page or page size that is not a whole number, with 400', async () => {
    for (const params of [{ page: -1 }, { page: 1, perPage: -5 }]) {
      const { error } = await t.admin().auth.admin.listUsers(params)
      expect(error?.status).toBe(400)
      expect(error?.code).toBe('validation_failed')
      expect(error?.message).toMatch(/^Bad Pagination Parameters/)
    }
    const ok = await t.admin().auth.admin.listUsers({ page: 1, perPage: 2 })
    expect(ok.error).toBeNull()
  })
})

describe('/factors', () => {
  it('answers 401 without a token before anything else', async () => {
    const res = await fetch(`${t.url}/auth/v1/factors`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ factor_type: 'totp' }),
    })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error_code: string }).error_code).toBe('no_authorization')
  })
})
