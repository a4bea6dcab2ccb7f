import { isRecord } from '@/lib/storage/json-guards'
import type { OrderDocument } from './checkout-types'
import { announceQueuedOrdersForgotten } from './queued-orders'
import {
  forgetOrderDeviceData,
  orderDeviceKeys,
  readDeviceText,
  removeDeviceValue,
  writeDeviceValue,
} from './order-device-data'

/**
 * The private links of orders placed on this device (localStorage, newest first, at most 20), so a
 * guest can come back to an order: the link is the only key a guest has. Cleared with the rest of the
 * shopper's personal data on sign-out (`clearSavedOrders`).
 */
export interface SavedOrder {
  orderNumber: string
  token: string
  clientOrderId: string
  total: number
  placedAt: string
}

export const SAVED_ORDERS_KEY = orderDeviceKeys.savedOrders
const MAX_SAVED = 20
const CHANGE_EVENT = 'luxe:saved-orders'

function isSavedOrder(value: unknown): value is SavedOrder {
  return (
    isRecord(value) &&
    typeof value.orderNumber === 'string' &&
    /^LK-\d{1,12}$/.test(value.orderNumber) &&
    typeof value.token === 'string' &&
    typeof value.clientOrderId === 'string' &&
    typeof value.total === 'number' &&
    typeof value.placedAt === 'string'
  )
}

let cachedText: string | null | undefined
let cached: SavedOrder[] = []

export function listSavedOrders(): SavedOrder[] {
  let text: string | null = null
  try {
    text = readDeviceText(SAVED_ORDERS_KEY)
  } catch {
    return cached
  }
  // The same array while nothing changed: useSyncExternalStore needs a stable snapshot.
  if (text === cachedText) return cached
  cachedText = text
  try {
    const parsed: unknown = JSON.parse(text ?? '[]')
    cached = Array.isArray(parsed) ? parsed.filter(isSavedOrder) : []
  } catch {
    cached = []
  }
  return cached
}

export function findSavedOrder(orderNumber: string): SavedOrder | undefined {
  return listSavedOrders().find((order) => order.orderNumber === orderNumber)
}

export function findSavedOrderByKey(clientOrderId: string): SavedOrder | undefined {
  return listSavedOrders().find((order) => order.clientOrderId === clientOrderId)
}

export function saveOrderLink(order: OrderDocument) {
  const entry: SavedOrder = {
    orderNumber: order.orderNumber,
    token: order.accessToken,
    clientOrderId: order.clientOrderId,
    total: order.total,
    placedAt: order.createdAt,
  }
  const rest = listSavedOrders().filter((saved) => saved.orderNumber !== order.orderNumber)
  const next = [entry, ...rest].slice(0, MAX_SAVED)
  if (!writeDeviceValue(SAVED_ORDERS_KEY, next)) cached = next
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

export function clearSavedOrders() {
  removeDeviceValue(SAVED_ORDERS_KEY)
  cached = []
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

/** For useSyncExternalStore: this tab's writes and other tabs' (the storage event). */
export function subscribeSavedOrders(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SAVED_ORDERS_KEY) onChange()
  }
  window.addEventListener(CHANGE_EVENT, onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange)
    window.removeEventListener('storage', onStorage)
  }
}

/** The link to an order page, as a path with its token. */
export function orderLink(orderNumber: string, token: string): string {
  return `/order/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}`
}

/**
 * Everything checkout keeps about the shopper on this device (order links, the details of orders
 * waiting to be sent, the form draft, the pickup-point list stays): for sign-out, which must leave no
 * personal data behind. Orders still in the outbox are the outbox's to cancel.
 */
export function clearCheckoutDeviceData() {
  forgetOrderDeviceData()
  clearSavedOrders()
  announceQueuedOrdersForgotten()
}
