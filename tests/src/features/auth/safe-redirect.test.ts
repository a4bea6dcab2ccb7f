// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { safeRedirect } from '@/features/auth/safe-redirect'

describe('safeRedirect', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/account', '/account'],
    ['/product/dress-001?size=M#reviews', '/product/dress-001?size=M#reviews'],
    ['/products/dresses', '/products/dresses'],
    ['/a/../checkout', '/checkout'],
  ])('keeps the same-site path %j', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected)
  })

  it.each([
    '//evil.com',
    '//evil.com/checkout',
    'https://evil.com',
    'http://evil.com/account',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\\evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'evil.com',
    'checkout',
    '',
    '/auth',
    '/auth?mode=signup',
    '/' + 'a'.repeat(2100),
  ])('refuses %j', (raw) => {
    expect(safeRedirect(raw)).toBe('/')
  })

  it.each([undefined, null, 42, ['/checkout'], { to: '/checkout' }])(
    'refuses a non-string %j',
    (raw) => {
      expect(safeRedirect(raw)).toBe('/')
    },
  )

  it('uses the given fallback', () => {
    expect(safeRedirect('https://evil.com', '/account')).toBe('/account')
    expect(safeRedirect(undefined, '/account')).toBe('/account')
  })
})
