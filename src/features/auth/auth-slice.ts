import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit'
import { getSupabase } from '@/lib/supabase'

/** Roles that open the admin area; read from user_roles only, never from user metadata. */
export type StaffRole = 'admin' | 'manager'

/** What the UI needs of the signed-in user; the session itself stays where supabase-js keeps it. */
export interface AuthUser {
  id: string
  email: string
  fullName: string
}

export interface AuthState {
  /** 'loading' until the first session event or session lookup completes. */
  status: 'loading' | 'ready'
  user: AuthUser | null
  roles: StaffRole[]
  /** The shopper opened a password-reset link: the next step is choosing a new password. */
  passwordRecovery: boolean
  /** Why an email link (confirmation, reset) could not sign the shopper in, e.g. it expired. */
  linkError: string | null
}

const initialState: AuthState = {
  status: 'loading',
  user: null,
  roles: [],
  passwordRecovery: false,
  linkError: null,
}

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** A session event or lookup answered: signed in as `user`, or signed out when null. */
    sessionChanged(state, action: PayloadAction<AuthUser | null>) {
      const next = action.payload
      // Roles belong to one user: a different user (or none) starts with none until looked up again.
      if (!next || next.id !== state.user?.id) {
        state.roles = []
        state.passwordRecovery = false
      }
      state.user = next
      state.status = 'ready'
      if (next) state.linkError = null
    },
    /** The role lookup for `userId` answered; ignored when another user signed in meanwhile. */
    rolesLoaded(state, action: PayloadAction<{ userId: string; roles: StaffRole[] }>) {
      if (state.user?.id === action.payload.userId) state.roles = action.payload.roles
    },
    /** The name changed on the account page (the profile is the source of truth for it). */
    profileNameChanged(state, action: PayloadAction<string>) {
      if (state.user) state.user.fullName = action.payload
    },
    passwordRecoveryStarted(state) {
      state.passwordRecovery = true
    },
    passwordRecoveryFinished(state) {
      state.passwordRecovery = false
    },
    linkErrorFound(state, action: PayloadAction<string>) {
      state.linkError = action.payload
    },
    linkErrorDismissed(state) {
      state.linkError = null
    },
    /** The auth client could not be loaded (offline before it was ever cached): stop waiting for it. */
    authUnavailable(state) {
      state.status = 'ready'
    },
    /**
     * The shopper chose to sign out (not a session that merely expired). Other features clear what
     * belongs to `userId` on this device when they see this action: queued requests, chat history.
     */
    signedOut(state, _action: PayloadAction<{ userId: string | null }>) {
      state.user = null
      state.roles = []
      state.passwordRecovery = false
      state.status = 'ready'
    },
  },
  selectors: {
    selectAuthUser: (state) => state.user,
    selectAuthReady: (state) => state.status === 'ready',
    selectRoles: (state) => state.roles,
    selectIsStaff: (state) => state.roles.length > 0,
    selectPasswordRecovery: (state) => state.passwordRecovery,
    selectLinkError: (state) => state.linkError,
  },
})

export const {
  sessionChanged,
  rolesLoaded,
  profileNameChanged,
  passwordRecoveryStarted,
  passwordRecoveryFinished,
  linkErrorFound,
  linkErrorDismissed,
  authUnavailable,
  signedOut,
} = authSlice.actions
export const {
  selectAuthUser,
  selectAuthReady,
  selectRoles,
  selectIsStaff,
  selectPasswordRecovery,
  selectLinkError,
} = authSlice.selectors

const startedStores = new WeakSet<Dispatch>()

/**
 * Starts listening to auth events (once per store). Loads supabase-js on first use, so the first route
 * never waits for it: the app calls this when idle, and the auth and account pages call it at once.
 */
export const startAuth = () => (dispatch: Dispatch) => {
  if (startedStores.has(dispatch)) return
  startedStores.add(dispatch)
  // The listener is loaded with the client, off the first route.
  Promise.all([getSupabase(), import('./auth-session')]).then(
    ([client, { connectAuth }]) => connectAuth(client, dispatch),
    () => {
      // The client could not load (offline before the app was cached): try again on the next call.
      startedStores.delete(dispatch)
      dispatch(authUnavailable())
    },
  )
}

export type SignOutResult =
  | { status: 'signed-out' }
  /** The server could not be reached: this device is signed out; other devices keep their sessions. */
  | { status: 'signed-out-here' }
  | { status: 'failed'; message: string }

/**
 * Signs the shopper out everywhere. The server's 401, 403 and 404 answers mean the session is already
 * gone and count as success (supabase-js ignores them). When the server cannot be reached, this device
 * is signed out anyway: a shopper on a shared phone must be able to sign out offline.
 */
export const signOut =
  () =>
  async (dispatch: Dispatch, getState: () => { auth: AuthState }): Promise<SignOutResult> => {
    const userId = getState().auth.user?.id ?? null
    let client: Awaited<ReturnType<typeof getSupabase>>
    try {
      client = await getSupabase()
    } catch (error) {
      return { status: 'failed', message: (error as Error).message }
    }
    const { error } = await client.auth.signOut()
    if (!error) {
      dispatch(signedOut({ userId }))
      return { status: 'signed-out' }
    }
    if (error.name === 'AuthRetryableFetchError' || !navigator.onLine) {
      await client.auth.signOut({ scope: 'local' })
      dispatch(signedOut({ userId }))
      return { status: 'signed-out-here' }
    }
    return { status: 'failed', message: error.message }
  }

declare module '@/lib/app-state' {
  interface AppState {
    auth: ReturnType<typeof authSlice.reducer>
  }
}
