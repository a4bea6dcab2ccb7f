/**
 * Kenyan mobile numbers for the payment functions (they cannot import the app's src/lib/phone.ts at
 * run time on Deno). Same rule as the app and the database's private.normalize_ke_phone: 07XXXXXXXX,
 * 01XXXXXXXX, +2547…, 2547… (spaces, dashes, dots, brackets allowed) → 2547XXXXXXXX / 2541XXXXXXXX.
 */
export function normalizeKenyanPhone(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 40) return null
  const digits = input.replace(/[\s\-().]/g, '')
  let match: RegExpExecArray | null
  if ((match = /^\+?(254[17]\d{8})$/.exec(digits))) return match[1]!
  if ((match = /^0([17]\d{8})$/.exec(digits))) return `254${match[1]}`
  if ((match = /^([17]\d{8})$/.exec(digits))) return `254${match[1]}`
  return null
}
