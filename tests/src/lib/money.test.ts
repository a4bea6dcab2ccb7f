// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { discountedPrice, formatPrice, kesToUsd } from '@/lib/money'

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

  it('applies percentage discounts in whole shillings', () => {
    expect(discountedPrice(6300, 0)).toBe(6300)
    expect(discountedPrice(6300, 15)).toBe(5355)
    expect(discountedPrice(999, 5)).toBe(949)
  })
})
