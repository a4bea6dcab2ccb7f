/**
 * CSV for spreadsheets. Every text field is quoted, and one that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return: OWASP's CSV injection list) gets a leading
 * apostrophe, so a customer named `=HYPERLINK(…)` stays text. Numbers are written as numbers.
 */
export type CsvValue = string | number | boolean | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

/** A whole file: a byte-order mark (so Excel reads UTF-8), a header row, CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
