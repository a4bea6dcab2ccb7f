import { invokePayment } from './mpesa-api'

export interface CardSessionAnswer {
  orderNumber: string
  reference: string
  /** The order total the provider charges (decided by the database). */
  amount: number
  /** The provider's secure payment page. */
  url: string
}

/**
 * Opens a card payment for the order at the provider; the shopper then goes to `url` and comes back
 * to this order's page. `returnOrigin` is checked by the server against the store's own addresses.
 */
export function startCardPayment(input: {
  orderNumber: string
  token: string
  returnOrigin: string
}): Promise<CardSessionAnswer> {
  return invokePayment(
    'card-checkout',
    input,
    'Card payments are not available right now. Please try again.',
  )
}
