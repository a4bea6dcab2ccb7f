// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import {
  activeAffiliateCode,
  captureAffiliateCode,
  clearAffiliateCode,
  expireAffiliateCode,
  selectAffiliateRecord,
} from '@/features/affiliate/affiliate-slice'
import {
  mergeSavedAffiliate,
  toAffiliateRecord,
  validateSavedAffiliate,
} from '@/features/affiliate/affiliate-storage'

const DAY = 24 * 60 * 60 * 1000
const now = Date.parse('2026-03-01T10:00:00.000Z')

describe('affiliate capture (spec §4, reliability 13)', () => {
  it('stores a valid code, upper-cased, with an expiry 30 days ahead', () => {
    const store = makeStore()
    store.dispatch(captureAffiliateCode(' amina10 ', now))
    expect(selectAffiliateRecord(store.getState())).toEqual({
      code: 'AMINA10',
      expiry: new Date(now + 30 * DAY).toISOString(),
    })
  })

  it('a newer link replaces the earlier code', () => {
    const store = makeStore()
    store.dispatch(captureAffiliateCode('AMINA10', now))
    store.dispatch(captureAffiliateCode('JOMO_22', now + DAY))
    expect(selectAffiliateRecord(store.getState())?.code).toBe('JOMO_22')
  })

  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['an attribute break-out', '"><img src=x onerror=alert(1)>'],
    ['SQL', "x' OR '1'='1"],
    ['a SQL comment', 'AMINA10;--DROP TABLE orders'],
    ['10 KB of junk', 'A'.repeat(10 * 1024)],
    ['a single character', 'A'],
    ['an empty value', ''],
    ['spaces inside', 'AMI NA'],
    ['unicode look-alikes', 'АMINA10'],
  ])('drops %s without touching a stored code', (_case, junk) => {
    const store = makeStore()
    store.dispatch(captureAffiliateCode('KEEP01', now))
    store.dispatch(captureAffiliateCode(junk, now))
    expect(selectAffiliateRecord(store.getState())?.code).toBe('KEEP01')
  })

  it('drops a non-string value', () => {
    const store = makeStore()
    store.dispatch(captureAffiliateCode(12345 as unknown as string, now))
    expect(selectAffiliateRecord(store.getState())).toBeNull()
  })

  it('removes an expired code on read, and keeps a live one', () => {
    const store = makeStore()
    store.dispatch(captureAffiliateCode('AMINA10', now))
    store.dispatch(expireAffiliateCode(now + 29 * DAY))
    expect(activeAffiliateCode(selectAffiliateRecord(store.getState()), now + 29 * DAY)).toBe(
      'AMINA10',
    )
    expect(activeAffiliateCode(selectAffiliateRecord(store.getState()), now + 31 * DAY)).toBeNull()
    store.dispatch(expireAffiliateCode(now + 30 * DAY))
    expect(selectAffiliateRecord(store.getState())).toBeNull()
  })

  it('clears', () => {
    const store = makeStore()
    store.dispatch(captureAffiliateCode('AMINA10', now))
    store.dispatch(clearAffiliateCode())
    expect(selectAffiliateRecord(store.getState())).toBeNull()
  })
})

describe('saved referral checks', () => {
  const live = { code: 'amina10', expiry: new Date(now + 5 * DAY).toISOString() }

  it('keeps a live record and drops expired, malformed or too-long-lived ones', () => {
    expect(toAffiliateRecord(live, now)).toEqual({ ...live, code: 'AMINA10' })
    expect(toAffiliateRecord({ ...live, expiry: new Date(now - 1).toISOString() }, now)).toBeNull()
    expect(toAffiliateRecord({ ...live, expiry: 'next week' }, now)).toBeNull()
    expect(
      toAffiliateRecord({ ...live, expiry: new Date(now + 90 * DAY).toISOString() }, now),
    ).toBeNull()
    expect(toAffiliateRecord({ ...live, code: '<b>x</b>' }, now)).toBeNull()
    expect(toAffiliateRecord('AMINA10', now)).toBeNull()
    expect(validateSavedAffiliate({ record: live }, now)).toEqual({
      record: { ...live, code: 'AMINA10' },
    })
    expect(validateSavedAffiliate({ record: { code: 'X' } }, now)).toEqual({ record: null })
    expect(validateSavedAffiliate({}, now)).toBeNull()
  })

  it('prefers a code captured this visit over the saved one', () => {
    const fresh = { code: 'NEW01', expiry: live.expiry }
    expect(mergeSavedAffiliate({ record: live }, { record: fresh })).toEqual({ record: fresh })
    expect(mergeSavedAffiliate({ record: live }, { record: null })).toEqual({ record: live })
  })
})
