import type { EnvReader } from '../provider.ts'
import { cardProviderFromEnv } from './provider.ts'
import type { CardProvider, CardRefund, CardRefundRequest } from './types.ts'

export type { CardRefund, CardRefundRequest }

/**
 * Gives back all or part of a card payment through the provider that took it (Paystack or the
 * sandbox, from CARD_PROVIDER). `reference` is the paid card payment's session reference
 * (`payments.checkout_request_id` of its `provider = 'card'` row); `amount` whole shillings. The
 * caller decides (in the database) that the refund does not exceed what was paid, and records the
 * answer's `refundId`. Throws ProviderError (message safe to show) when the provider refuses.
 */
export async function refundCardPayment(
  env: EnvReader,
  request: CardRefundRequest,
  provider?: CardProvider,
): Promise<CardRefund> {
  return (provider ?? (await cardProviderFromEnv(env))).refund(request)
}
