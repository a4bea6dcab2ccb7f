const kes = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 })

/** `KSh 5,000`: how fees and thresholds are written in running text (prices use formatPrice). */
export function ksh(amount: number): string {
  return `KSh ${kes.format(amount)}`
}
