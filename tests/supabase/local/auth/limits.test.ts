import { describe, expect, it } from 'vitest'
import {
  createCodeAttempts,
  MAX_WRONG_CODE_ATTEMPTS,
  type PendingCode,
} from '../../../../supabase/local/auth/code-attempts'
import { AuthError } from '../../../../supabase/local/auth/errors'
import { createSignInLimiter } from '../../../../supabase/local/auth/rate-limit'
import { createRequestLimiter } from '../../../../supabase/local/auth/request-limits'
import { clientAddress, parseTrustedProxies } from '../../../../supabase/local/client-address'

/**
 * The auth limits as plain modules with a clock of their own: exact edges (the 5th wrong code, the
 * last request in a bucket, the end of a window), which the end-to-end tests cover only coarsely.
 */
function clock(start = 1_000_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

describe('code attempts', () => {
  const code = (stored = 'hash-1', userId = 'u1'): PendingCode => ({
    userId,
    column: 'recovery_token',
    stored,
  })

  it('voids a code on exactly its 5th wrong try', () => {
    const c = clock()
    const attempts = createCodeAttempts(c.now, () => 3_600_000)
    expect(MAX_WRONG_CODE_ATTEMPTS).toBe(5)
    for (let i = 1; i < 5; i++) {
      expect(attempts.recordWrong(code())).toBe(false)
      expect(attempts.isVoid(code())).toBe(false)
    }
    expect(attempts.recordWrong(code())).toBe(true)
    expect(attempts.isVoid(code())).toBe(true)
    // Voided once: further tries do not void it "again".
    expect(attempts.recordWrong(code())).toBe(false)
    expect(attempts.isVoid(code())).toBe(true)
  })

  it('counts each code apart: a new code, another column or another user starts clean', () => {
    const c = clock()
    const attempts = createCodeAttempts(c.now, () => 3_600_000, 2)
    attempts.recordWrong(code())
    attempts.recordWrong(code())
    expect(attempts.isVoid(code())).toBe(true)
    expect(attempts.isVoid(code('hash-2'))).toBe(false)
    expect(attempts.isVoid(code('hash-1', 'u2'))).toBe(false)
    expect(attempts.isVoid({ ...code(), column: 'confirmation_token' })).toBe(false)
  })

  it('forgets old counts only once many are kept and they are past the expiry', () => {
    const c = clock()
    const attempts = createCodeAttempts(c.now, () => 1000, 2)
    attempts.recordWrong(code('old'))
    attempts.recordWrong(code('old'))
    c.advance(500)
    for (let i = 0; i < 10_000; i++) attempts.recordWrong(code(`h${i}`))
    // 500 ms old: within the expiry, so kept through the sweep.
    expect(attempts.isVoid(code('old'))).toBe(true)
    c.advance(1001)
    attempts.recordWrong(code('trigger'))
    expect(attempts.isVoid(code('old'))).toBe(false)
  })
})

describe('request limiter', () => {
  const limits =
    (otp: number, verify = 30) =>
    () => ({ otp, verify })
  const refused = (fn: () => void) => {
    try {
      fn()
    } catch (error) {
      return error as AuthError
    }
    return undefined
  }

  it('takes n requests per address, then answers 429 with a wait', () => {
    const c = clock()
    const limiter = createRequestLimiter(limits(3), c.now)
    for (let i = 0; i < 3; i++)
      expect(refused(() => limiter.take('/recover', 'POST', 'a'))).toBe(undefined)
    const error = refused(() => limiter.take('/recover', 'POST', 'a'))
    expect(error).toBeInstanceOf(AuthError)
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
      headers: { 'retry-after': '100' },
    })
    // Another address, another path: their own buckets.
    expect(refused(() => limiter.take('/recover', 'POST', 'b'))).toBe(undefined)
    expect(refused(() => limiter.take('/otp', 'POST', 'a'))).toBe(undefined)
  })

  it('refills at n per five minutes, never above n', () => {
    const c = clock()
    const limiter = createRequestLimiter(limits(3), c.now)
    for (let i = 0; i < 3; i++) limiter.take('/signup', 'POST', 'a')
    c.advance(99_000)
    expect(refused(() => limiter.take('/signup', 'POST', 'a'))).toBeDefined()
    c.advance(1_000)
    expect(refused(() => limiter.take('/signup', 'POST', 'a'))).toBe(undefined)
    expect(refused(() => limiter.take('/signup', 'POST', 'a'))).toBeDefined()
    c.advance(3_600_000)
    for (let i = 0; i < 3; i++)
      expect(refused(() => limiter.take('/signup', 'POST', 'a'))).toBe(undefined)
    expect(refused(() => limiter.take('/signup', 'POST', 'a'))).toBeDefined()
  })

  it('limits only the sending and redeeming endpoints, and GET only for link clicks', () => {
    const c = clock()
    const limiter = createRequestLimiter(limits(1, 1), c.now)
    for (const path of ['/token', '/user', '/logout', '/settings']) {
      for (let i = 0; i < 3; i++)
        expect(refused(() => limiter.take(path, 'POST', 'a'))).toBe(undefined)
    }
    for (let i = 0; i < 3; i++)
      expect(refused(() => limiter.take('/recover', 'GET', 'a'))).toBe(undefined)
    limiter.take('/verify', 'GET', 'a')
    expect(refused(() => limiter.take('/verify', 'POST', 'a'))).toBeDefined()
    for (const path of ['/signup', '/recover', '/resend', '/magiclink', '/otp']) {
      limiter.take(path, 'POST', 'z')
      expect(refused(() => limiter.take(path, 'POST', 'z'))?.status).toBe(429)
    }
  })

  it('uses the verify size for /verify and the otp size for the rest', () => {
    const c = clock()
    const limiter = createRequestLimiter(limits(1, 2), c.now)
    limiter.take('/verify', 'POST', 'a')
    expect(refused(() => limiter.take('/verify', 'POST', 'a'))).toBe(undefined)
    expect(refused(() => limiter.take('/verify', 'POST', 'a'))).toBeDefined()
  })

  it('keeps memory bounded: idle buckets are dropped once there are many', () => {
    const c = clock()
    const limiter = createRequestLimiter(limits(1), c.now)
    limiter.take('/otp', 'POST', 'old')
    c.advance(299_000)
    for (let i = 0; i < 10_000; i++) limiter.take('/otp', 'POST', `ip${i}`)
    // Not idle long enough to be dropped: still empty.
    expect(refused(() => limiter.take('/otp', 'POST', 'old'))).toBeDefined()
  })
})

describe('sign-in limiter', () => {
  const settings = () => ({ maxFailures: 3, windowSeconds: 60 })

  it('locks one client and one email after maxFailures, for what is left of the window', () => {
    const c = clock()
    const limiter = createSignInLimiter(settings, c.now)
    for (let i = 0; i < 2; i++) limiter.recordFailure('ip', 'a@x')
    expect(limiter.retryAfter('ip', 'a@x')).toBe(0)
    c.advance(10_000)
    limiter.recordFailure('ip', 'a@x')
    expect(limiter.retryAfter('ip', 'a@x')).toBe(50)
    c.advance(49_500)
    expect(limiter.retryAfter('ip', 'a@x')).toBe(1)
    c.advance(500)
    expect(limiter.retryAfter('ip', 'a@x')).toBe(0)
  })

  it('locks an account tried from many addresses at twice the limit', () => {
    const c = clock()
    const limiter = createSignInLimiter(settings, c.now)
    for (let i = 0; i < 5; i++) limiter.recordFailure(`ip${i}`, 'a@x')
    expect(limiter.retryAfter('fresh', 'a@x')).toBe(0)
    limiter.recordFailure('ip5', 'a@x')
    expect(limiter.retryAfter('fresh', 'a@x')).toBe(60)
    expect(limiter.retryAfter('fresh', 'b@x')).toBe(0)
  })

  it('locks an address across emails at five times the limit', () => {
    const c = clock()
    const limiter = createSignInLimiter(settings, c.now)
    for (let i = 0; i < 14; i++) limiter.recordFailure('ip', `e${i}@x`)
    expect(limiter.retryAfter('ip', 'new@x')).toBe(0)
    limiter.recordFailure('ip', 'e14@x')
    expect(limiter.retryAfter('ip', 'new@x')).toBe(60)
    expect(limiter.retryAfter('other-ip', 'new@x')).toBe(0)
  })

  it('a success clears that client’s count for the email, not the account’s', () => {
    const c = clock()
    const limiter = createSignInLimiter(settings, c.now)
    for (let i = 0; i < 2; i++) limiter.recordFailure('ip', 'a@x')
    limiter.recordSuccess('ip', 'a@x')
    limiter.recordFailure('ip', 'a@x')
    limiter.recordFailure('ip', 'a@x')
    expect(limiter.retryAfter('ip', 'a@x')).toBe(0)
    for (let i = 0; i < 2; i++) limiter.recordFailure('ip2', 'a@x')
    // 6 failures for the account in all (the success did not wipe them).
    expect(limiter.retryAfter('ip3', 'a@x')).toBeGreaterThan(0)
  })

  it('keeps memory bounded: stale entries go once there are many', () => {
    const c = clock()
    const limiter = createSignInLimiter(settings, c.now)
    for (let i = 0; i < 3; i++) limiter.recordFailure('ip', 'a@x')
    c.advance(30_000)
    for (let i = 0; i < 3_334; i++) limiter.recordFailure(`ip${i}`, `u${i}@x`)
    expect(limiter.retryAfter('ip', 'a@x')).toBe(30)
  })
})

describe('clientAddress', () => {
  it('ignores forwarded-for headers from any peer that is not a configured proxy, loopback included', () => {
    // Parsed inside the test: a parser that throws then fails this test, not the file's collection
    // (which mutation testing would count as a surviving mutant).
    const none = parseTrustedProxies(undefined)
    expect([...none]).toEqual([])
    expect(clientAddress('127.0.0.1', '203.0.113.9', none)).toBe('127.0.0.1')
    expect(clientAddress('::1', '203.0.113.9', none)).toBe('::1')
    expect(clientAddress('::ffff:127.0.0.1', '203.0.113.9', none)).toBe('127.0.0.1')
    expect(clientAddress('198.51.100.7', '203.0.113.9', parseTrustedProxies('10.0.0.1'))).toBe(
      '198.51.100.7',
    )
    expect(clientAddress(undefined, undefined, none)).toBe('')
  })

  it('through trusted proxies takes the right-most address that is not a proxy', () => {
    const trusted = parseTrustedProxies(' 10.0.0.1 , ::ffff:10.0.0.2,[fd00::1]')
    expect([...trusted]).toEqual(['10.0.0.1', '10.0.0.2', 'fd00::1'])
    // What the client wrote itself is left of what the proxy appended.
    expect(clientAddress('10.0.0.1', '1.2.3.4, 198.51.100.7', trusted)).toBe('198.51.100.7')
    expect(clientAddress('10.0.0.1', '198.51.100.7, 10.0.0.2', trusted)).toBe('198.51.100.7')
    expect(clientAddress('10.0.0.1', ['1.2.3.4', '198.51.100.7'], trusted)).toBe('198.51.100.7')
    expect(clientAddress('::ffff:10.0.0.1', '2001:DB8::5', trusted)).toBe('2001:db8::5')
    expect(clientAddress('[fd00::1]', '203.0.113.4', trusted)).toBe('203.0.113.4')
    // Multi-digit parts of an IPv4-mapped address.
    const mapped = parseTrustedProxies('::ffff:192.168.100.254')
    expect([...mapped]).toEqual(['192.168.100.254'])
    expect(clientAddress('::ffff:192.168.100.254', '::ffff:203.113.210.199', mapped)).toBe(
      '203.113.210.199',
    )
    // Garbage ends the chain at the last address that could be checked.
    expect(clientAddress('10.0.0.1', 'x, not-an-ip', trusted)).toBe('10.0.0.1')
    expect(clientAddress('10.0.0.1', 'not-an-ip, 10.0.0.2', trusted)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.1', '', trusted)).toBe('10.0.0.1')
    expect(clientAddress('10.0.0.1', undefined, trusted)).toBe('10.0.0.1')
  })

  it('refuses a proxy list that is not addresses', () => {
    expect(() => parseTrustedProxies('10.0.0.1,proxy.example')).toThrow(
      'TRUSTED_PROXIES must list IP addresses, got "proxy.example"',
    )
    expect([...parseTrustedProxies(' , ')]).toEqual([])
  })
})
