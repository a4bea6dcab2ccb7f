import { useRouterState } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { splashSkipRequested } from '@/components/splash-screen'
import { paths } from '@/config/paths'

export function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`)
}

/**
 * Whether the start-up splash is still showing. It plays once per app start and is dropped for good
 * when it finishes or as soon as the path is /checkout (spec §2), so checkout is never covered.
 */
export function useStartupSplash() {
  const onCheckout = useRouterState({
    select: (state) => isUnder(state.location.pathname, paths.checkout),
  })
  const [done, setDone] = useState(splashSkipRequested)
  if (onCheckout && !done) setDone(true)
  const finish = useCallback(() => setDone(true), [])
  return { splashVisible: !done, finishSplash: finish }
}
