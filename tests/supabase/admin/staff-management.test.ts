import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../support/server'
import { uniqueEmail } from '../../support/server'
import { totpCode, totpStep } from '../../../supabase/local/auth/totp'
import { LOCAL_STAFF } from '../../../supabase/local/staff-seed'
import { completeStaffSignIn, signIn, STAFF_PASSWORD, startAdminServer } from './admin-kit'

/** The staff page's backend: invitations, role changes, removals, and the store keeping an admin. */
let t: TestServer
let admin: SupabaseClient
let manager: SupabaseClient

beforeAll(async () => {
  t = await startAdminServer()
  admin = await signIn(t, 'admin@luxekenya.test')
  manager = await signIn(t, 'manager@luxekenya.test')
})
afterAll(async () => {
  await t?.close()
})

interface Overview {
  members: { userId: string; email: string; role: string }[]
  invitations: { id: string; email: string; role: string }[]
}

async function overview(client: SupabaseClient): Promise<Overview> {
  const { data, error } = await client.rpc('staff_overview')
  if (error) throw new Error(error.message)
  return data as Overview
}

async function invite(client: SupabaseClient, email: string, role: string) {
  return client.functions.invoke<{ emailed: boolean; existingAccount: boolean }>('staff-invite', {
    body: { email, role },
  })
}

/** Opens the invitation from the inbox and sets a password, as the invitee does in the app. */
async function accept(email: string, password = 'invitee-pass-1') {
  const mail = t.server.inbox.latest(email, 'invite')
  if (!mail) throw new Error(`no invitation for ${email}`)
  const client = t.client()
  const verified = await client.auth.verifyOtp({ token_hash: mail.tokenHash, type: 'invite' })
  if (verified.error) throw verified.error
  const set = await client.auth.updateUser({ password })
  if (set.error) throw set.error
  await completeStaffSignIn(t, client)
  return { client, userId: verified.data.user!.id }
}

const isManagerNow = async (client: SupabaseClient) => {
  const { data } = await client.rpc('has_role', { role_name: 'manager' })
  return data === true
}

describe('inviting staff', () => {
  it('an admin invites a manager: the email goes out, the role comes when the link is opened', async () => {
    const email = uniqueEmail('new-manager')
    const sent = await invite(admin, email, 'manager')
    expect(sent.error).toBeNull()
    expect(sent.data).toMatchObject({ emailed: true, existingAccount: false })
    const mail = t.server.inbox.latest(email, 'invite')!
    const landing = new URL(new URL(mail.link).searchParams.get('redirect_to')!)
    expect(landing.pathname).toBe('/auth')
    expect(landing.searchParams.get('mode')).toBe('reset')
    expect((await overview(admin)).invitations.map((i) => i.email)).toContain(email)

    const { client, userId } = await accept(email)
    expect(await isManagerNow(client)).toBe(true)
    const after = await overview(admin)
    expect(after.members).toContainEqual(expect.objectContaining({ userId, role: 'manager' }))
    expect(after.invitations.map((i) => i.email)).not.toContain(email)
  })

  it('an existing account gets the role at once, without an email', async () => {
    const shopper = await t.signUpUser(uniqueEmail('promoted'))
    const sent = await invite(admin, shopper.email, 'admin')
    expect(sent.data).toMatchObject({ emailed: false, existingAccount: true })
    expect(t.server.inbox.latest(shopper.email, 'invite')).toBeUndefined()
    await completeStaffSignIn(t, shopper.client)
    const { data } = await shopper.client.rpc('has_role', { role_name: 'admin' })
    expect(data).toBe(true)
    await admin.rpc('remove_staff', { user_id: shopper.userId })
  })

  it('a manager, a shopper and a visitor cannot invite; a bad role or email is refused', async () => {
    const byManager = await invite(manager, uniqueEmail('nope'), 'manager')
    expect(byManager.error).toBeTruthy()
    expect(((await byManager.response?.json()) as { code: string }).code).toBe('forbidden')
    const shopper = await t.signUpUser(uniqueEmail('shopper'))
    const byShopper = await invite(shopper.client, uniqueEmail('nope'), 'admin')
    expect(byShopper.response?.status).toBe(403)
    const byAnon = await invite(t.client(), uniqueEmail('nope'), 'admin')
    expect(byAnon.response?.status).toBe(403)
    const badRole = await invite(admin, uniqueEmail('role'), 'owner')
    expect(badRole.response?.status).toBe(400)
    const badEmail = await invite(admin, 'not an email', 'manager')
    expect(badEmail.response?.status).toBe(400)
    // Nothing was recorded for any of them.
    const { invitations } = await overview(admin)
    expect(invitations.some((i) => i.email.startsWith('nope') || i.role === 'owner')).toBe(false)
  })

  it('a cancelled invitation grants nothing when its link is opened later', async () => {
    const email = uniqueEmail('cancelled')
    await invite(admin, email, 'admin')
    const pending = (await overview(admin)).invitations.find((i) => i.email === email)!
    expect(
      (await admin.rpc('cancel_staff_invitation', { invitation_id: pending.id })).error,
    ).toBeNull()
    const { client } = await accept(email)
    expect(await isManagerNow(client)).toBe(false)
  })
})

describe('changing and removing staff', () => {
  it('a role change and a removal apply to open sessions on their next request', async () => {
    const email = uniqueEmail('staffer')
    await invite(admin, email, 'manager')
    const { client, userId } = await accept(email)
    const orders = () => client.from('orders').select('id').limit(1)
    expect((await orders()).data).not.toBeNull()
    expect((await client.rpc('staff_overview')).error?.code).toBe('42501')

    expect((await admin.rpc('set_staff_role', { user_id: userId, role: 'admin' })).error).toBeNull()
    expect((await client.rpc('staff_overview')).error).toBeNull()

    expect((await admin.rpc('remove_staff', { user_id: userId })).error).toBeNull()
    // The same access token, not refreshed: staff rights are gone.
    expect((await client.rpc('staff_overview')).error?.code).toBe('42501')
    expect(await isManagerNow(client)).toBe(false)
    const stats = await client.rpc('admin_overview', {})
    expect(stats.error).toBeTruthy()
  })

  it('only admins change roles or remove staff', async () => {
    const { members } = await overview(admin)
    const target = members.find((m) => m.email === 'admin@luxekenya.test')!
    const demote = await manager.rpc('set_staff_role', { user_id: target.userId, role: 'manager' })
    expect(demote.error?.code).toBe('42501')
    const remove = await manager.rpc('remove_staff', { user_id: target.userId })
    expect(remove.error?.code).toBe('42501')
    // Nor around the functions, straight at the table.
    const direct = await manager.from('user_roles').delete().eq('user_id', target.userId).select()
    expect(direct.data ?? []).toEqual([])
    expect((await overview(admin)).members.map((m) => m.userId)).toContain(target.userId)
  })

  it('the last admin cannot be demoted or removed, by the functions or by a direct delete', async () => {
    const { members } = await overview(admin)
    const admins = members.filter((m) => m.role === 'admin')
    expect(admins.map((m) => m.email)).toEqual(['admin@luxekenya.test'])
    const only = admins[0]!
    const demote = await admin.rpc('set_staff_role', { user_id: only.userId, role: 'manager' })
    expect(demote.error?.code).toBe('PT409')
    expect(demote.error?.message).toMatch(/at least one admin/)
    const remove = await admin.rpc('remove_staff', { user_id: only.userId })
    expect(remove.error?.code).toBe('PT409')
    const direct = await admin.from('user_roles').delete().eq('user_id', only.userId)
    expect(direct.error?.code).toBe('PT409')
    const deleteAccount = await t.admin().auth.admin.deleteUser(only.userId)
    expect(deleteAccount.error).toBeTruthy()
    expect(await isManagerNow(admin)).toBe(true)

    // With a second admin, the first may step down.
    const email = uniqueEmail('second-admin')
    await invite(admin, email, 'admin')
    const second = await accept(email)
    expect(
      (await admin.rpc('set_staff_role', { user_id: only.userId, role: 'manager' })).error,
    ).toBeNull()
    expect(
      (await second.client.rpc('set_staff_role', { user_id: only.userId, role: 'admin' })).error,
    ).toBeNull()
    expect((await second.client.rpc('remove_staff', { user_id: second.userId })).error).toBeNull()
  })
})

describe('a lost authenticator', () => {
  it('an admin resets a staff member’s second step: one audit row, and they set it up again', async () => {
    const email = uniqueEmail('lost-phone')
    await invite(admin, email, 'manager')
    const { client, userId } = await accept(email, 'lost-phone-pass-1')
    expect(await isManagerNow(client)).toBe(true)

    // Only an admin in a two-step session may reset it.
    const byManager = await manager.rpc('remove_second_factors', { user_id: userId })
    expect(byManager.error?.code).toBe('42501')
    const oneStepAdmin = t.client()
    await oneStepAdmin.auth.signInWithPassword({
      email: 'admin@luxekenya.test',
      password: 'local-dev-password',
    })
    const byAal1 = await oneStepAdmin.rpc('remove_second_factors', { user_id: userId })
    expect(byAal1.error?.code).toBe('42501')

    const reset = await admin.rpc('remove_second_factors', { user_id: userId })
    expect(reset.error).toBeNull()
    expect(reset.data).toBe(1)
    const factors = await t.admin().auth.admin.mfa.listFactors({ userId })
    expect(factors.data?.factors).toEqual([])
    // The member's open session fell back to one step: no staff rights until they set up again.
    await client.auth.refreshSession()
    expect(await isManagerNow(client)).toBe(false)
    await completeStaffSignIn(t, client)
    expect(await isManagerNow(client)).toBe(true)

    const { data: rows } = await admin
      .from('audit_log')
      .select('actor_role, kind, action, subject_id, before, after')
      .eq('kind', 'factor')
      .eq('subject_id', userId)
    expect(rows).toHaveLength(1)
    expect(rows![0]).toMatchObject({ actor_role: 'admin', action: 'delete', after: null })
    expect(JSON.stringify(rows![0]!.before)).not.toMatch(/secret/)
    expect((rows![0]!.before as { factor_type: string }[])[0]!.factor_type).toBe('totp')
  })
})

describe('the local staff codes (development inbox)', () => {
  it('always give the current code, and one code opens several sessions', async () => {
    const codes = async () => {
      const res = await fetch(`${t.url}/__dev/staff-codes.json`)
      expect(res.status).toBe(200)
      return (await res.json()) as { email: string; code: string; seconds: number }[]
    }
    const staff = LOCAL_STAFF.find((s) => s.email === 'manager@luxekenya.test')!
    const first = (await codes()).find((c) => c.email === staff.email)!
    expect(first.code).toBe(totpCode(staff.totpSecret, totpStep(t.server.clock.now())))
    expect(first.seconds).toBeGreaterThan(30)
    expect(first.seconds).toBeLessThanOrEqual(60)

    // The same code opens two sessions, each through its own challenge.
    for (let i = 0; i < 2; i++) {
      const client = t.client()
      await client.auth.signInWithPassword({ email: staff.email, password: STAFF_PASSWORD })
      const { data } = await client.auth.mfa.listFactors()
      const verified = await client.auth.mfa.challengeAndVerify({
        factorId: data!.totp[0]!.id,
        code: first.code,
      })
      expect(verified.error).toBeNull()
      expect(await isManagerNow(client)).toBe(true)
    }
    expect((await codes()).find((c) => c.email === staff.email)?.code).toMatch(/^\d{6}$/)
  })
})
