import { lazy, startTransition, Suspense, useEffect, useState } from 'react'
import { storageKeys, timings } from '@/config/site'

const EmailPopup = lazy(() =>
  import('./email-popup').then(({ EmailPopup }) => ({ default: EmailPopup })),
)

export function emailPopupSeen(): boolean {
  try {
    return window.localStorage.getItem(storageKeys.emailPopupSeen) !== null
  } catch {
    return false
  }
}

function markEmailPopupSeen() {
  try {
    window.localStorage.setItem(storageKeys.emailPopupSeen, new Date().toISOString())
  } catch {
    // Private mode or full storage: the popup may then come back on the next visit, which is harmless.
  }
}

export interface EmailOfferProps {
  /** True while something must not be covered: the splash, checkout, the admin area. */
  suppressed: boolean
}

/**
 * The first-visit email offer: the popup appears `emailPopupDelayMs` after the app starts
 * unless this device has seen it; accepting, declining or closing sets the flag. If it falls due while
 * suppressed it waits until it is allowed. The dialog itself is only downloaded when it is due.
 */
export function EmailOffer({ suppressed }: EmailOfferProps) {
  const [seen] = useState(emailPopupSeen)
  const [due, setDue] = useState(false)
  const [done, setDone] = useState(false)

  useEffect(() => {
    if (seen) return
    // Drawn as a transition: React builds the dialog in short pieces, answering taps between them.
    const timer = window.setTimeout(
      () => startTransition(() => setDue(true)),
      timings.emailPopupDelayMs,
    )
    return () => window.clearTimeout(timer)
  }, [seen])

  if (seen || !due || done) return null
  if (suppressed) return null
  return (
    <Suspense fallback={null}>
      <EmailPopup
        onAccepted={markEmailPopupSeen}
        onDone={() => {
          markEmailPopupSeen()
          setDone(true)
        }}
      />
    </Suspense>
  )
}
