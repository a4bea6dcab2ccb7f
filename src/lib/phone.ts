/**
 * Kenyan mobile numbers, as shoppers type them: 07XXXXXXXX, 01XXXXXXXX, +2547…, 2547… (spaces, dashes,
 * dots and brackets allowed). The store keeps one form, 2547XXXXXXXX / 2541XXXXXXXX, which M-Pesa also
 * expects. Mirrors `private.normalize_ke_phone` in the database so both sides agree on every input.
 */

/** The stored form: what the database's `phone` columns accept. */
export const KENYAN_PHONE_PATTERN = /^254[17][0-9]{8}$/

/** Shown beside a phone field holding something that is not a Kenyan mobile number. */
export const KENYAN_PHONE_ERROR = 'Enter a Kenyan mobile number, e.g. 0712 345 678'

const SEPARATORS = /[\s\-().]/g

/** `2547XXXXXXXX` / `2541XXXXXXXX`, or null when the input is not a Kenyan mobile number. */
export function normalizeKenyanPhone(input: string | null | undefined): string | null {
  const digits = (input ?? '').replace(SEPARATORS, '')
  const match =
    /^\+?254([17]\d{8})$/.exec(digits) ??
    /^0([17]\d{8})$/.exec(digits) ??
    /^([17]\d{8})$/.exec(digits)
  return match ? `254${match[1]}` : null
}

export function isValidKenyanPhone(input: string | null | undefined): boolean {
  return normalizeKenyanPhone(input) !== null
}

/** A stored number as Kenyans read it: `0712 345 678`; anything else is returned unchanged. */
export function formatKenyanPhone(stored: string): string {
  if (!KENYAN_PHONE_PATTERN.test(stored)) return stored
  const local = `0${stored.slice(3)}`
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`
}
