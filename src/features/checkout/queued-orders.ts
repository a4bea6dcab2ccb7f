import { isRecord } from '@/lib/storage/json-guards'
import type { ConflictLine, PaymentMethod } from './checkout-types'
import { orderDeviceKeys, readDeviceValue, writeDeviceValue } from './order-device-data'

/**
 * Orders placed while offline and waiting in the outbox, as this device remembers them for the waiting
 * screen: who and how it pays, and, once the outbox has an answer, whether it was refused and why. A
 * delivered order shows up in saved-orders (by its key); the outbox itself keeps the request.
 */
export interface QueuedOrder {
  clientOrderId: string
  name: string
  paymentMethod: PaymentMethod
  mpesaPhone: string | null
  queuedAt: string
  /**
   * The cart lines it was made from. The cart is emptied when the order is queued (so it cannot be
   * placed twice); if the store refuses it, these go back into the cart for the shopper to review.
   */
  lines: QueuedCartLine[]
  /** Set when the server refused it (409: items changed, or 400). */
  rejected?: { message: string; lines: ConflictLine[] }
  /** Set when the session expired and could not be renewed. */
  needsSignIn?: boolean
}

export interface QueuedCartLine {
  [extra: string]: unknown
  productId: string
  name: string
  price: number
  quantity: number
  image: string
  size?: string
  color?: string
}

export const QUEUED_ORDERS_KEY = orderDeviceKeys.queuedOrders
const CHANGE_EVENT = 'luxe:queued-orders'

function readAll(): QueuedOrder[] {
  const parsed = readDeviceValue(QUEUED_ORDERS_KEY)
  return Array.isArray(parsed)
    ? (parsed.filter(
        (entry) =>
          isRecord(entry) &&
          typeof entry.clientOrderId === 'string' &&
          typeof entry.queuedAt === 'string',
      ) as unknown as QueuedOrder[])
    : []
}

function writeAll(entries: QueuedOrder[]) {
  // If storage refuses it, the outbox still holds the order; this is only what the waiting screen shows.
  writeDeviceValue(QUEUED_ORDERS_KEY, entries.slice(0, 20))
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

export function findQueuedOrder(clientOrderId: string): QueuedOrder | undefined {
  return readAll().find((entry) => entry.clientOrderId === clientOrderId)
}

export function rememberQueuedOrder(entry: QueuedOrder) {
  writeAll([entry, ...readAll().filter((e) => e.clientOrderId !== entry.clientOrderId)])
}

export function updateQueuedOrder(clientOrderId: string, change: Partial<QueuedOrder>) {
  writeAll(readAll().map((e) => (e.clientOrderId === clientOrderId ? { ...e, ...change } : e)))
}

export function forgetQueuedOrder(clientOrderId: string) {
  writeAll(readAll().filter((e) => e.clientOrderId !== clientOrderId))
}

/** Tells open screens the list changed after its key was removed outright (at sign-out). */
export function announceQueuedOrdersForgotten() {
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

export function subscribeQueuedOrders(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === QUEUED_ORDERS_KEY) onChange()
  }
  window.addEventListener(CHANGE_EVENT, onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange)
    window.removeEventListener('storage', onStorage)
  }
}

/** The newest order of this device still waiting in the outbox (or refused and not yet reviewed). */
export function latestQueuedOrder(): QueuedOrder | undefined {
  return readAll()[0]
}
