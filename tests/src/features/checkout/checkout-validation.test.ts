// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  asCheckoutField,
  emptyDraft,
  messages,
  mpesaPhoneOf,
  validateCheckout,
  validatePhone,
  type CheckoutDraft,
} from '@/features/checkout/checkout-validation'
import { buildOrderPayload, orderItems, quoteDelivery } from '@/features/checkout/order-payload'

const good: CheckoutDraft = {
  ...emptyDraft,
  name: 'Achieng Otieno',
  email: 'achieng@example.com',
  phone: '0712 345 678',
  method: 'delivery',
  county: 'Kisumu',
  town: 'Kisumu',
  street: 'Oginga Odinga St',
  paymentMethod: 'mpesa',
}

describe('Kenyan phone numbers at checkout', () => {
  it.each([
    ['0712345678', undefined],
    ['0112345678', undefined],
    ['+254712345678', undefined],
    ['254712345678', undefined],
    ['+254 112 345 678', undefined],
    ['0712-345-678', undefined],
    ['', messages.phoneRequired],
    ['   ', messages.phoneRequired],
    ['0812345678', messages.phoneInvalid],
    ['071234567', messages.phoneInvalid],
    ['+255712345678', messages.phoneInvalid],
    ['07123456789', messages.phoneInvalid],
    ['phone me', messages.phoneInvalid],
  ])('%j → %s', (input, expected) => {
    expect(validatePhone(input)).toBe(expected)
  })
})

describe('validateCheckout', () => {
  it('accepts a complete delivery order', () => {
    expect(validateCheckout(good, { signedIn: false })).toEqual({})
  })

  it('needs a name, a phone, and an email from guests only', () => {
    const blank = { ...good, name: ' ', email: '', phone: '' }
    expect(validateCheckout(blank, { signedIn: false })).toEqual({
      'contact.name': messages.name,
      'contact.email': messages.emailRequired,
      'contact.phone': messages.phoneRequired,
      mpesaPhone: messages.phoneRequired,
    })
    expect(validateCheckout({ ...good, email: '' }, { signedIn: true })).toEqual({})
    expect(validateCheckout({ ...good, email: 'not-an-email' }, { signedIn: true })).toEqual({
      'contact.email': messages.emailInvalid,
    })
  })

  it('needs a county (one of the 47), town and street for delivery', () => {
    const errors = validateCheckout(
      { ...good, county: '', town: '', street: '' },
      { signedIn: false },
    )
    expect(errors).toEqual({
      'delivery.county': messages.county,
      'delivery.town': messages.town,
      'delivery.street': messages.street,
    })
    expect(validateCheckout({ ...good, county: 'Atlantis' }, { signedIn: false })).toEqual({
      'delivery.county': messages.county,
    })
    expect(validateCheckout({ ...good, county: "Murang'a" }, { signedIn: false })).toEqual({})
    expect(validateCheckout({ ...good, note: 'x'.repeat(501) }, { signedIn: false })).toEqual({
      'delivery.note': messages.note,
    })
  })

  it('needs a pickup point, and no address, for pickup', () => {
    const pickup = { ...good, method: 'pickup' as const, county: '', town: '', street: '' }
    expect(validateCheckout(pickup, { signedIn: false })).toEqual({
      'delivery.pickupPoint': messages.pickupPoint,
    })
    expect(validateCheckout({ ...pickup, pickupPoint: 'hub-karen' }, { signedIn: false })).toEqual(
      {},
    )
  })

  it('sends the M-Pesa prompt to the contact phone unless another number is typed', () => {
    expect(mpesaPhoneOf(good)).toBe('0712 345 678')
    const other = { ...good, mpesaPhone: '0700', mpesaPhoneEdited: true }
    expect(mpesaPhoneOf(other)).toBe('0700')
    expect(validateCheckout(other, { signedIn: false })).toEqual({
      mpesaPhone: messages.phoneInvalid,
    })
    expect(validateCheckout({ ...other, paymentMethod: 'cod' }, { signedIn: false })).toEqual({})
  })

  it('maps the server refusal fields to inputs', () => {
    expect(asCheckoutField('contact.phone')).toBe('contact.phone')
    expect(asCheckoutField('delivery.pickupPoint')).toBe('delivery.pickupPoint')
    expect(asCheckoutField('items[0].quantity')).toBeUndefined()
    expect(asCheckoutField(undefined)).toBeUndefined()
  })
})

describe('the order sent to place_order', () => {
  const cart = [
    {
      productId: 'dress-001',
      name: 'Wrap Midi Dress',
      price: 1,
      quantity: 2,
      image: '',
      size: 'M',
      color: 'Emerald',
      total: 1,
    },
    { productId: 'acc-002', name: 'Belt', price: 3800, quantity: 1, image: '', size: '' },
  ]

  it('carries no price or total, only products, quantities and options', () => {
    expect(orderItems(cart)).toEqual([
      { productId: 'dress-001', quantity: 2, size: 'M', color: 'Emerald' },
      { productId: 'acc-002', quantity: 1 },
    ])
    const payload = buildOrderPayload(good, cart)
    expect(JSON.stringify(payload)).not.toMatch(/price|total/i)
    expect(payload).toEqual({
      items: [
        { productId: 'dress-001', quantity: 2, size: 'M', color: 'Emerald' },
        { productId: 'acc-002', quantity: 1 },
      ],
      contact: { name: 'Achieng Otieno', email: 'achieng@example.com', phone: '254712345678' },
      delivery: {
        method: 'delivery',
        county: 'Kisumu',
        town: 'Kisumu',
        street: 'Oginga Odinga St',
      },
      paymentMethod: 'mpesa',
    })
  })

  it('sends a pickup point, or the address with the rider note', () => {
    expect(
      buildOrderPayload({ ...good, method: 'pickup', pickupPoint: 'hub-karen', email: '' }, cart)
        .delivery,
    ).toEqual({ method: 'pickup', pickupPoint: 'hub-karen' })
    expect(buildOrderPayload({ ...good, note: ' Blue gate ' }, cart).delivery).toMatchObject({
      note: 'Blue gate',
    })
    expect(buildOrderPayload({ ...good, email: '' }, cart).contact).not.toHaveProperty('email')
  })

  it('adds a live referral code with the day it was captured', () => {
    const payload = buildOrderPayload(good, cart, {
      code: 'AMANI',
      expiry: '2026-03-31T00:00:00.000Z',
    })
    expect(payload.affiliateCode).toBe('AMANI')
    expect(payload.affiliateCapturedAt).toBe('2026-03-01T00:00:00.000Z')
    expect(buildOrderPayload(good, cart, { code: null, expiry: null })).not.toHaveProperty(
      'affiliateCode',
    )
  })

  it('asks for a delivery fee once the method and county (or point) are known', () => {
    expect(quoteDelivery({ ...good, county: '' })).toBeUndefined()
    expect(quoteDelivery(good)).toEqual({
      method: 'delivery',
      county: 'Kisumu',
      town: '-',
      street: '-',
    })
    expect(quoteDelivery({ ...good, method: 'pickup' })).toBeUndefined()
    expect(quoteDelivery({ ...good, method: 'pickup', pickupPoint: 'hub-karen' })).toEqual({
      method: 'pickup',
      pickupPoint: 'hub-karen',
    })
  })
})
