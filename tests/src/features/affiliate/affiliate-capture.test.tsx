import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import { AffiliateCapture } from '@/features/affiliate/components/affiliate-capture'
import { renderApp } from '../../app/support/render-app'

const DAY = 24 * 60 * 60 * 1000

describe('affiliate capture from the address', () => {
  it('stores ?ref= for 30 days and takes it out of the address, keeping other parameters', async () => {
    const before = Date.now()
    const { store, router } = await renderApp({
      chrome: <AffiliateCapture />,
      path: '/?utm=x&ref=amina10',
    })
    await waitFor(() => expect(store.getState().affiliate.record?.code).toBe('AMINA10'))
    const expiry = Date.parse(store.getState().affiliate.record?.expiry ?? '')
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY)
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY)
    await waitFor(() => expect(router.state.location.searchStr).toBe('?utm=x'))
  })

  it('also reads ?affiliate=, and a later link replaces the code', async () => {
    const { store, router } = await renderApp({
      chrome: <AffiliateCapture />,
      path: '/?affiliate=JOMO_22',
    })
    await waitFor(() => expect(store.getState().affiliate.record?.code).toBe('JOMO_22'))
    await router.navigate({ to: '/wishlist', search: { ref: 'WANJIKU5' } as never })
    await waitFor(() => expect(store.getState().affiliate.record?.code).toBe('WANJIKU5'))
    await waitFor(() => expect(router.state.location.href).toBe('/wishlist'))
  })

  it.each([
    ['markup', '%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['SQL', "x'%20OR%20'1'%3D'1"],
    ['10 KB of junk', 'A'.repeat(10 * 1024)],
  ])('drops %s and still cleans the address', async (_case, junk) => {
    const { store, router } = await renderApp({
      chrome: <AffiliateCapture />,
      path: `/?ref=${junk}`,
    })
    await waitFor(() => expect(router.state.location.searchStr).toBe(''))
    expect(store.getState().affiliate.record).toBeNull()
  })

  it('removes an expired code when the app starts', async () => {
    const store = makeStore({
      affiliate: { record: { code: 'OLD10', expiry: new Date(Date.now() - DAY).toISOString() } },
    })
    await renderApp({ chrome: <AffiliateCapture />, store })
    await waitFor(() => expect(store.getState().affiliate.record).toBeNull())
  })
})
