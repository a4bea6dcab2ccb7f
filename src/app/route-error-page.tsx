import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ErrorPage } from '@/components/error-page'
import { isCodeLoadError } from '@/lib/code-load-error'
import { useOnlineStatus } from '@/lib/use-online-status'
import { NeedsConnection } from './pwa/needs-connection'

/**
 * What a page that failed shows, inside the shell (header, search and cart keep working). Offline, a page
 * whose code could not be fetched (the service worker keeps the code of pages beyond the catalogue,
 * search, wishlist and checkout only once they have been opened) says that it needs a connection and
 * what still works, and opens by itself when the connection returns. Anything else is the error page.
 */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const online = useOnlineStatus()
  const codeMissing = isCodeLoadError(error)

  // Registered for as long as the page lacks its code, whatever the status: the status hook re-renders
  // on the same `online` event, and a listener removed during that render would never be called.
  useEffect(() => {
    if (!codeMissing) return
    const reopen = () => window.location.reload()
    window.addEventListener('online', reopen)
    return () => window.removeEventListener('online', reopen)
  }, [codeMissing])

  if (codeMissing && !online) {
    return (
      <NeedsConnection feature="This page" whenOnline="It opens as soon as you're back online." />
    )
  }
  return <ErrorPage error={error} />
}
