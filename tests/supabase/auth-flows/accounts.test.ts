/**
 * The account flows as the app runs them: its own auth listener and API modules against the local
 * server through supabase-js. Sign-up makes a profile; nobody can make themselves staff; a demoted
 * admin loses the admin lookup; the account page's reads and writes stay within the shopper's rows.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import {
  selectAuthReady,
  selectAuthUser,
  selectIsStaff,
  selectRoles,
} from '@/features/auth/auth-slice'
import { fetchStaffRole } from '@/features/auth/api/staff-role'
import { connectAuth } from '@/features/auth/auth-session'
import type { AppSupabaseClient } from '@/lib/supabase'
import { completeSecondFactor } from '../../support/second-factor'
import { startTestServer, uniqueEmail, type TestServer } from '../../support/server'

let t: TestServer

beforeAll(async () => {
  t = await startTestServer({ seedStaff: true })
})
afterAll(async () => {
  await t?.close()
})

const typed = (client: SupabaseClient) => client as unknown as AppSupabaseClient

/** Polls until `check` holds (auth events and role lookups arrive asynchronously). */
async function eventually(check: () => boolean, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('sign-up', () => {
  it('creates a profile holding the full name the form sent', async () => {
    const client = t.client()
    const email = uniqueEmail('signup')
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret-pass-1',
      options: {
        emailRedirectTo: `${t.url}/account`,
        data: { full_name: 'Achieng Odhiambo' },
      },
    })
    expect(error).toBeNull()
    expect(data.session).not.toBeNull()
    const profile = await client.from('profiles').select('id, full_name, phone').single()
    expect(profile.error).toBeNull()
    expect(profile.data).toEqual({ id: data.user!.id, full_name: 'Achieng Odhiambo', phone: null })
  })

  it('with confirmations on, waits for the emailed link, which leads to /account', async () => {
    const strict = await startTestServer({ auth: { mailerAutoconfirm: false } })
    try {
      const email = uniqueEmail('confirm')
      const { data, error } = await strict.client().auth.signUp({
        email,
        password: 'secret-pass-1',
        options: { emailRedirectTo: `${strict.url}/account`, data: { full_name: 'Baraka Mwangi' } },
      })
      expect(error).toBeNull()
      expect(data.session).toBeNull()
      const mail = strict.server.inbox.latest(email, 'signup')
      expect(mail?.link).toContain(encodeURIComponent(`${strict.url}/account`))
    } finally {
      await strict.close()
    }
  })
})

describe('the auth listener', () => {
  it('moves the store from loading to signed out, signed in and back, with the staff role', async () => {
    const client = t.client()
    const store = makeStore()
    const stop = connectAuth(typed(client), store.dispatch)
    try {
      expect(selectAuthReady(store.getState())).toBe(false)
      await eventually(() => selectAuthReady(store.getState()))
      expect(selectAuthUser(store.getState())).toBeNull()

      const signIn = await client.auth.signInWithPassword({
        email: 'admin@luxekenya.test',
        password: 'local-dev-password',
      })
      expect(signIn.error).toBeNull()
      // The local admin has an authenticator: the password alone signs nobody in.
      expect(selectAuthUser(store.getState())).toBeNull()
      await completeSecondFactor(t, client)
      expect(selectAuthUser(store.getState())?.email).toBe('admin@luxekenya.test')
      await eventually(() => selectIsStaff(store.getState()))
      expect(selectRoles(store.getState())).toEqual(['admin'])

      await client.auth.signOut()
      expect(selectAuthUser(store.getState())).toBeNull()
      expect(selectIsStaff(store.getState())).toBe(false)
    } finally {
      stop()
    }
  })

  it('gives a shopper no staff role', async () => {
    const { client } = await t.signUpUser(uniqueEmail('plain'), 'secret-pass-1', {
      full_name: 'Plain Shopper',
    })
    const store = makeStore()
    const stop = connectAuth(typed(client), store.dispatch)
    try {
      await eventually(() => selectAuthUser(store.getState()) !== null)
      expect(selectAuthUser(store.getState())?.fullName).toBe('Plain Shopper')
      // Let the role lookup answer before judging that it found nothing.
      const { data } = await client.auth.getUser()
      expect(await fetchStaffRole(typed(client), data.user!.id)).toBeNull()
      expect(selectIsStaff(store.getState())).toBe(false)
    } finally {
      stop()
    }
  })
})

describe('nobody makes themselves staff', () => {
  it('refuses a shopper writing user_roles for themselves', async () => {
    const { client, userId } = await t.signUpUser()
    const insert = await client.from('user_roles').insert({ user_id: userId, role: 'admin' })
    expect(insert.error?.code).toBe('42501')
    const manager = await client.from('user_roles').insert({ user_id: userId, role: 'manager' })
    expect(manager.error?.code).toBe('42501')
    expect(await fetchStaffRole(typed(client), userId)).toBeNull()
    const rows = await t.admin().from('user_roles').select('role').eq('user_id', userId)
    expect(rows.data).toEqual([])
  })

  it('ignores a role a shopper writes into their own metadata, even after a refresh', async () => {
    const { client, userId } = await t.signUpUser()
    const update = await client.auth.updateUser({ data: { role: 'admin', roles: ['admin'] } })
    expect(update.error).toBeNull()
    expect(update.data.user?.user_metadata.role).toBe('admin')
    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()

    expect(await fetchStaffRole(typed(client), userId)).toBeNull()
    const hasRole = await client.rpc('has_role', { role_name: 'admin' })
    expect(hasRole.data).toBe(false)
    // And the database still refuses staff-only data.
    const orders = await client.from('orders').select('id')
    expect(orders.data).toEqual([])
    const roles = await client.from('user_roles').select('user_id')
    expect(roles.data).toEqual([])
  })
})

describe('a demoted admin', () => {
  it('loses the admin lookup on the next read, and the listener clears it on the next refresh', async () => {
    const { client, userId } = await t.signUpUser(uniqueEmail('staff'))
    const grant = await t.admin().from('user_roles').insert({ user_id: userId, role: 'admin' })
    expect(grant.error).toBeNull()

    const store = makeStore()
    const stop = connectAuth(typed(client), store.dispatch)
    try {
      await eventually(() => selectIsStaff(store.getState()))
      expect(await fetchStaffRole(typed(client), userId)).toBe('admin')

      const revoke = await t.admin().from('user_roles').delete().eq('user_id', userId)
      expect(revoke.error).toBeNull()

      // has_role() reads user_roles live: the very next request is no longer staff.
      expect(await fetchStaffRole(typed(client), userId)).toBeNull()
      expect((await client.rpc('has_role', { role_name: 'manager' })).data).toBe(false)

      // The header's shortcut goes at the latest when the token is refreshed.
      await client.auth.refreshSession()
      await eventually(() => !selectIsStaff(store.getState()))
      expect(selectAuthUser(store.getState())?.id).toBe(userId)
    } finally {
      stop()
    }
  })
})
