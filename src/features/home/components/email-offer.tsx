import { lazy, startTransition, Suspense, useEffect, useState } from 'react'
import { storageKeys, timings } from '@/config/site'
import { onPageLoad } from '@/lib/on-page-load'

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

/**
 * When the page finished loading, on `performance.now()`'s clock. The offer's delay counts from there, not
 * from when this component started: on a cheap phone the app takes over the prebuilt page seconds after
 * its load. During the load event itself (or where the browser keeps no navigation entry) it is now.
 */
function loadedAt(): number {
  const [navigation] = (performance.getEntriesByType?.('navigation') ??
    []) as PerformanceNavigationTiming[]
  return navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : performance.now()
}

export interface EmailOfferProps {
  /** True while something must not be covered: the splash, checkout, the admin area. */
  suppressed: boolean
}

/**
 * The first-visit email offer: the popup appears `emailPopupDelayMs` after the page's load
 * unless this device has seen it; accepting, declining or closing sets the flag. If it falls due while
 * suppressed it waits until it is allowed. The dialog itself is only downloaded when it is due.
 */
export function EmailOffer({ suppressed }: EmailOfferProps) {
  const [seen] = useState(emailPopupSeen)
  const [due, setDue] = useState(false)
  const [done, setDone] = useState(false)

  useEffect(() => {
    if (seen) return
    let timer: number | undefined
    const count = () => {
      const waited = performance.now() - loadedAt()
      // Drawn as a transition: React builds the dialog in short pieces, answering taps between them.
      timer = window.setTimeout(
        () => startTransition(() => setDue(true)),
        Math.max(0, timings.emailPopupDelayMs - waited),
      )
    }
    const cancel = onPageLoad(count)
    return () => {
      cancel()
      window.clearTimeout(timer)
    }
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
