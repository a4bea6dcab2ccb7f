/**
 * Kenyan mobile numbers in the app: the rule itself is shared with the functions
 * (supabase/functions/_shared/kenyan-phone.ts); here is how the app shows and checks them.
 */
import { KENYAN_PHONE_PATTERN, normalizeKenyanPhone } from '@shared/kenyan-phone'

export { KENYAN_PHONE_PATTERN, normalizeKenyanPhone }

/** Shown beside a phone field holding something that is not a Kenyan mobile number. */
export const KENYAN_PHONE_ERROR = 'Enter a Kenyan mobile number, e.g. 0712 345 678'

export function isValidKenyanPhone(input: string | null | undefined): boolean {
  return normalizeKenyanPhone(input) !== null
}

/** A stored number as Kenyans read it: `0712 345 678`; anything else is returned unchanged. */
export function formatKenyanPhone(stored: string): string {
  if (!KENYAN_PHONE_PATTERN.test(stored)) return stored
  const local = `0${stored.slice(3)}`
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`
}
