// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import {
  authSlice,
  authUnavailable,
  linkErrorDismissed,
  linkErrorFound,
  passwordRecoveryFinished,
  passwordRecoveryStarted,
  profileNameChanged,
  rolesLoaded,
  selectAuthReady,
  selectAuthUser,
  selectIsStaff,
  selectLinkError,
  selectPasswordRecovery,
  selectRoles,
  sessionChanged,
  signedOut,
  type AuthState,
} from '@/features/auth/auth-slice'

const reducer = authSlice.reducer
const initial = reducer(undefined, { type: 'init' })
const amina = { id: 'u-amina', email: 'amina@example.com', fullName: 'Amina Otieno' }
const brian = { id: 'u-brian', email: 'brian@example.com', fullName: 'Brian Kamau' }

const signedInAs = (user = amina, roles: AuthState['roles'] = []): AuthState =>
  reducer(reducer(initial, sessionChanged(user)), rolesLoaded({ userId: user.id, roles }))

describe('auth slice', () => {
  it('starts loading, signed out, with no roles', () => {
    expect(initial).toEqual({
      status: 'loading',
      user: null,
      roles: [],
      passwordRecovery: false,
      linkError: null,
    })
  })

  it('is ready after the first session event, signed in or not', () => {
    expect(reducer(initial, sessionChanged(null))).toMatchObject({ status: 'ready', user: null })
    expect(reducer(initial, sessionChanged(amina))).toMatchObject({ status: 'ready', user: amina })
  })

  it('is ready when the auth client cannot load, without inventing a user', () => {
    expect(reducer(initial, authUnavailable())).toMatchObject({ status: 'ready', user: null })
  })

  it('keeps the roles while the same user refreshes their token', () => {
    const state = reducer(signedInAs(amina, ['admin']), sessionChanged({ ...amina }))
    expect(state.roles).toEqual(['admin'])
  })

  it('drops the roles when another user signs in or the session ends', () => {
    expect(reducer(signedInAs(amina, ['admin']), sessionChanged(brian)).roles).toEqual([])
    expect(reducer(signedInAs(amina, ['admin']), sessionChanged(null)).roles).toEqual([])
  })

  it('ignores a role answer for a user who is no longer signed in', () => {
    const state = reducer(
      reducer(initial, sessionChanged(brian)),
      rolesLoaded({ userId: amina.id, roles: ['admin'] }),
    )
    expect(state.roles).toEqual([])
  })

  it('takes a demotion: an empty answer clears the roles', () => {
    const state = reducer(
      signedInAs(amina, ['manager']),
      rolesLoaded({ userId: amina.id, roles: [] }),
    )
    expect(state.roles).toEqual([])
  })

  it('clears the user and roles on sign-out', () => {
    const state = reducer(signedInAs(amina, ['manager']), signedOut({ userId: amina.id }))
    expect(state).toMatchObject({ status: 'ready', user: null, roles: [], passwordRecovery: false })
  })

  it('tracks a password recovery until it is finished or the user changes', () => {
    const recovering = reducer(signedInAs(amina), passwordRecoveryStarted())
    expect(recovering.passwordRecovery).toBe(true)
    expect(reducer(recovering, passwordRecoveryFinished()).passwordRecovery).toBe(false)
    expect(reducer(recovering, sessionChanged(null)).passwordRecovery).toBe(false)
  })

  it('keeps a link error until dismissed or a session arrives', () => {
    const failed = reducer(initial, linkErrorFound('Email link is invalid or has expired'))
    expect(failed.linkError).toBe('Email link is invalid or has expired')
    expect(reducer(failed, linkErrorDismissed()).linkError).toBeNull()
    expect(reducer(failed, sessionChanged(amina)).linkError).toBeNull()
    expect(reducer(failed, sessionChanged(null)).linkError).toBe(
      'Email link is invalid or has expired',
    )
  })

  it('updates the shown name when the profile changes', () => {
    expect(reducer(signedInAs(), profileNameChanged('Amina W. Otieno')).user?.fullName).toBe(
      'Amina W. Otieno',
    )
    expect(reducer(initial, profileNameChanged('Nobody')).user).toBeNull()
  })

  it('answers the selectors from the app store', () => {
    const store = makeStore()
    expect(selectAuthReady(store.getState())).toBe(false)
    store.dispatch(sessionChanged(amina))
    store.dispatch(rolesLoaded({ userId: amina.id, roles: ['manager'] }))
    const state = store.getState()
    expect(selectAuthReady(state)).toBe(true)
    expect(selectAuthUser(state)).toEqual(amina)
    expect(selectRoles(state)).toEqual(['manager'])
    expect(selectIsStaff(state)).toBe(true)
    expect(selectPasswordRecovery(state)).toBe(false)
    expect(selectLinkError(state)).toBeNull()
  })
})
