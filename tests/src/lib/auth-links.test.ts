import { afterEach, describe, expect, it } from 'vitest'
import { linkProblem, OTHER_BROWSER, USED_LINK } from '@/features/auth/auth-session'
import { takeFragmentSession, takeLinkQuery } from '@/lib/auth-links'

afterEach(() => history.replaceState(null, '', '/'))

describe('an email link left in the address', () => {
  it('an invitation’s session is taken out of the fragment', () => {
    history.replaceState(
      null,
      '',
      '/auth?mode=reset#access_token=a.b.c&refresh_token=r1&type=invite',
    )
    expect(takeFragmentSession()).toEqual({ access_token: 'a.b.c', refresh_token: 'r1' })
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/auth?mode=reset')
  })

  it('a code nobody used is removed, and said to belong to another browser', () => {
    history.replaceState(null, '', '/auth?mode=reset&redirect=%2Faccount&code=1234')
    const query = takeLinkQuery()
    expect(query).toEqual({ code: '1234' })
    expect(`${location.pathname}${location.search}`).toBe('/auth?mode=reset&redirect=%2Faccount')
    expect(linkProblem(null, query, null)).toBe(OTHER_BROWSER)
    const refused = { name: 'AuthApiError', message: 'invalid flow state, flow state has expired' }
    expect(linkProblem(refused, query, null)).toBe(USED_LINK)
  })

  it('a failed link’s error leaves the query and the fragment and is shown', () => {
    history.replaceState(
      null,
      '',
      '/account?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired#error=access_denied&error_code=otp_expired&sb=',
    )
    const query = takeLinkQuery()
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/account')
    expect(linkProblem(null, query, null)).toBe('Email link is invalid or has expired')
  })

  it('leaves other pages’ parameters alone', () => {
    history.replaceState(null, '', '/bags-store?sort=price&message=hello')
    expect(takeLinkQuery()).toEqual({})
    expect(location.search).toBe('?sort=price&message=hello')
    expect(linkProblem(null, {}, null)).toBeNull()
  })
})
