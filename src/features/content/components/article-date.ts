const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * `28 October 2026` from an ISO date (`2026-10-28`), as en-KE writes it. By hand: an Intl formatter's
 * first use loads the locale's data, about 10 ms of the task that takes an article over.
 */
export function formatArticleDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number)
  return `${day} ${months[month! - 1]} ${year}`
}
