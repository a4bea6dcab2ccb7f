import { groupDigits } from '@/lib/money'

/**
 * `KSh 5,000`: how fees and thresholds are written in running text (prices use formatPrice). The space
 * is non-breaking so the amount never wraps away from its currency.
 */
export function ksh(amount: number): string {
  return `KSh\u00a0${groupDigits(Math.round(amount))}`
}
