import { safeEqual } from '../http.ts'
import { ProviderError } from '../types.ts'
import { assertRefundRequest } from './sandbox.ts'
import { hmacHex } from './signing.ts'
import type { CardProvider, CardRefundRequest, CardSessionRequest, WebhookCheck } from './types.ts'

/**
 * Paystack (takes Kenyan cards in KES): Initialize Transaction gives the hosted page, the webhook is
 * signed with HMAC-SHA512 of the raw body under the secret key (`x-paystack-signature`), and Create
 * Refund gives money back. Amounts go to Paystack in the currency's subunit (cents).
 */
export interface PaystackConfig {
  secretKey: string
  baseUrl?: string
  fetch?: typeof fetch
}

interface PaystackRefund {
  id?: number | string
  status?: string
  merchant_note?: string | null
}

const refundOf = (data: PaystackRefund) => ({
  refundId: String(data.id ?? ''),
  status: data.status === 'processed' ? ('processed' as const) : ('pending' as const),
})

interface PaystackAnswer<T> {
  status?: boolean
  message?: string
  data?: T
}

export function createPaystackProvider(config: PaystackConfig): CardProvider {
  const base = config.baseUrl ?? 'https://api.paystack.co'
  const send = config.fetch ?? fetch
  const call = async <T>(path: string, body: object): Promise<T> => {
    let answer: Response
    try {
      answer = await send(`${base}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${config.secretKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      })
    } catch (error) {
      console.error('[card] Paystack unreachable:', error)
      throw new ProviderError(
        'Card payments are not available right now. Please try again.',
        'provider_unreachable',
      )
    }
    const parsed = (await answer.json().catch(() => ({}))) as PaystackAnswer<T>
    if (!answer.ok || !parsed.status || !parsed.data) {
      console.error('[card] Paystack refused:', answer.status, parsed.message)
      throw new ProviderError('The card provider could not start the payment. Please try again.')
    }
    return parsed.data
  }
  const list = async <T>(path: string): Promise<T> => {
    let answer: Response
    try {
      answer = await send(`${base}${path}`, {
        headers: { Authorization: `Bearer ${config.secretKey}` },
        signal: AbortSignal.timeout(15_000),
      })
    } catch (error) {
      console.error('[card] Paystack unreachable:', error)
      throw new ProviderError(
        'The card provider could not be reached. Please try again.',
        'provider_unreachable',
      )
    }
    const parsed = (await answer.json().catch(() => ({}))) as PaystackAnswer<T>
    if (!answer.ok || !parsed.status || !parsed.data) {
      console.error('[card] Paystack refused a look-up:', answer.status, parsed.message)
      throw new ProviderError(
        'The card provider could not be reached. Please try again.',
        'provider_unreachable',
      )
    }
    return parsed.data
  }
  return {
    name: 'paystack',
    async createSession(request: CardSessionRequest) {
      const data = await call<{ authorization_url?: string }>('/transaction/initialize', {
        email: request.email,
        amount: request.amount * 100,
        currency: request.currency,
        reference: request.reference,
        callback_url: request.returnUrl,
        channels: ['card'],
        metadata: { order_number: request.orderNumber },
      })
      if (!data.authorization_url)
        throw new ProviderError('The card provider gave no payment page.')
      return { url: data.authorization_url }
    },
    async verifyWebhook(rawBody: string, headers: Headers): Promise<WebhookCheck> {
      const given = headers.get('x-paystack-signature') ?? ''
      const expected = await hmacHex('SHA-512', config.secretKey, rawBody)
      if (!given || !safeEqual(given.toLowerCase(), expected)) {
        return { kind: 'invalid', reason: 'signature mismatch' }
      }
      let body: {
        event?: string
        data?: {
          id?: number | string
          reference?: string
          amount?: number
          currency?: string
          gateway_response?: string
          authorization?: { card_type?: string; last4?: string }
        }
      }
      try {
        body = JSON.parse(rawBody) as typeof body
      } catch {
        return { kind: 'invalid', reason: 'body is not JSON' }
      }
      const data = body.data
      if (body.event !== 'charge.success' && body.event !== 'charge.failed') {
        return { kind: 'ignored', reason: `event ${String(body.event)}` }
      }
      if (!data?.reference || data.id === undefined || typeof data.amount !== 'number') {
        return { kind: 'invalid', reason: 'event without reference, id or amount' }
      }
      const card = data.authorization?.last4
        ? ` (${data.authorization.card_type?.trim() || 'card'} ending ${data.authorization.last4})`
        : ''
      return {
        kind: 'event',
        event: {
          eventId: `paystack:${body.event}:${data.id}`,
          reference: data.reference,
          succeeded: body.event === 'charge.success',
          amount: data.amount / 100,
          currency: data.currency ?? '',
          providerReference: String(data.id),
          resultDesc:
            `${data.gateway_response ?? (body.event === 'charge.success' ? 'Approved' : 'Declined')}${card}`.slice(
              0,
              200,
            ),
          raw: body,
        },
      }
    },
    async refund(request: CardRefundRequest) {
      assertRefundRequest(request)
      // Paystack takes no idempotency key: the refund's key rides in its note, and a retry first looks
      // for a refund of this payment that already carries it.
      const mark = request.key ? `[${request.key}]` : ''
      if (mark) {
        const made = await list<PaystackRefund[]>(
          `/refund?reference=${encodeURIComponent(request.reference)}&perPage=100`,
        )
        const found = made.find((r) => (r.merchant_note ?? '').includes(mark))
        if (found) return refundOf(found)
      }
      const note = [request.reason?.slice(0, 150), mark].filter(Boolean).join(' ')
      const data = await call<PaystackRefund>('/refund', {
        transaction: request.reference,
        amount: request.amount * 100,
        ...(note ? { merchant_note: note } : {}),
      })
      return refundOf(data)
    },
  }
}
