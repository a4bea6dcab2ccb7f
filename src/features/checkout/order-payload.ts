import { affiliates } from '@/config/site'
import { normalizeKenyanPhone } from '@/lib/phone'
import type { DeliveryInput, OrderItemInput, PlaceOrderPayload } from './checkout-types'
import type { CheckoutDraft } from './checkout-validation'

interface CartLineLike {
  productId: string
  quantity: number
  size?: unknown
  color?: unknown
}

/** Only what the database reads from a cart line: never a price (the database decides it). */
export function orderItems(lines: readonly CartLineLike[]): OrderItemInput[] {
  return lines.map((line) => {
    const item: OrderItemInput = { productId: line.productId, quantity: line.quantity }
    if (typeof line.size === 'string' && line.size) item.size = line.size
    if (typeof line.color === 'string' && line.color) item.color = line.color
    return item
  })
}

export function deliveryInput(draft: CheckoutDraft): DeliveryInput {
  if (draft.method === 'pickup') return { method: 'pickup', pickupPoint: draft.pickupPoint }
  const delivery: DeliveryInput = {
    method: 'delivery',
    county: draft.county,
    town: draft.town.trim(),
    street: draft.street.trim(),
  }
  const note = draft.note.trim()
  if (note) delivery.note = note
  return delivery
}

/**
 * What the fee depends on (method, county or pickup point), as quote_order takes it; undefined until
 * that is known. Town and street do not change the fee, so placeholders stand in for them.
 */
export function quoteDelivery(draft: CheckoutDraft): DeliveryInput | undefined {
  if (draft.method === 'pickup') {
    return draft.pickupPoint ? { method: 'pickup', pickupPoint: draft.pickupPoint } : undefined
  }
  return draft.county
    ? { method: 'delivery', county: draft.county, town: '-', street: '-' }
    : undefined
}

const DAY_MS = 24 * 60 * 60 * 1000

export interface ReferralInput {
  code: string | null
  /** ISO date the code stops counting (the affiliate slice's record). */
  expiry: string | null
}

/** The order as place_order takes it, without its key (added by the submit step). */
export function buildOrderPayload(
  draft: CheckoutDraft,
  lines: readonly CartLineLike[],
  // Stryker disable next-line ObjectLiteral: an empty default has no code either (equivalent).
  referral: ReferralInput = { code: null, expiry: null },
  discountCodes: readonly string[] = [],
): Omit<PlaceOrderPayload, 'clientOrderId'> {
  const email = draft.email.trim()
  const payload: Omit<PlaceOrderPayload, 'clientOrderId'> = {
    items: orderItems(lines),
    contact: {
      name: draft.name.trim(),
      phone: normalizeKenyanPhone(draft.phone) ?? draft.phone.trim(),
      ...(email ? { email } : {}),
    },
    delivery: deliveryInput(draft),
    paymentMethod: draft.paymentMethod,
  }
  if (discountCodes.length > 0) payload.discountCodes = [...discountCodes]
  if (referral.code && referral.expiry) {
    // The slice keeps when the code expires; the database wants when it was captured.
    const captured = Date.parse(referral.expiry) - affiliates.codeLifetimeDays * DAY_MS
    if (Number.isFinite(captured)) {
      payload.affiliateCode = referral.code
      payload.affiliateCapturedAt = new Date(captured).toISOString()
    }
  }
  return payload
}
