// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  addressToSave,
  emptyAddressDraft,
  profileToSave,
  validateAddress,
  validateProfile,
} from '@/features/account/account-validation'

const address = {
  ...emptyAddressDraft,
  county: 'Nairobi',
  town: 'Westlands',
  street: 'Woodvale Grove',
}

describe('profile rules', () => {
  it('needs a name; the phone is optional but must be a Kenyan mobile', () => {
    expect(validateProfile({ fullName: '  ', phone: '' })).toEqual({
      fullName: 'Enter your full name',
    })
    expect(validateProfile({ fullName: 'Amina', phone: '0812 345 678' })).toEqual({
      phone: 'Enter a Kenyan mobile number, e.g. 0712 345 678',
    })
    expect(validateProfile({ fullName: 'x'.repeat(101), phone: '' }).fullName).toBe(
      'Use at most 100 characters',
    )
    expect(validateProfile({ fullName: 'Amina', phone: '+254 712 345 678' })).toEqual({})
  })

  it('saves a tidy name and the phone in 2547… form', () => {
    expect(profileToSave({ fullName: '  Amina   Otieno ', phone: '0712-345-678' })).toEqual({
      fullName: 'Amina Otieno',
      phone: '254712345678',
    })
    expect(profileToSave({ fullName: 'Amina', phone: '' })).toEqual({
      fullName: 'Amina',
      phone: '',
    })
  })
})

describe('address rules', () => {
  it('needs one of the 47 counties, a town and a street or landmark', () => {
    expect(validateAddress(emptyAddressDraft)).toEqual({
      county: 'Choose a county',
      town: 'Enter the town or area',
      street: 'Enter a street, building or landmark',
    })
    expect(validateAddress({ ...address, county: 'Atlantis' }).county).toBe('Choose a county')
    expect(validateAddress({ ...address, county: "Murang'a" })).toEqual({})
    expect(validateAddress(address)).toEqual({})
  })

  it('checks the optional fields only when they are filled in', () => {
    expect(validateAddress({ ...address, phone: '12345' }).phone).toBe(
      'Enter a Kenyan mobile number, e.g. 0712 345 678',
    )
    expect(validateAddress({ ...address, label: 'x'.repeat(41) }).label).toBe(
      'Use at most 40 characters',
    )
    expect(validateAddress({ ...address, note: 'x'.repeat(501) }).note).toBe(
      'Use at most 500 characters',
    )
  })

  it('sends empty optional fields as null and the phone normalised', () => {
    expect(
      addressToSave({
        ...address,
        town: '  Westlands ',
        phone: '0722 000 111',
        note: ' Blue gate ',
        isDefault: true,
      }),
    ).toEqual({
      label: null,
      recipient_name: null,
      phone: '254722000111',
      county: 'Nairobi',
      town: 'Westlands',
      street: 'Woodvale Grove',
      note: 'Blue gate',
      is_default: true,
    })
  })
})
