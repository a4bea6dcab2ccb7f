/**
 * The M-Pesa provider interface the payment functions use. Two implementations: Safaricom Daraja
 * (production, `daraja.ts`) and a local sandbox (`sandbox.ts`, the default locally), chosen by
 * `MPESA_PROVIDER` in `provider.ts`.
 */

export interface StkPushRequest {
  /** 2547XXXXXXXX / 2541XXXXXXXX (already normalised). */
  phone: string
  /** Whole shillings; M-Pesa takes integers only. */
  amount: number
  /** What the shopper sees on the prompt and the statement: the order number. */
  accountReference: string
  description: string
}

export interface StkPushAccepted {
  checkoutRequestId: string
  merchantRequestId: string
  /** The provider's words for the shopper ("Success. Request accepted for processing"). */
  customerMessage: string
}

export type StkQueryResult =
  | { state: 'pending' }
  | {
      state: 'done'
      /** 0 paid, 1032 cancelled by the shopper, anything else failed. */
      resultCode: number
      resultDesc: string
      receipt?: string
      amount?: number
    }

/** Money going back to the shopper for (part of) a paid M-Pesa payment. */
export interface MpesaRefundRequest {
  /** The M-Pesa receipt of the payment being refunded. */
  receipt: string
  /** The number that paid (2547XXXXXXXX). */
  phone: string
  /** Whole shillings, at most the payment. */
  amount: number
  /** The whole payment: refunding all of it is a reversal, part of it a payout. */
  paymentAmount: number
  orderNumber: string
  /** Our refund's id: sent again after a lost answer, the provider gives back the same refund. */
  key: string
}

/**
 * M-Pesa accepted the refund (a reversal of the whole payment, or a payout of part of it); the outcome
 * comes later to the result URL, naming the request by `conversationId`.
 */
export interface MpesaRefundAccepted {
  route: 'reversal' | 'payout'
  conversationId: string
  originatorConversationId: string
}

export interface MpesaProvider {
  readonly name: 'daraja' | 'sandbox'
  stkPush(request: StkPushRequest): Promise<StkPushAccepted>
  /** `requestedAt`: when the push was recorded (ISO string or epoch ms). */
  query(checkoutRequestId: string, requestedAt: string | number): Promise<StkQueryResult>
  /** Asks M-Pesa to send a refund back to the paying number; throws ProviderError when it is refused. */
  refund(request: MpesaRefundRequest): Promise<MpesaRefundAccepted>
}

/** The provider refused or could not be reached; `message` is safe to show. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code = 'provider_error',
    readonly status = 502,
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}

/** M-Pesa result codes the store treats specially. */
export const RESULT_PAID = 0
export const RESULT_CANCELLED_BY_USER = 1032
