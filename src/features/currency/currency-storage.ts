import type { Currency } from '@/lib/money'
import { initialCurrencyState, type CurrencyState } from './currency-slice'

/** 'KSH', 'USD', and the spellings an older version may have saved ('KES', 'usd'). */
export function toCurrency(value: unknown): Currency | null {
  if (typeof value !== 'string') return null
  const upper = value.trim().toUpperCase()
  if (upper === 'KSH' || upper === 'KES') return 'KSH'
  if (upper === 'USD') return 'USD'
  return null
}

export function validateSavedCurrency(saved: Record<string, unknown>): CurrencyState | null {
  const currency = toCurrency(saved.currency)
  return currency ? { currency } : null
}

/** A choice made before the saved one was read wins; otherwise the saved one applies. */
export function mergeSavedCurrency(
  saved: Partial<CurrencyState>,
  current: CurrencyState,
): CurrencyState {
  if (current.currency !== initialCurrencyState.currency) return current
  return { ...current, ...saved }
}
