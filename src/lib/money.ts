import { money } from '@/config/site'

export type Currency = 'KSH' | 'USD'

const kesFormat = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 })
const usdFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: money.usdDecimals,
  maximumFractionDigits: money.usdDecimals,
})

/** Converts whole shillings to US dollars, rounded to cents. */
export function kesToUsd(kes: number): number {
  const factor = 10 ** money.usdDecimals
  return Math.round((kes / money.kesPerUsd) * factor) / factor
}

/** `KSH 6,300` or `$45.00`. Prices are always stored and charged in KES; USD is for display only. */
export function formatPrice(kes: number, currency: Currency): string {
  if (currency === 'USD') return `$${usdFormat.format(kesToUsd(kes))}`
  return `KSH ${kesFormat.format(Math.round(kes))}`
}

/** The price after a percentage discount, in whole shillings (the database uses the same rounding). */
export function discountedPrice(kes: number, discountPercent: number): number {
  if (!discountPercent) return kes
  return Math.round((kes * (100 - discountPercent)) / 100)
}
