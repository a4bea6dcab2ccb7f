// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import { selectCurrency, setCurrency, toggleCurrency } from '@/features/currency/currency-slice'
import { toCurrency, validateSavedCurrency } from '@/features/currency/currency-storage'
import { formatPrice, kesToUsd } from '@/lib/money'

describe('currency (spec §4, §9)', () => {
  it('starts in KSH and toggles between KSH and USD', () => {
    const store = makeStore()
    expect(selectCurrency(store.getState())).toBe('KSH')
    store.dispatch(toggleCurrency())
    expect(selectCurrency(store.getState())).toBe('USD')
    store.dispatch(toggleCurrency())
    expect(selectCurrency(store.getState())).toBe('KSH')
    store.dispatch(setCurrency('USD'))
    expect(selectCurrency(store.getState())).toBe('USD')
  })

  it('formats KSH as whole shillings and USD at 140 KSH per dollar, 2 decimals', () => {
    expect(formatPrice(6300, 'KSH')).toBe('KSH 6,300')
    expect(formatPrice(6300, 'USD')).toBe('$45.00')
    expect(formatPrice(35_000, 'USD')).toBe('$250.00')
    expect(formatPrice(1_250_000, 'KSH')).toBe('KSH 1,250,000')
    expect(formatPrice(100, 'USD')).toBe('$0.71')
    expect(formatPrice(0, 'KSH')).toBe('KSH 0')
    expect(kesToUsd(5000)).toBe(35.71)
  })

  it('reads saved currencies, including older spellings, and rejects others', () => {
    expect(toCurrency('usd')).toBe('USD')
    expect(toCurrency('KES')).toBe('KSH')
    expect(toCurrency('EUR')).toBeNull()
    expect(toCurrency(1)).toBeNull()
    expect(validateSavedCurrency({ currency: 'USD' })).toEqual({ currency: 'USD' })
    expect(validateSavedCurrency({})).toBeNull()
  })
})
