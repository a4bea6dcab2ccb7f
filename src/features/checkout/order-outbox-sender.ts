import { notify } from '@/components/toaster'
import { isAwaited, registerOutboxSender, type OutboxSender } from '@/features/outbox/outbox'
import { isRecord } from '@/lib/storage/json-guards'
import { placeOrder } from './api/checkout-api'
import { CheckoutError } from './api/checkout-error'
import { endAttempt, peekAttempt, saveAttempt } from './checkout-storage'
import type { OrderDocument, PlaceOrderPayload } from './checkout-types'
import { updateQueuedOrder } from './queued-orders'
import { saveOrderLink } from './saved-orders'

export type PlaceOrderFn = (
  payload: PlaceOrderPayload,
  signal?: AbortSignal,
) => Promise<OrderDocument>

export interface OrderSenderOptions {
  /** After the order is placed (e.g. to take its lines out of the cart). */
  onDelivered?: (order: OrderDocument, payload: PlaceOrderPayload) => void
  /** How the order reaches the server (place_order by default). */
  place?: PlaceOrderFn
}

/**
 * How the last send of an order key ended, for the checkout that waits on it: the refusal in full (the
 * outbox keeps only its message), or that the order had been placed on an earlier try.
 */
export interface OrderSendOutcome {
  error?: CheckoutError
  recovered?: boolean
}

const outcomes = new Map<string, OrderSendOutcome>()

/** Reads and forgets how the last send under this key ended. */
export function takeOrderSendOutcome(clientOrderId: string): OrderSendOutcome {
  const outcome = outcomes.get(clientOrderId) ?? {}
  outcomes.delete(clientOrderId)
  return outcome
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const asCheckoutError = (error: unknown) =>
  error instanceof CheckoutError
    ? error
    : new CheckoutError('server', 'The store could not take your order just now. Please try again.')

/**
 * Places the order under its key (one key per checkout until an order is placed), so a double tap, a
 * retry after a lost answer or a replay from the outbox can never place two orders.
 *
 * When the answer to the checkout's own request is lost, that request is remembered as `unsettled`.
 * If the shopper then changes the cart and the server says the key already placed a different order,
 * the earlier request did go through: it is sent again (the server returns the order it placed) instead
 * of placing a second one.
 */
async function placeUnderKey(
  payload: PlaceOrderPayload,
  place: PlaceOrderFn,
  signal: AbortSignal,
): Promise<{ order: OrderDocument; recovered: boolean }> {
  const key = payload.clientOrderId
  const unsettled = peekAttempt(key)?.unsettled
  try {
    const order = await place(payload, signal)
    endAttempt(key)
    return { order, recovered: false }
  } catch (caught) {
    const error = asCheckoutError(caught)
    if (error.retryable) {
      saveAttempt({ clientOrderId: key, unsettled: payload }, key)
      throw error
    }
    if (error.kind === 'key_reused') {
      if (unsettled && !same(unsettled, payload)) {
        let earlier: OrderDocument
        try {
          earlier = await place(unsettled, signal)
        } catch (again) {
          throw asCheckoutError(again)
        }
        endAttempt(key)
        return { order: earlier, recovered: true }
      }
      // Nothing to recover here: the checkout starts over with a fresh key.
      endAttempt(key)
      throw error
    }
    // A conflict is decided before the key is used, so nothing is placed under it; so is a refusal of
    // the very request that was unsettled.
    if (error.kind === 'conflict' || (unsettled && same(unsettled, payload))) {
      saveAttempt({ clientOrderId: key }, key)
    }
    throw error
  }
}

/**
 * Sends an order (outbox kind 'order'): every order goes this way, placed at once or after waiting
 * offline. The outbox item's id is the order's client id, so every attempt, after reloads too, is the
 * same request: a replay returns the order placed the first time. Network trouble and 5xx wait for
 * another try; 401 lets the outbox renew the session; a refusal (items sold out or repriced, a field
 * the server will not take) ends it with the reason, kept for the checkout screen along with the lines
 * concerned. Only an order sent in the background tells the shopper by a toast: a checkout waiting on
 * its own order says it on the page.
 */
export function createOrderSender(options: OrderSenderOptions = {}): OutboxSender {
  const place = options.place ?? placeOrder
  return async (item, ctx) => {
    if (!isRecord(item.payload))
      return { type: 'rejected', message: 'This order could not be read.' }
    const payload = {
      ...item.payload,
      clientOrderId: ctx.idempotencyKey,
    } as unknown as PlaceOrderPayload
    const background = !isAwaited(item.id)
    let placed: { order: OrderDocument; recovered: boolean }
    try {
      placed = await placeUnderKey(payload, place, ctx.signal)
    } catch (caught) {
      const error = asCheckoutError(caught)
      if (!background) outcomes.set(ctx.idempotencyKey, { error })
      if (error.retryable) return { type: 'retry', reason: error.message }
      if (error.kind === 'unauthorized') return { type: 'unauthorized' }
      updateQueuedOrder(ctx.idempotencyKey, {
        rejected: { message: error.message, lines: error.lines },
      })
      if (background) {
        notify({
          title: 'Your order could not be placed',
          description: `${error.message} Open the checkout to review it.`,
          type: 'error',
          duration: 10_000,
        })
      }
      return { type: 'rejected', message: error.message }
    }
    const { order, recovered } = placed
    if (!background) outcomes.set(ctx.idempotencyKey, { recovered })
    saveOrderLink(order)
    updateQueuedOrder(ctx.idempotencyKey, { needsSignIn: false })
    if (background) {
      notify({
        title: 'Order placed',
        description: `You're back online: order ${order.orderNumber} has been sent. Open it from the checkout page to see it${
          order.paymentMethod === 'mpesa' ? ' and pay with M-Pesa' : ''
        }.`,
        type: 'success',
        duration: 8000,
      })
    }
    options.onDelivered?.(order, payload)
    return { type: 'delivered', response: order }
  }
}

let registeredHere = false

/**
 * Makes sure the outbox can send orders now: a checkout may be placed before the app's own wiring
 * (src/app/outbox-senders.ts, loaded after the first paint) has registered this same sender.
 */
export function registerOrderSender(): void {
  if (registeredHere) return
  registeredHere = true
  registerOutboxSender('order', createOrderSender())
}
