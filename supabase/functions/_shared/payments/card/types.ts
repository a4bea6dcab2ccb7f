/**
 * The card provider interface the card functions use. Two implementations: Paystack (production,
 * `paystack.ts`, takes Kenyan cards in KES) and a local sandbox (`sandbox.ts`, the default on a local
 * server), chosen by `CARD_PROVIDER` in `provider.ts`. Amounts are whole shillings everywhere here;
 * each provider converts to its own unit.
 */

export interface CardSessionRequest {
  /** Our reference for this attempt (unique; the provider echoes it in its webhook). */
  reference: string
  /** Whole shillings: the order total, read from the database. */
  amount: number
  currency: 'KES'
  email: string
  orderNumber: string
  /** Where the provider's page sends the shopper back (the store's order page). */
  returnUrl: string
}

export interface CardSession {
  /** The provider's hosted payment page for this attempt. */
  url: string
}

/** A settled card payment, as a verified webhook reports it. */
export interface CardEvent {
  /** The provider's id for this event: the same event delivered twice has the same id. */
  eventId: string
  /** Our session reference. */
  reference: string
  succeeded: boolean
  /** Whole units of `currency`. */
  amount: number
  currency: string
  /** The provider's own transaction id (what a refund names on some providers). */
  providerReference: string | null
  /** Words for the order page and staff ("Approved (Visa ending 4242)", "Declined by the card issuer"). */
  resultDesc: string | null
  raw: unknown
}

export type WebhookCheck =
  /** Not signed by the provider (or unreadable): refuse it, change nothing. */
  | { kind: 'invalid'; reason: string }
  /** Signed, but not about a payment's outcome: acknowledge and do nothing. */
  | { kind: 'ignored'; reason: string }
  | { kind: 'event'; event: CardEvent }

export interface CardRefundRequest {
  /** Our session reference of the paid card payment (payments.checkout_request_id). */
  reference: string
  /** Whole shillings to give back (all or part of what was paid). */
  amount: number
  reason?: string
  /**
   * Our refund's id. With it, asking again (after an answer was lost) gives back the refund the
   * provider already made instead of a second one.
   */
  key?: string
}

export interface CardRefund {
  /** The provider's id for the refund, to record beside it. */
  refundId: string
  /** `processed`: the money is on its way back; `pending`: the provider will finish it later. */
  status: 'processed' | 'pending'
}

export interface CardProvider {
  readonly name: 'paystack' | 'sandbox'
  createSession(request: CardSessionRequest): Promise<CardSession>
  /** `rawBody` exactly as received: the signature is over those bytes. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<WebhookCheck>
  refund(request: CardRefundRequest): Promise<CardRefund>
}
