import { Link } from '@tanstack/react-router'
import { useAppSelector } from '@/lib/app-state'
import { headerIconClass } from '@/components/header/header-icon'
import { DashboardIcon } from '@/components/icons'
import { selectIsStaff } from '../auth-slice'

/**
 * The admin shortcut (spec §2, §6): shown only to admin or manager, as looked up in user_roles. The
 * admin pages and the database check the role again; hiding the icon is a courtesy, not the guard.
 */
export function AdminShortcut() {
  const isStaff = useAppSelector(selectIsStaff)
  if (!isStaff) return null
  return (
    <Link to="/admin" aria-label="Admin dashboard" title="Admin dashboard">
      <span className={headerIconClass}>
        <DashboardIcon size={22} />
      </span>
    </Link>
  )
}
