import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useAppDispatch } from '@/lib/app-state'
import { captureAffiliateCode, expireAffiliateCode } from '../affiliate-slice'

const PARAMS = ['ref', 'affiliate'] as const

/**
 * Takes a referral code from `?ref=` or `?affiliate=` when the app starts and on every navigation
 * (spec §4), stores it for 30 days (the slice drops anything that is not a plain short code), removes
 * an expired one, and takes the parameter out of the address bar so a shared link does not pass the
 * code on. Renders nothing.
 */
export function AffiliateCapture() {
  const dispatch = useAppDispatch()
  const router = useRouter()
  const searchStr = useRouterState({ select: (state) => state.location.searchStr })

  useEffect(() => {
    dispatch(expireAffiliateCode())
    const search = new URLSearchParams(searchStr)
    const present = PARAMS.filter((name) => search.has(name))
    if (present.length === 0) return
    const code = search.get('ref') ?? search.get('affiliate')
    if (code !== null) dispatch(captureAffiliateCode(code))
    for (const name of present) search.delete(name)
    const { pathname, hash } = router.state.location
    const rest = search.toString()
    router.history.replace(
      `${pathname}${rest ? `?${rest}` : ''}${hash ? `#${hash}` : ''}`,
      router.history.location.state,
    )
  }, [dispatch, router, searchStr])

  return null
}
