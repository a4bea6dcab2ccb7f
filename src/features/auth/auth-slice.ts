import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

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
}

const initialState: AuthState = { status: 'loading', user: null, roles: [] }

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** A session event or lookup answered: signed in as `user`, or signed out when null. */
    sessionChanged(state, action: PayloadAction<AuthUser | null>) {
      const next = action.payload
      // Roles belong to one user: a different user (or none) starts with none until looked up again.
      if (!next || next.id !== state.user?.id) state.roles = []
      state.user = next
      state.status = 'ready'
    },
    /** The role lookup for `userId` answered; ignored when another user signed in meanwhile. */
    rolesLoaded(state, action: PayloadAction<{ userId: string; roles: StaffRole[] }>) {
      if (state.user?.id === action.payload.userId) state.roles = action.payload.roles
    },
    signedOut(state) {
      state.user = null
      state.roles = []
      state.status = 'ready'
    },
  },
  selectors: {
    selectAuthUser: (state) => state.user,
    selectAuthReady: (state) => state.status === 'ready',
    selectRoles: (state) => state.roles,
    selectIsStaff: (state) => state.roles.length > 0,
  },
})

export const { sessionChanged, rolesLoaded, signedOut } = authSlice.actions
export const { selectAuthUser, selectAuthReady, selectRoles, selectIsStaff } = authSlice.selectors
