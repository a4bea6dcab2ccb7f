import { CheckoutError } from './api/checkout-error'
import { endAttempt, loadAttempt, saveAttempt } from './checkout-storage'
import type { OrderDocument, PlaceOrderPayload } from './checkout-types'

export type PlaceOrderFn = (payload: PlaceOrderPayload) => Promise<OrderDocument>

export type SubmitResult =
  | {
      kind: 'placed'
      order: OrderDocument
      /** An earlier try had gone through after all. */ recovered: boolean
    }
  | { kind: 'failed'; error: CheckoutError; payload: PlaceOrderPayload }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const asCheckoutError = (error: unknown) =>
  error instanceof CheckoutError
    ? error
    : new CheckoutError('server', 'The store could not take your order just now. Please try again.')

/**
 * Sends the order under this checkout's key (one key until an order is placed), so a double tap, a
 * retry after a lost answer or a replay from the outbox can never place two orders.
 *
 * When an answer is lost, the request is remembered as `unsettled`. If the shopper then changes the
 * cart and the server says the key already placed a different order, that earlier request did go
 * through: it is sent again (the server returns the order it placed) instead of placing a second one.
 */
export async function submitOrder(
  order: Omit<PlaceOrderPayload, 'clientOrderId'>,
  place: PlaceOrderFn,
): Promise<SubmitResult> {
  const attempt = loadAttempt()
  const payload: PlaceOrderPayload = { ...order, clientOrderId: attempt.clientOrderId }
  try {
    const placed = await place(payload)
    endAttempt()
    return { kind: 'placed', order: placed, recovered: false }
  } catch (caught) {
    const error = asCheckoutError(caught)
    if (error.retryable) {
      saveAttempt({ clientOrderId: attempt.clientOrderId, unsettled: payload })
      return { kind: 'failed', error, payload }
    }
    if (error.kind === 'key_reused') {
      if (attempt.unsettled && !same(attempt.unsettled, payload)) {
        try {
          const earlier = await place(attempt.unsettled)
          endAttempt()
          return { kind: 'placed', order: earlier, recovered: true }
        } catch (again) {
          return { kind: 'failed', error: asCheckoutError(again), payload }
        }
      }
      // Nothing to recover here: start over with a fresh key.
      endAttempt()
      return { kind: 'failed', error, payload }
    }
    // A conflict is decided before the key is used, so nothing is placed under it; so is a refusal of
    // the very request that was unsettled.
    if (error.kind === 'conflict' || (attempt.unsettled && same(attempt.unsettled, payload))) {
      saveAttempt({ clientOrderId: attempt.clientOrderId })
    }
    return { kind: 'failed', error, payload }
  }
}
