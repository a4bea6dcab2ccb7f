import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useAppSelector } from '@/app/hooks'
import { UserIcon } from '@/components/icons'
import { selectAuthReady, selectAuthUser } from '../auth-slice'
import { hasStoredSession } from '../stored-session'
import { headerIconStyle } from './header-icon-style'

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
      <chakra.span css={headerIconStyle}>
        <UserIcon size={22} />
        <chakra.span
          aria-hidden="true"
          position="absolute"
          bottom="1.5"
          insetEnd="1.5"
          boxSize="2"
          borderRadius="full"
          bg="brand.gold"
          borderWidth="1.5px"
          borderColor="white"
        />
      </chakra.span>
    </Link>
  ) : (
    <Link to="/auth" aria-label="Sign in" title="Sign in">
      <chakra.span css={headerIconStyle}>
        <UserIcon size={22} />
      </chakra.span>
    </Link>
  )
}
