import { counties } from '@/config/site'
import { KENYAN_PHONE_ERROR, normalizeKenyanPhone } from '@/lib/phone'
import type { AddressInput } from './api/addresses'

/** Rules checked before saving; the database checks the same limits again. */
export const limits = { name: 100, label: 40, town: 100, street: 200, note: 500 } as const

const tooLong = (max: number) => `Use at most ${max} characters`

export interface ProfileDraft {
  fullName: string
  phone: string
}
export type ProfileErrors = Partial<Record<keyof ProfileDraft, string>>

export function validateProfile(draft: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {}
  const name = draft.fullName.trim()
  if (!name) errors.fullName = 'Enter your full name'
  else if (name.length > limits.name) errors.fullName = tooLong(limits.name)
  if (draft.phone.trim() && !normalizeKenyanPhone(draft.phone)) errors.phone = KENYAN_PHONE_ERROR
  return errors
}

/** The profile as stored: tidy name, phone in 2547XXXXXXXX form (or empty). */
export function profileToSave(draft: ProfileDraft): ProfileDraft {
  return {
    fullName: draft.fullName.trim().replace(/\s+/g, ' '),
    phone: normalizeKenyanPhone(draft.phone) ?? '',
  }
}

export interface AddressDraft {
  label: string
  recipientName: string
  phone: string
  county: string
  town: string
  street: string
  note: string
  isDefault: boolean
}
export type AddressField = Exclude<keyof AddressDraft, 'isDefault'>
export type AddressErrors = Partial<Record<AddressField, string>>

export const emptyAddressDraft: AddressDraft = {
  label: '',
  recipientName: '',
  phone: '',
  county: '',
  town: '',
  street: '',
  note: '',
  isDefault: false,
}

const knownCounties: ReadonlySet<string> = new Set(counties)

export function validateAddress(draft: AddressDraft): AddressErrors {
  const errors: AddressErrors = {}
  if (draft.label.trim().length > limits.label) errors.label = tooLong(limits.label)
  if (draft.recipientName.trim().length > limits.name) errors.recipientName = tooLong(limits.name)
  if (draft.phone.trim() && !normalizeKenyanPhone(draft.phone)) errors.phone = KENYAN_PHONE_ERROR
  if (!knownCounties.has(draft.county)) errors.county = 'Choose a county'
  const town = draft.town.trim()
  if (!town) errors.town = 'Enter the town or area'
  else if (town.length > limits.town) errors.town = tooLong(limits.town)
  const street = draft.street.trim()
  if (!street) errors.street = 'Enter a street, building or landmark'
  else if (street.length > limits.street) errors.street = tooLong(limits.street)
  if (draft.note.trim().length > limits.note) errors.note = tooLong(limits.note)
  return errors
}

const orNull = (value: string) => value.trim().replace(/\s+/g, ' ') || null

export function addressToSave(draft: AddressDraft): AddressInput {
  return {
    label: orNull(draft.label),
    recipient_name: orNull(draft.recipientName),
    phone: normalizeKenyanPhone(draft.phone),
    county: draft.county,
    town: draft.town.trim().replace(/\s+/g, ' '),
    street: draft.street.trim().replace(/\s+/g, ' '),
    note: draft.note.trim() || null,
    is_default: draft.isDefault,
  }
}
