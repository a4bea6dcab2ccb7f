import { useRouterState } from '@tanstack/react-router'
import { useEffect, useSyncExternalStore } from 'react'
import { splashHandle } from '@/components/splash-screen'
import { paths } from '@/config/paths'

export function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`)
}

const noSplash = () => () => {}

/**
 * Whether the start-up splash (drawn by index.html before the app starts, see splash-screen.ts) is
 * still showing. It plays once per app start and is dropped for good when it finishes or as soon as the
 * path is /checkout, so checkout is never covered.
 */
export function useStartupSplash(): { splashVisible: boolean } {
  const onCheckout = useRouterState({
    select: (state) => isUnder(state.location.pathname, paths.checkout),
  })
  const splash = splashHandle()
  const done = useSyncExternalStore(
    splash ? splash.subscribe : noSplash,
    () => !splash || splash.done,
    // A prebuilt page is rendered (and hydrated) as if the splash were still showing.
    () => false,
  )
  useEffect(() => {
    if (onCheckout) splash?.drop()
  }, [onCheckout, splash])
  return { splashVisible: !done && !onCheckout }
}
