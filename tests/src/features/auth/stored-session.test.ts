import { afterEach, describe, expect, it } from 'vitest'
import { hasStoredSession, isAuthCallbackUrl, readStoredUser } from '@/features/auth/stored-session'

afterEach(() => localStorage.clear())

const saved = {
  access_token: 'a.b.c',
  refresh_token: 'r',
  expires_at: 1,
  user: { id: 'u-1', email: 'amina@example.com', user_metadata: { full_name: ' Amina Otieno ' } },
}

describe('the saved session', () => {
  it('is found by the supabase-js key, without loading supabase-js', () => {
    expect(hasStoredSession()).toBe(false)
    localStorage.setItem('cart', '[]')
    expect(hasStoredSession()).toBe(false)
    localStorage.setItem('sb-127-auth-token', JSON.stringify(saved))
    expect(hasStoredSession()).toBe(true)
  })

  it('gives its user for the offline case', () => {
    localStorage.setItem('sb-127-auth-token', JSON.stringify(saved))
    expect(readStoredUser()).toEqual({
      id: 'u-1',
      email: 'amina@example.com',
      fullName: 'Amina Otieno',
    })
  })

  it.each(['not json', '{}', 'null', '{"user":{"id":42}}', '{"user":"x"}'])(
    'ignores a damaged value %j',
    (value) => {
      localStorage.setItem('sb-127-auth-token', value)
      expect(readStoredUser()).toBeNull()
    },
  )
})

describe('isAuthCallbackUrl', () => {
  it('recognises an email link landing', () => {
    expect(isAuthCallbackUrl({ hash: '#access_token=x&type=recovery', search: '' })).toBe(true)
    expect(
      isAuthCallbackUrl({ hash: '#error=access_denied&error_code=otp_expired', search: '' }),
    ).toBe(true)
    expect(isAuthCallbackUrl({ hash: '', search: '?code=abc' })).toBe(true)
    expect(isAuthCallbackUrl({ hash: '#reviews', search: '?ref=amina' })).toBe(false)
  })
})
