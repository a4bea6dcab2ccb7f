import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ErrorPage } from '@/components/error-page'
import { isCodeLoadError, missingCodeUrl } from '@/lib/code-load-error'
import { useOnlineStatus } from '@/lib/use-online-status'
import { NeedsConnection } from './pwa/needs-connection'

/** Once the connection returns, the missing file is asked for again after 1, 2, 4, 8 and 16 s. */
const reopenRetries = 5

/**
 * What a page that failed shows, inside the shell (header, search and cart keep working). Offline, a page
 * whose code could not be fetched (the service worker keeps the code of pages beyond the catalogue,
 * search, wishlist and checkout only once they have been opened) says that it needs a connection and
 * what still works, and opens by itself when the connection returns. Anything else is the error page.
 */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const online = useOnlineStatus()
  const codeMissing = isCodeLoadError(error)

  // `online` can come before the server (or the service worker's own requests) can be reached, and a
  // page reloaded then would fail again: the page reloads once the missing file answers, asking again
  // a few times. The listener stays for as long as the code is missing, whatever the status: the
  // status hook re-renders on the same event, and a listener removed then would never be called.
  useEffect(() => {
    if (!codeMissing) return
    const probe = missingCodeUrl(error) ?? window.location.href
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const reopen = (attempt: number) => {
      fetch(probe, { cache: 'no-store' }).then(
        () => {
          if (!stopped) window.location.reload()
        },
        () => {
          if (stopped || attempt >= reopenRetries) return
          timer = setTimeout(() => reopen(attempt + 1), 1000 * 2 ** attempt)
        },
      )
    }
    const onOnline = () => {
      clearTimeout(timer)
      reopen(0)
    }
    window.addEventListener('online', onOnline)
    return () => {
      stopped = true
      clearTimeout(timer)
      window.removeEventListener('online', onOnline)
    }
  }, [codeMissing, error])

  if (codeMissing && !online) {
    return (
      <NeedsConnection feature="This page" whenOnline="It opens as soon as you're back online." />
    )
  }
  return <ErrorPage error={error} />
}
