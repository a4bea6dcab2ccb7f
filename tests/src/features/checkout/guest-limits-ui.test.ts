import { beforeEach, describe, expect, it } from 'vitest'
import { fromRpcError } from '@/features/checkout/api/checkout-error'
import { asCheckoutField } from '@/features/checkout/checkout-validation'
import { deviceId } from '@/features/checkout/device-id'

/** How the checkout shows the database's guest limits, and the device id they count. */
describe('guest limit refusals', () => {
  const refusal = (code: string, message: string, field?: string) =>
    fromRpcError(
      {
        code: 'PT400',
        message,
        details: JSON.stringify({ code, ...(field ? { field } : {}), limit: 10 }),
      },
      400,
    )

  it('are final (never retried by the outbox) and shown at the field they name', () => {
    const phone = refusal(
      'guest_phone_limit',
      'This phone number already has 10 unpaid orders today. Please pay for them, sign in, or try again tomorrow.',
      'contact.phone',
    )
    expect(phone).toMatchObject({
      kind: 'invalid',
      code: 'guest_phone_limit',
      field: 'contact.phone',
    })
    expect(phone.retryable).toBe(false)
    expect(asCheckoutField(phone.field)).toBe('contact.phone')
    const address = refusal('guest_address_limit', 'This delivery address …', 'delivery.street')
    expect(asCheckoutField(address.field)).toBe('delivery.street')
  })

  it('without a field are shown as the message itself', () => {
    const ceiling = refusal(
      'guest_order_limit',
      'Orders over KSh 300,000 need an account. Please sign in or create one to place this order.',
    )
    expect(ceiling).toMatchObject({ kind: 'invalid', code: 'guest_order_limit', field: undefined })
    expect(ceiling.message).toBe(
      'Orders over KSh 300,000 need an account. Please sign in or create one to place this order.',
    )
  })
})

describe('the device id', () => {
  beforeEach(() => localStorage.clear())

  it('is a UUID kept for this device', () => {
    const first = deviceId()
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(deviceId()).toBe(first)
  })

  it('is made again when what is kept is not one', () => {
    localStorage.setItem('luxe:device-id', 'not-a-device')
    const made = deviceId()
    expect(made).not.toBe('not-a-device')
    expect(localStorage.getItem('luxe:device-id')).toBe(made)
  })
})
