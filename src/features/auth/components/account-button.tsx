import { Link } from '@tanstack/react-router'
import { useAppSelector } from '@/lib/app-state'
import { headerIconClass } from '@/components/header/header-icon'
import { UserIcon } from '@/components/icons'
import { selectAuthReady, selectAuthUser } from '../auth-slice'
import { hasStoredSession } from '../stored-session'

/**
 * The header's account icon (spec §2): to /account when signed in, to /auth otherwise. While the auth
 * state loads, a saved session is taken as signed in, so returning shoppers see no flicker.
 */
export function AccountButton() {
  const ready = useAppSelector(selectAuthReady)
  const user = useAppSelector(selectAuthUser)
  const signedIn = ready ? user !== null : hasStoredSession()
  return signedIn ? (
    <Link to="/account" aria-label="My account" title="My account">
      <span className={headerIconClass}>
        <UserIcon size={22} />
        <span aria-hidden="true" className="header-icon__dot" />
      </span>
    </Link>
  ) : (
    <Link to="/auth" aria-label="Sign in" title="Sign in">
      <span className={headerIconClass}>
        <UserIcon size={22} />
      </span>
    </Link>
  )
}
