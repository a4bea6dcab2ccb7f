import { useOutboxItems } from '@/features/outbox/outbox'
import { useOnlineStatus } from '@/lib/use-online-status'
import { PromptCard } from './prompt-card'

/**
 * A calm note while the device has no connection: the shop keeps working from what was saved. It also
 * says how many of the shopper's requests wait to be sent.
 */
export function OfflineIndicator() {
  const online = useOnlineStatus()
  const waiting = useOutboxItems().length
  if (online) return null
  return (
    <PromptCard role="status" aria-live="polite" compact>
      <p className="prompt-card__title">You&apos;re offline — browsing saved catalogue</p>
      {waiting > 0 ? (
        <p className="prompt-card__count">
          {waiting === 1 ? '1 request' : `${waiting} requests`} waiting to send
        </p>
      ) : null}
    </PromptCard>
  )
}
