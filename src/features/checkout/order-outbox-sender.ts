import { notify } from '@/components/toaster'
import type { OutboxSender } from '@/features/outbox/outbox-slice'
import { isRecord } from '@/lib/storage/json-guards'
import { placeOrder } from './api/checkout-api'
import { CheckoutError } from './api/checkout-error'
import type { OrderDocument, PlaceOrderPayload } from './checkout-types'
import { updateQueuedOrder } from './queued-orders'
import { saveOrderLink } from './saved-orders'

export interface OrderSenderOptions {
  /** After the order is placed (e.g. to take its lines out of the cart). */
  onDelivered?: (order: OrderDocument, payload: PlaceOrderPayload) => void
}

/**
 * Sends an order queued offline (outbox kind 'order'). The outbox item's id is the order's client id,
 * so every attempt, after reloads too, is the same request: a replay returns the order placed the
 * first time. Network trouble and 5xx wait for another try; 401 lets the outbox renew the session; a
 * refusal (items sold out or repriced, a field the server will not take) ends it with the reason, kept
 * for the checkout screen along with the lines concerned.
 */
export function createOrderSender(options: OrderSenderOptions = {}): OutboxSender {
  return async (item, ctx) => {
    if (!isRecord(item.payload))
      return { type: 'rejected', message: 'This order could not be read.' }
    const payload = {
      ...item.payload,
      clientOrderId: ctx.idempotencyKey,
    } as unknown as PlaceOrderPayload
    let order: OrderDocument
    try {
      order = await placeOrder(payload, ctx.signal)
    } catch (error) {
      if (!(error instanceof CheckoutError) || error.retryable) {
        return { type: 'retry', reason: error instanceof Error ? error.message : 'No answer' }
      }
      if (error.kind === 'unauthorized') return { type: 'unauthorized' }
      updateQueuedOrder(ctx.idempotencyKey, {
        rejected: { message: error.message, lines: error.lines },
      })
      notify({
        title: 'Your order could not be placed',
        description: `${error.message} Open the checkout to review it.`,
        type: 'error',
        duration: 10_000,
      })
      return { type: 'rejected', message: error.message }
    }
    saveOrderLink(order)
    updateQueuedOrder(ctx.idempotencyKey, { needsSignIn: false })
    notify({
      title: 'Order placed',
      description: `You're back online: order ${order.orderNumber} has been sent. Open it from the checkout page to see it${
        order.paymentMethod === 'mpesa' ? ' and pay with M-Pesa' : ''
      }.`,
      type: 'success',
      duration: 8000,
    })
    options.onDelivered?.(order, payload)
    return { type: 'delivered', response: order }
  }
}
