/**
 * The card providers without network: Paystack's requests and its webhook signature (HMAC-SHA512 of
 * the raw body under the secret key), the sandbox's timestamped signature, the refund call the
 * refunds screen uses, and the choice of provider by configuration.
 */
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createPaystackProvider } from '../../../../supabase/functions/_shared/payments/card/paystack'
import { cardProviderFromEnv } from '../../../../supabase/functions/_shared/payments/card/provider'
import { refundCardPayment } from '../../../../supabase/functions/_shared/payments/card/refunds'
import { createSandboxCardProvider } from '../../../../supabase/functions/_shared/payments/card/sandbox'
import {
  signWebhook,
  verifyWebhookSignature,
} from '../../../../supabase/functions/_shared/payments/card/signing'
import { ProviderError } from '../../../../supabase/functions/_shared/payments/types'

const KEY = 'sk_test_0123456789abcdef'

function recordingFetch(answer: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return new Response(JSON.stringify(answer), { status })
  }) as unknown as typeof fetch
  return { calls, fetchFn }
}

describe('Paystack', () => {
  it('opens a KES session for the total in cents with our reference and return URL', async () => {
    const { calls, fetchFn } = recordingFetch({
      status: true,
      data: { authorization_url: 'https://checkout.paystack.com/abc' },
    })
    const provider = createPaystackProvider({ secretKey: KEY, fetch: fetchFn })
    const session = await provider.createSession({
      reference: 'LKC_240001_0123456789abcdef',
      amount: 1820000,
      currency: 'KES',
      email: 'njeri@example.com',
      orderNumber: 'LK-240001',
      returnUrl: 'https://luxekenya.co.ke/order/LK-240001?token=t',
    })
    expect(session.url).toBe('https://checkout.paystack.com/abc')
    expect(calls[0]!.url).toBe('https://api.paystack.co/transaction/initialize')
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${KEY}`)
    expect(JSON.parse(calls[0]!.init.body as string)).toMatchObject({
      amount: 182000000,
      currency: 'KES',
      reference: 'LKC_240001_0123456789abcdef',
      callback_url: 'https://luxekenya.co.ke/order/LK-240001?token=t',
      channels: ['card'],
    })
  })

  it('turns a refusal into a ProviderError with words the shopper can read', async () => {
    const { fetchFn } = recordingFetch({ status: false, message: 'Invalid key' }, 401)
    const provider = createPaystackProvider({ secretKey: KEY, fetch: fetchFn })
    await expect(
      provider.createSession({
        reference: 'LKC_240001_0123456789abcdef',
        amount: 100,
        currency: 'KES',
        email: 'a@example.com',
        orderNumber: 'LK-240001',
        returnUrl: 'https://luxekenya.co.ke/order/LK-240001',
      }),
    ).rejects.toBeInstanceOf(ProviderError)
  })

  it('accepts a webhook signed with the secret key and refuses any other', async () => {
    const provider = createPaystackProvider({ secretKey: KEY })
    const raw = JSON.stringify({
      event: 'charge.success',
      data: {
        id: 302961,
        reference: 'LKC_240001_0123456789abcdef',
        amount: 182000000,
        currency: 'KES',
        gateway_response: 'Approved',
        authorization: { card_type: 'visa ', last4: '4081' },
      },
    })
    const signed = new Headers({
      'x-paystack-signature': createHmac('sha512', KEY).update(raw).digest('hex'),
    })
    expect(await provider.verifyWebhook(raw, signed)).toMatchObject({
      kind: 'event',
      event: {
        eventId: 'paystack:charge.success:302961',
        reference: 'LKC_240001_0123456789abcdef',
        succeeded: true,
        amount: 1820000,
        currency: 'KES',
        providerReference: '302961',
        resultDesc: 'Approved (visa ending 4081)',
      },
    })
    const forged = new Headers({
      'x-paystack-signature': createHmac('sha512', 'sk_other').update(raw).digest('hex'),
    })
    expect(await provider.verifyWebhook(raw, forged)).toMatchObject({ kind: 'invalid' })
    expect(await provider.verifyWebhook(`${raw} `, signed)).toMatchObject({ kind: 'invalid' })
    expect(await provider.verifyWebhook(raw, new Headers())).toMatchObject({ kind: 'invalid' })
    const transfer = JSON.stringify({ event: 'transfer.success', data: {} })
    const transferSigned = new Headers({
      'x-paystack-signature': createHmac('sha512', KEY).update(transfer).digest('hex'),
    })
    expect(await provider.verifyWebhook(transfer, transferSigned)).toMatchObject({
      kind: 'ignored',
    })
  })

  it('refunds part of a payment by our reference, in cents', async () => {
    const { calls, fetchFn } = recordingFetch({
      status: true,
      data: { id: 3018284, status: 'pending' },
    })
    const provider = createPaystackProvider({ secretKey: KEY, fetch: fetchFn })
    const refund = await refundCardPayment(
      () => undefined,
      { reference: 'LKC_240001_0123456789abcdef', amount: 910000, reason: 'Half returned' },
      provider,
    )
    expect(refund).toEqual({ refundId: '3018284', status: 'pending' })
    expect(calls[0]!.url).toBe('https://api.paystack.co/refund')
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      transaction: 'LKC_240001_0123456789abcdef',
      amount: 91000000,
      merchant_note: 'Half returned',
    })
    await expect(
      refundCardPayment(
        () => undefined,
        { reference: 'LKC_240001_0123456789abcdef', amount: 0 },
        provider,
      ),
    ).rejects.toThrow(RangeError)
  })
})

describe('a retried card refund', () => {
  const reference = 'LKC_240001_0123456789abcdef'
  const key = '6f1c2a52-9d0e-4c3b-8a57-0b6d1f7e2c11'

  it('on Paystack, is the refund already made with its key, or a new one carrying the key', async () => {
    const calls: { url: string; init: RequestInit }[] = []
    let made: { id: number; status: string; merchant_note: string }[] = [
      { id: 11, status: 'processed', merchant_note: 'Refund for order LK-1 [another-key]' },
    ]
    const fetchFn = (async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init })
      if ((init.method ?? 'GET') === 'GET') {
        return new Response(JSON.stringify({ status: true, data: made }))
      }
      const body = JSON.parse(init.body as string) as { merchant_note: string }
      const created = { id: 12, status: 'pending', merchant_note: body.merchant_note }
      made = [...made, created]
      return new Response(JSON.stringify({ status: true, data: created }))
    }) as unknown as typeof fetch
    const provider = createPaystackProvider({ secretKey: KEY, fetch: fetchFn })
    const request = { reference, amount: 100, reason: 'Refund for order LK-1', key }

    expect(await provider.refund(request)).toEqual({ refundId: '12', status: 'pending' })
    expect(calls.map((c) => c.init.method ?? 'GET')).toEqual(['GET', 'POST'])
    expect(calls[0]!.url).toBe(`https://api.paystack.co/refund?reference=${reference}&perPage=100`)
    expect(JSON.parse(calls[1]!.init.body as string)).toMatchObject({
      merchant_note: `Refund for order LK-1 [${key}]`,
    })
    // Sent again (its answer was lost): the refund it made is found, nothing is created.
    expect(await provider.refund(request)).toEqual({ refundId: '12', status: 'pending' })
    expect(calls.map((c) => c.init.method ?? 'GET')).toEqual(['GET', 'POST', 'GET'])
  })

  it('in the sandbox, gives the same refund for the same key and another for another key', async () => {
    const provider = createSandboxCardProvider({
      pageUrl: 'http://127.0.0.1/x',
      secret: 'sandbox-secret-0123456789',
    })
    const once = await provider.refund({ reference, amount: 5, key })
    expect(await provider.refund({ reference, amount: 5, key })).toEqual(once)
    expect((await provider.refund({ reference, amount: 5, key: 'other' })).refundId).not.toBe(
      once.refundId,
    )
  })
})

describe('the sandbox signature', () => {
  const secret = 'sandbox-secret-0123456789'
  it('verifies a fresh signature and refuses a stale, altered or foreign one', async () => {
    const now = 1_800_000_000
    const header = await signWebhook(secret, '{"a":1}', now)
    expect(await verifyWebhookSignature(secret, '{"a":1}', header, now + 10)).toBe('ok')
    expect(await verifyWebhookSignature(secret, '{"a":1}', header, now + 301)).toBe('stale')
    expect(await verifyWebhookSignature(secret, '{"a":2}', header, now)).toBe('mismatch')
    expect(await verifyWebhookSignature('another-secret-0123456789', '{"a":1}', header, now)).toBe(
      'mismatch',
    )
    expect(await verifyWebhookSignature(secret, '{"a":1}', null, now)).toBe('missing')
  })

  it('refunds at once in the sandbox', async () => {
    const provider = createSandboxCardProvider({ pageUrl: 'http://127.0.0.1/x', secret })
    const refund = await provider.refund({ reference: 'LKC_240001_0123456789abcdef', amount: 5 })
    expect(refund.status).toBe('processed')
    expect(refund.refundId).toMatch(/^sbx_rf_[0-9a-f]{32}$/)
  })
})

describe('choosing the card provider', () => {
  const env = (values: Record<string, string>) => (name: string) => values[name]
  it('uses the sandbox on a local server by default, and never on a hosted one unless chosen', async () => {
    const local = await cardProviderFromEnv(
      env({ SUPABASE_URL: 'http://127.0.0.1:4173', CARD_WEBHOOK_SECRET: 'x'.repeat(20) }),
    )
    expect(local.name).toBe('sandbox')
    await expect(
      cardProviderFromEnv(env({ SUPABASE_URL: 'https://abc.supabase.co' })),
    ).rejects.toMatchObject({ code: 'payments_not_configured', status: 503 })
  })

  it('uses Paystack when chosen, and refuses to start without its secret key', async () => {
    const paystack = await cardProviderFromEnv(
      env({
        CARD_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: KEY,
        SUPABASE_URL: 'https://abc.supabase.co',
      }),
    )
    expect(paystack.name).toBe('paystack')
    await expect(
      cardProviderFromEnv(
        env({ CARD_PROVIDER: 'paystack', SUPABASE_URL: 'https://abc.supabase.co' }),
      ),
    ).rejects.toMatchObject({ code: 'payments_not_configured' })
  })
})
