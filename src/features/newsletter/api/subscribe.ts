import { claimWelcomeOffer, type WelcomeOfferResult } from '@/lib/welcome-offer'

/** Where a sign-up came from, kept with the address for the marketing team (at most 40 characters). */
export type SubscribeSource = 'footer' | 'home' | 'email-popup' | (string & {})

export interface SubscribeRequest {
  email: string
  /** Made once per sign-up on the device (`crypto.randomUUID()`): a replay is stored only once. */
  clientId: string
  source: SubscribeSource
}

export type SubscribeResult = WelcomeOfferResult

/**
 * Subscribes an address and claims its welcome code through `claim_welcome_offer()`, which stores an
 * address once and answers a known one without a code (so a replay from the offline queue is never an
 * error). Pure request → result: no toasts, no state, so the form and the offline outbox can both call it.
 */
export function subscribe({ email, clientId, source }: SubscribeRequest): Promise<SubscribeResult> {
  return claimWelcomeOffer(email, clientId, source)
}
