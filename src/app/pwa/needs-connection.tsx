import { useOnlineStatus } from '@/lib/use-online-status'
import './needs-connection.css'

export interface NeedsConnectionProps {
  /** What needs the server, as a heading would say it: 'Sign-in', 'Payment', 'Your account'. */
  feature: string
  /** What happens once the connection returns; a sensible default is given. */
  whenOnline?: string
}

/**
 * Says, while offline, that a screen needs the server, what still works, and what happens when the
 * connection returns. Renders nothing online. For sign-in, account, payment and admin screens.
 */
export function NeedsConnection({ feature, whenOnline }: NeedsConnectionProps) {
  const online = useOnlineStatus()
  if (online) return null
  return (
    <div role="status" aria-live="polite" className="needs-connection">
      <p className="needs-connection__title">{feature} needs a connection</p>
      <p className="needs-connection__text">
        You&apos;re offline. Browsing, search, your cart and your wishlist still work.{' '}
        {whenOnline ?? `${feature} will be available again as soon as you're back online.`}
      </p>
    </div>
  )
}
