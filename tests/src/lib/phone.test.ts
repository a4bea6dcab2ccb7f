// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  formatKenyanPhone,
  isValidKenyanPhone,
  KENYAN_PHONE_PATTERN,
  normalizeKenyanPhone,
} from '@/lib/phone'

describe('normalizeKenyanPhone', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['+254112345678', '254112345678'],
    ['254112345678', '254112345678'],
    ['712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['0712-345-678', '254712345678'],
    ['+254 (712) 345.678', '254712345678'],
    ['  0722000111  ', '254722000111'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normalizeKenyanPhone(input)).toBe(expected)
    expect(KENYAN_PHONE_PATTERN.test(expected)).toBe(true)
  })

  it.each([
    '',
    '   ',
    '0812345678', // not a mobile prefix
    '071234567', // too short
    '07123456789', // too long
    '+255712345678', // Tanzania
    '2540712345678', // trunk zero kept after the country code
    '++254712345678',
    '0712a45678',
    '+0712345678',
    '00254712345678',
    '0712\u0660345678', // Arabic-Indic digit
  ])('refuses %j', (input) => {
    expect(normalizeKenyanPhone(input)).toBeNull()
    expect(isValidKenyanPhone(input)).toBe(false)
  })

  it('treats null and undefined as no number', () => {
    expect(normalizeKenyanPhone(null)).toBeNull()
    expect(normalizeKenyanPhone(undefined)).toBeNull()
  })
})

describe('formatKenyanPhone', () => {
  it('shows the stored form as a local number', () => {
    expect(formatKenyanPhone('254712345678')).toBe('0712 345 678')
    expect(formatKenyanPhone('254112345678')).toBe('0112 345 678')
  })

  it('leaves anything else as it is', () => {
    expect(formatKenyanPhone('12345')).toBe('12345')
  })
})
