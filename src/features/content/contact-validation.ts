/**
 * The contact form's rules, the same limits the `contact_messages` table enforces, with messages a
 * shopper can act on. Pure, so the form and its tests share them.
 */
export interface ContactDraft {
  name: string
  email: string
  phone: string
  subject: string
  message: string
}

export type ContactField = keyof ContactDraft
export type ContactErrors = Partial<Record<ContactField, string>>

export const contactSubjects = [
  'Order enquiry',
  'Delivery',
  'Returns and exchanges',
  'Sizing and styling advice',
  'Affiliate program',
  'Press and partnerships',
  'Careers',
  'Something else',
] as const

export const contactLimits = {
  name: 100,
  email: 254,
  phone: 20,
  messageMin: 10,
  message: 5000,
} as const

const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/
/** Digits with optional leading +, spaces, dashes or brackets: Kenyan or international. */
const phonePattern = /^\+?[\d\s()-]+$/

export const emptyContactDraft: ContactDraft = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
}

export function validateContact(draft: ContactDraft): ContactErrors {
  const errors: ContactErrors = {}
  const name = draft.name.trim()
  const email = draft.email.trim()
  const phone = draft.phone.trim()
  const message = draft.message.trim()

  if (!name) errors.name = 'Please enter your name.'
  else if (name.length > contactLimits.name)
    errors.name = `Please keep your name under ${contactLimits.name} characters.`

  if (!email) errors.email = 'Please enter your email address.'
  else if (email.length > contactLimits.email || !emailPattern.test(email))
    errors.email = 'Please enter a valid email address, like name@example.com.'

  const digits = phone.replace(/\D/g, '')
  if (
    phone &&
    (phone.length > contactLimits.phone ||
      !phonePattern.test(phone) ||
      digits.length < 9 ||
      digits.length > 15)
  )
    errors.phone = 'Please enter a valid phone number, like 0712 345 678, or leave it empty.'

  if (!(contactSubjects as readonly string[]).includes(draft.subject))
    errors.subject = 'Please choose what your message is about.'

  if (!message) errors.message = 'Please write your message.'
  else if (message.length < contactLimits.messageMin)
    errors.message = `Please tell us a little more (at least ${contactLimits.messageMin} characters).`
  else if (message.length > contactLimits.message)
    errors.message = 'Please keep your message under 5,000 characters.'

  return errors
}

/** The row to store: trimmed, with an empty phone left out. */
export function contactRow(draft: ContactDraft) {
  const phone = draft.phone.trim()
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    phone: phone || null,
    subject: draft.subject,
    message: draft.message.trim(),
  }
}
