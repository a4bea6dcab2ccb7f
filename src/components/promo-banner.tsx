import { useState } from 'react'
import { delivery, promotions } from '@/config/site'
import { CloseIcon } from './icons'
import './promo-banner.css'
import { groupDigits } from '@/lib/money'

/**
 * The strip above the header: free delivery from the one threshold in the store
 * config, and the email offer. Shown until dismissed; the dismissal is deliberately not remembered.
 */
export function PromoBanner() {
  const [dismissed, setDismissed] = useState(false)
  if (dismissed) return null
  return (
    <aside aria-label="Promotion" className="promo-banner">
      <div className="promo-banner__inner">
        <p className="promo-banner__text">
          Free delivery across Kenya on orders over KSh {groupDigits(delivery.freeFromKes)}
          <span className="promo-banner__dot" aria-hidden="true">
            ·
          </span>
          <span className="promo-banner__offer">
            <strong>{promotions.emailOfferPercent}% OFF</strong> your first order when you sign up
            by email
          </span>
        </p>
        <button
          type="button"
          aria-label="Dismiss promotion"
          title="Dismiss promotion"
          onClick={() => setDismissed(true)}
          className="promo-banner__dismiss"
        >
          <CloseIcon size={18} />
        </button>
      </div>
    </aside>
  )
}
