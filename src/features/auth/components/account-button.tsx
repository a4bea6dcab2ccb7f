import { Link } from '@tanstack/react-router'

/** Placeholder until accounts land: the header's account icon (to /auth when signed out). */
export function AccountButton() {
  return (
    <Link to="/auth" aria-label="Sign in">
      Account
    </Link>
  )
}
