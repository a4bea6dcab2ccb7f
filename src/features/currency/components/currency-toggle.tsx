/** Placeholder until its feature lands: the header's KSH/USD toggle. */
export function CurrencyToggle() {
  return null
}
