// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { discountedPrice, formatPrice, groupDigits, kesToUsd } from '@/lib/money'

describe('money', () => {
  it('shows KSH as whole shillings with thousands separators', () => {
    expect(formatPrice(6300, 'KSH')).toBe('KSH 6,300')
    expect(formatPrice(6300.4, 'KSH')).toBe('KSH 6,300')
    expect(formatPrice(999, 'KSH')).toBe('KSH 999')
  })

  it('shows USD at 140 KSH per dollar with 2 decimals', () => {
    expect(formatPrice(6300, 'USD')).toBe('$45.00')
    expect(formatPrice(140_000_000, 'USD')).toBe('$1,000,000.00')
    expect(kesToUsd(1)).toBe(0.01)
  })

  it('groups digits as en-KE and en-US do, for whole amounts and cents', () => {
    const whole = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 })
    const cents = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    const values = [0, 1, 12, 999, 1000, 9999, 10_000, 123_456, 1_000_000, 987_654_321, -1500]
    for (let i = 0; i < 200; i++) values.push(Math.round(Math.random() * 10 ** (1 + (i % 10))))
    for (const value of values) {
      expect(groupDigits(value)).toBe(whole.format(value))
      const inCents = Math.round(value * 100 + (i0(value) % 100)) / 100
      expect(groupDigits(inCents, 2)).toBe(cents.format(inCents))
    }
    // Intl writes "-0" for an amount that rounds to nothing; an amount of nothing reads "0".
    expect(groupDigits(-0.001)).toBe('0')
  })

  it('applies percentage discounts in whole shillings', () => {
    expect(discountedPrice(6300, 0)).toBe(6300)
    expect(discountedPrice(6300, 15)).toBe(5355)
    expect(discountedPrice(999, 5)).toBe(949)
  })
})

/** A cent figure that varies with the value, so fractions other than .00 are checked too. */
function i0(value: number) {
  return Math.abs(Math.trunc(value * 7)) % 100
}
