import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import {
  selectAuthReady,
  selectAuthUser,
  selectRoles,
  startAuth,
  type AuthUser,
} from '@/features/auth/auth-slice'
import { assurance } from '@/lib/two-step'
import { getSupabase } from '@/lib/supabase'
import { errorMessage, STAFF_REFUSED_EVENT } from './api/admin-api-error'
import { fetchMyStaffRoles, staffNeedSecondStep, type StaffRoleName } from './api/staff-roles-api'

export type StaffAccess =
  | { state: 'checking' }
  | { state: 'signed-out' }
  | { state: 'no-access'; user: AuthUser }
  | { state: 'staff'; user: AuthUser; roles: StaffRoleName[] }
  /** Staff signed in with a password only: a code first (`factorId`), or setting up an app first. */
  | { state: 'second-step'; user: AuthUser; factorId: string | null; done: () => void }
  | { state: 'error'; message: string; retry: () => void }

interface Lookup {
  userId: string
  roles?: StaffRoleName[]
  /** Set when the session still needs its second step: the verified factor, if any. */
  secondStep?: { factorId: string | null }
  error?: string
}

async function lookUp(userId: string): Promise<Lookup> {
  const client = await getSupabase()
  const roles = await fetchMyStaffRoles(client, userId)
  if (roles.length === 0) return { userId, roles }
  const [level, required] = await Promise.all([assurance(), staffNeedSecondStep(client)])
  // Whoever has an authenticator needs its code, whatever the store's rule for staff.
  if ((required || level.factorId) && level.current !== 'aal2') {
    return { userId, roles, secondStep: { factorId: level.factorId } }
  }
  return { userId, roles }
}

/**
 * Decides whether the signed-in user may use the admin area. Waits for the session (no flash of "no
 * access" while it loads), then reads the user's roles itself: the header's role lookup cannot tell
 * "no role" from "not looked up yet". Looks again whenever the session's roles are refreshed, so a
 * demoted manager is shown out. Looks again on every admin page change and whenever the database
 * refuses a staff call, so someone removed from the staff loses the area on their next action, not when
 * their token expires. The database refuses non-staff whatever this says.
 */
export function useStaffAccess(): StaffAccess {
  const dispatch = useAppDispatch()
  const ready = useAppSelector(selectAuthReady)
  const user = useAppSelector(selectAuthUser)
  const sessionRoles = useAppSelector(selectRoles).join(',')
  const [lookup, setLookup] = useState<Lookup | null>(null)
  const [attempt, setAttempt] = useState(0)
  const userId = user?.id
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  useEffect(() => {
    dispatch(startAuth())
  }, [dispatch])

  useEffect(() => {
    const again = () => setAttempt((n) => n + 1)
    window.addEventListener(STAFF_REFUSED_EVENT, again)
    return () => window.removeEventListener(STAFF_REFUSED_EVENT, again)
  }, [])

  useEffect(() => {
    if (!userId) return
    let live = true
    lookUp(userId).then(
      (found) => {
        if (live) setLookup(found)
      },
      (error: unknown) => {
        if (live) setLookup({ userId, error: errorMessage(error) })
      },
    )
    return () => {
      live = false
    }
  }, [userId, sessionRoles, attempt, pathname])

  if (!ready) return { state: 'checking' }
  if (!user) return { state: 'signed-out' }
  if (!lookup || lookup.userId !== user.id) return { state: 'checking' }
  if (lookup.error !== undefined) {
    return {
      state: 'error',
      message: lookup.error,
      retry: () => {
        setLookup(null)
        setAttempt((n) => n + 1)
      },
    }
  }
  const roles = lookup.roles ?? []
  if (lookup.secondStep) {
    return {
      state: 'second-step',
      user,
      factorId: lookup.secondStep.factorId,
      done: () => {
        setLookup(null)
        setAttempt((n) => n + 1)
      },
    }
  }
  return roles.length > 0 ? { state: 'staff', user, roles } : { state: 'no-access', user }
}
