import { createContext, useContext } from 'react'
import type { AuthUser } from '@/features/auth/auth-slice'
import type { StaffRoleName } from './api/staff-roles-api'

export interface Staff {
  user: AuthUser
  roles: StaffRoleName[]
  isAdmin: boolean
}

/** Who is using the admin area; provided by the layout once access is confirmed. */
export const StaffContext = createContext<Staff | null>(null)

export function useStaff(): Staff {
  const staff = useContext(StaffContext)
  if (!staff) throw new Error('useStaff() is only available inside the admin layout')
  return staff
}
