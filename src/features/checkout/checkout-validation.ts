import { counties } from '@/config/site'
import { KENYAN_PHONE_ERROR, normalizeKenyanPhone } from '@/lib/phone'
import type { DeliveryMethod, PaymentMethod } from './checkout-types'

/** What the shopper types at checkout (strings as typed; normalised only when the order is built). */
export interface CheckoutDraft {
  name: string
  email: string
  phone: string
  method: DeliveryMethod
  county: string
  town: string
  street: string
  note: string
  pickupPoint: string
  paymentMethod: PaymentMethod
  /** The number the M-Pesa prompt goes to; follows `phone` until the shopper edits it. */
  mpesaPhone: string
  mpesaPhoneEdited: boolean
}

export const emptyDraft: CheckoutDraft = {
  name: '',
  email: '',
  phone: '',
  method: 'delivery',
  county: '',
  town: '',
  street: '',
  note: '',
  pickupPoint: '',
  paymentMethod: 'mpesa',
  mpesaPhone: '',
  mpesaPhoneEdited: false,
}

/** Field names are the server's (`details.field`), so its refusals land beside the same inputs. */
export type CheckoutField =
  | 'contact.name'
  | 'contact.email'
  | 'contact.phone'
  | 'delivery.county'
  | 'delivery.town'
  | 'delivery.street'
  | 'delivery.note'
  | 'delivery.pickupPoint'
  | 'paymentMethod'
  | 'mpesaPhone'

export type CheckoutErrors = Partial<Record<CheckoutField, string>>

/** The order fields appear on the page in this order; the first one in error takes the focus. */
export const fieldOrder: CheckoutField[] = [
  'contact.name',
  'contact.email',
  'contact.phone',
  'delivery.county',
  'delivery.town',
  'delivery.street',
  'delivery.note',
  'delivery.pickupPoint',
  'paymentMethod',
  'mpesaPhone',
]

export const limits = { name: 100, email: 254, town: 100, street: 200, note: 500 } as const

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

export const messages = {
  name: 'Please enter your full name.',
  emailRequired: 'Please enter your email address so we can send your receipt.',
  emailInvalid: 'Please enter a valid email address, e.g. wanjiru@example.com.',
  phoneRequired: 'Please enter your mobile number.',
  phoneInvalid: KENYAN_PHONE_ERROR,
  county: 'Please choose your county.',
  town: 'Please enter your town.',
  street: 'Please enter your street or a landmark.',
  note: `The note for the rider can be at most ${limits.note} characters.`,
  pickupPoint: 'Please choose a pickup point.',
  paymentMethod: 'Please choose M-Pesa, card, bank transfer or cash on delivery.',
} as const

export function validatePhone(value: string): string | undefined {
  if (!value.trim()) return messages.phoneRequired
  return normalizeKenyanPhone(value) ? undefined : messages.phoneInvalid
}

export function validateEmail(value: string, required: boolean): string | undefined {
  const email = value.trim()
  if (!email) return required ? messages.emailRequired : undefined
  return email.length <= limits.email && EMAIL_PATTERN.test(email)
    ? undefined
    : messages.emailInvalid
}

const isCounty = (value: string) =>
  (counties as readonly string[]).some(
    (county) => county.toLowerCase() === value.trim().toLowerCase(),
  )

/**
 * The same rules the database applies, checked before sending so the shopper hears about a mistake at
 * once (and offline). Guests need an email; a signed-in shopper's account email is used otherwise.
 */
export function validateCheckout(
  draft: CheckoutDraft,
  options: { signedIn: boolean },
): CheckoutErrors {
  const errors: CheckoutErrors = {}
  const name = draft.name.trim()
  if (!name || name.length > limits.name) errors['contact.name'] = messages.name
  const email = validateEmail(draft.email, !options.signedIn)
  if (email) errors['contact.email'] = email
  const phone = validatePhone(draft.phone)
  if (phone) errors['contact.phone'] = phone

  if (draft.method === 'delivery') {
    if (!isCounty(draft.county)) errors['delivery.county'] = messages.county
    const town = draft.town.trim()
    if (!town || town.length > limits.town) errors['delivery.town'] = messages.town
    const street = draft.street.trim()
    if (!street || street.length > limits.street) errors['delivery.street'] = messages.street
    if (draft.note.trim().length > limits.note) errors['delivery.note'] = messages.note
  } else if (!draft.pickupPoint) {
    errors['delivery.pickupPoint'] = messages.pickupPoint
  }

  if (!['mpesa', 'card', 'bank', 'cod'].includes(draft.paymentMethod)) {
    errors.paymentMethod = messages.paymentMethod
  } else if (draft.paymentMethod === 'mpesa') {
    const mpesa = validatePhone(mpesaPhoneOf(draft))
    if (mpesa) errors.mpesaPhone = mpesa
  }
  return errors
}

/** The M-Pesa number: the contact phone unless the shopper typed another one. */
export function mpesaPhoneOf(draft: CheckoutDraft): string {
  return draft.mpesaPhoneEdited ? draft.mpesaPhone : draft.phone
}

/** A server `details.field` as one of our fields (items[…] and unknown fields have no input). */
export function asCheckoutField(field: string | undefined): CheckoutField | undefined {
  if (!field) return undefined
  if (field === 'delivery' || field === 'delivery.method') return undefined
  if (field === 'contact') return 'contact.name'
  return (fieldOrder as string[]).includes(field) ? (field as CheckoutField) : undefined
}
