import { isRecord } from '@/lib/storage/json-guards'
import { newClientOrderId } from './client-order-id'
import type { PlaceOrderPayload } from './checkout-types'
import { emptyDraft, type CheckoutDraft } from './checkout-validation'

/**
 * What one checkout keeps in this tab (sessionStorage: it ends with the tab, so personal details do not
 * linger on a shared phone): the idempotency key of the order being placed, the draft of the form, and
 * an M-Pesa prompt in progress. Storage can be missing or full (private mode): then it all lives in
 * memory for the page's lifetime, which still keeps a double tap from placing two orders.
 */
const KEYS = {
  attempt: 'luxe.checkout.attempt',
  draft: 'luxe.checkout.draft',
  mpesa: 'luxe.checkout.mpesa',
} as const

const memory = new Map<string, string>()

function read(key: string): unknown {
  // Memory holds only what could not be written to sessionStorage, so it is the newer of the two.
  let text: string | null | undefined = memory.get(key)
  if (text === undefined) {
    try {
      text = window.sessionStorage.getItem(key)
    } catch {
      text = null
    }
  }
  if (text == null) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function write(key: string, value: unknown) {
  const text = JSON.stringify(value)
  try {
    window.sessionStorage.setItem(key, text)
    memory.delete(key)
  } catch {
    memory.set(key, text)
  }
}

function remove(key: string) {
  memory.delete(key)
  try {
    window.sessionStorage.removeItem(key)
  } catch {
    // nothing stored
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The key of the order being placed, and the last request sent with it whose answer never came
 * (`unsettled`): if the server did take that one, it is the order the shopper has.
 */
export interface CheckoutAttempt {
  clientOrderId: string
  unsettled?: PlaceOrderPayload
}

function readAttempt(): CheckoutAttempt | undefined {
  const saved = read(KEYS.attempt)
  if (
    !isRecord(saved) ||
    typeof saved.clientOrderId !== 'string' ||
    !UUID.test(saved.clientOrderId)
  ) {
    return undefined
  }
  const attempt: CheckoutAttempt = { clientOrderId: saved.clientOrderId }
  const unsettled = saved.unsettled
  if (isRecord(unsettled) && unsettled.clientOrderId === saved.clientOrderId) {
    attempt.unsettled = unsettled as unknown as PlaceOrderPayload
  }
  return attempt
}

/** This checkout's attempt, started with a fresh key when there is none. */
export function loadAttempt(): CheckoutAttempt {
  const saved = readAttempt()
  if (saved) return saved
  const fresh = { clientOrderId: newClientOrderId() }
  write(KEYS.attempt, fresh)
  return fresh
}

/** The attempt under this key, if it is this checkout's (an order sent from the outbox is not). */
export function peekAttempt(clientOrderId: string): CheckoutAttempt | undefined {
  const attempt = readAttempt()
  return attempt?.clientOrderId === clientOrderId ? attempt : undefined
}

/** Records the attempt; with `onlyFor`, only while that key is still this checkout's. */
export function saveAttempt(attempt: CheckoutAttempt, onlyFor?: string) {
  if (onlyFor !== undefined && !peekAttempt(onlyFor)) return
  write(KEYS.attempt, attempt)
}

/**
 * The order was placed (or handed to the outbox): the next checkout gets a new key. With `onlyFor`,
 * only if that key is still this checkout's.
 */
export function endAttempt(onlyFor?: string) {
  if (onlyFor !== undefined && !peekAttempt(onlyFor)) return
  remove(KEYS.attempt)
}

export function loadDraft(): CheckoutDraft {
  const saved = read(KEYS.draft)
  if (!isRecord(saved)) return emptyDraft
  const draft: CheckoutDraft = { ...emptyDraft }
  for (const key of Object.keys(emptyDraft) as (keyof CheckoutDraft)[]) {
    const value = saved[key]
    if (typeof value === typeof emptyDraft[key])
      (draft as unknown as Record<string, unknown>)[key] = value
  }
  if (draft.method !== 'delivery' && draft.method !== 'pickup') draft.method = emptyDraft.method
  if (!['mpesa', 'card', 'bank', 'cod'].includes(draft.paymentMethod)) {
    draft.paymentMethod = emptyDraft.paymentMethod
  }
  return draft
}

export function saveDraft(draft: CheckoutDraft) {
  write(KEYS.draft, draft)
}

export function clearDraft() {
  remove(KEYS.draft)
}

/** An M-Pesa prompt sent for an order, so a reload keeps waiting for it instead of sending another. */
export interface ActivePrompt {
  orderNumber: string
  checkoutRequestId: string
  phone: string
  startedAt: number
}

export function loadActivePrompt(orderNumber: string): ActivePrompt | null {
  const saved = read(KEYS.mpesa)
  if (
    isRecord(saved) &&
    saved.orderNumber === orderNumber &&
    typeof saved.checkoutRequestId === 'string' &&
    typeof saved.phone === 'string' &&
    typeof saved.startedAt === 'number'
  ) {
    return saved as unknown as ActivePrompt
  }
  return null
}

export function saveActivePrompt(prompt: ActivePrompt) {
  write(KEYS.mpesa, prompt)
}

export function clearActivePrompt() {
  remove(KEYS.mpesa)
}

/** For the checkout: "pay this order with this number" handed to the order page after placing. */
const PAY_INTENT = 'luxe.checkout.pay-now'

export function savePayIntent(orderNumber: string, phone: string) {
  write(PAY_INTENT, { orderNumber, phone })
}

export function peekPayIntent(orderNumber: string): string | null {
  const saved = read(PAY_INTENT)
  return isRecord(saved) && saved.orderNumber === orderNumber && typeof saved.phone === 'string'
    ? saved.phone
    : null
}

/** Reads and forgets the intent (a reload must not send a second prompt). */
export function takePayIntent(orderNumber: string): string | null {
  const phone = peekPayIntent(orderNumber)
  if (phone) remove(PAY_INTENT)
  return phone
}

/** For the checkout: "send me to the card payment page" handed to the order page after placing. */
const CARD_INTENT = 'luxe.checkout.pay-by-card'

export function saveCardIntent(orderNumber: string) {
  write(CARD_INTENT, { orderNumber })
}

export function peekCardIntent(orderNumber: string): boolean {
  const saved = read(CARD_INTENT)
  return isRecord(saved) && saved.orderNumber === orderNumber
}

/** Reads and forgets the intent (coming back from the payment page must not send the shopper again). */
export function takeCardIntent(orderNumber: string): boolean {
  const intended = peekCardIntent(orderNumber)
  if (intended) remove(CARD_INTENT)
  return intended
}
