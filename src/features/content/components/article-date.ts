const dateFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Nairobi',
})

/** `28 October 2026` from an ISO date. */
export function formatArticleDate(iso: string): string {
  return dateFormat.format(new Date(`${iso}T12:00:00+03:00`))
}
