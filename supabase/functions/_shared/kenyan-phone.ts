/**
 * Kenyan mobile numbers, as shoppers type them: 07XXXXXXXX, 01XXXXXXXX, +2547…, 2547… (spaces, dashes,
 * dots and brackets allowed). The store keeps one form, 2547XXXXXXXX / 2541XXXXXXXX, which M-Pesa also
 * expects. The one rule for the app (src/lib/phone.ts) and the functions; it mirrors the database's
 * `private.normalize_ke_phone`, and a test holds the two together on every kind of input.
 */

/** The stored form: what the database's `phone` columns accept. */
export const KENYAN_PHONE_PATTERN = /^254[17][0-9]{8}$/

/** `2547XXXXXXXX` / `2541XXXXXXXX`, or null when the input is not a Kenyan mobile number. */
export function normalizeKenyanPhone(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 40) return null
  const digits = input.replace(/[\s\-().]/g, '')
  const match =
    /^\+?254([17]\d{8})$/.exec(digits) ??
    /^0([17]\d{8})$/.exec(digits) ??
    /^([17]\d{8})$/.exec(digits)
  return match ? `254${match[1]}` : null
}
