/**
 * The shapes of the database's checkout functions (place_order, quote_order, order_by_token): the
 * database decides every price, fee and total; the app shows them.
 */

export type DeliveryMethod = 'delivery' | 'pickup'
export type PaymentMethod = 'mpesa' | 'cod' | 'bank' | 'card'

export interface OrderItemInput {
  productId: string
  quantity: number
  size?: string
  color?: string
}

export type DeliveryInput =
  | { method: 'delivery'; county: string; town: string; street: string; note?: string }
  | { method: 'pickup'; pickupPoint: string }

/** The body of place_order. `clientOrderId` is the idempotency key: one per checkout, never reused. */
export interface PlaceOrderPayload {
  clientOrderId: string
  items: OrderItemInput[]
  contact: { name: string; email?: string; phone: string }
  delivery: DeliveryInput
  paymentMethod: PaymentMethod
  affiliateCode?: string
  affiliateCapturedAt?: string
  /** Codes the shopper entered; the database decides whether and how much they take off. */
  discountCodes?: string[]
  /** This device's random id: a guest's daily order limit counts it. */
  deviceId?: string
}

export type OrderStatus =
  'pending' | 'confirmed' | 'dispatched' | 'delivered' | 'cancelled' | 'refunded'
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded'

export interface OrderLine {
  productId: string | null
  name: string
  size: string | null
  color: string | null
  quantity: number
  price: number
  discount: number
  unitPrice: number
  lineTotal: number
  /** What discount codes took off this line. */
  codeDiscount?: number
}

export interface OrderDocument {
  id: string
  orderNumber: string
  clientOrderId: string
  status: OrderStatus
  paymentStatus: PaymentStatus
  paymentMethod: PaymentMethod
  currency: 'KES'
  subtotal: number
  /** Every discount: sale prices and codes. */
  discountTotal: number
  discountCodes?: string[]
  /** The part of discountTotal that codes took off. */
  codeDiscount?: number
  deliveryFee: number
  total: number
  accessToken: string
  contact: { name: string; email: string; phone: string }
  delivery: {
    method: DeliveryMethod
    county: string | null
    town: string | null
    street: string | null
    note: string | null
    pickupPoint: string | null
    pickupPointName: string | null
  }
  affiliateCode: string | null
  items: OrderLine[]
  payment: {
    status: 'pending' | 'paid' | 'failed' | 'cancelled'
    resultDesc: string | null
    receipt: string | null
    amount: number
    updatedAt: string
  } | null
  /**
   * When the order's stock is released if it is still unpaid (M-Pesa, card, bank transfer) or, cash on
   * delivery, not confirmed by staff.
   */
  paymentDueAt?: string | null
  /** When the order expired unpaid and its stock was released (the private link carries it). */
  expiredAt?: string | null
  /** Where to send a bank transfer; the reference is the order number. */
  bankTransfer?: {
    bankName: string
    accountName: string
    accountNumber: string
    branch: string
    swift: string
    reference: string
  } | null
  /** Who carries the order and how to follow it, once dispatched. */
  dispatch?: { courier: string | null; tracking: string | null; dispatchedAt: string } | null
  deliveredAt?: string | null
  cancelledAt?: string | null
  /** What completed refunds gave back, and each of them. */
  refundedTotal?: number
  refunds?: OrderRefund[]
  createdAt: string
  updatedAt: string
}

export interface OrderRefund {
  amount: number
  reason: string
  method: PaymentMethod | 'card'
  reference: string | null
  refundedAt: string
}

export type LineProblem =
  | 'unavailable'
  | 'invalid_size'
  | 'invalid_color'
  | 'size_required'
  | 'sold_out'
  | 'insufficient_stock'

export interface QuoteLine {
  line: number
  productId: string
  name: string | null
  size: string | null
  color: string | null
  quantity: number
  price: number | null
  discount: number | null
  unitPrice: number | null
  lineTotal: number | null
  available: number
  problem: LineProblem | null
  /** The problem in words, naming the size or colour (null when there is none). */
  message?: string | null
  /** What the discount codes take off this line. */
  codeDiscount?: number
}

/** A code the database accepted, with what it takes off. */
export interface AppliedCode {
  code: string
  amount: number
  kind: 'percent' | 'fixed'
  value: number
  maxDiscount: number | null
}

/** Why a code cannot be used (the message is for the shopper). */
export interface CodeRefusal {
  code: string
  reason: string
  message: string
}

export interface Quote {
  currency: 'KES'
  lines: QuoteLine[]
  subtotal: number
  /** Sale prices and codes together. */
  discountTotal: number
  codeDiscount?: number
  codes?: AppliedCode[]
  codeRefusal?: CodeRefusal | null
  /** Null until a delivery method (and county) is known. */
  deliveryFee: number | null
  total: number | null
  freeDeliveryFrom: number
}

/** One line of a 409 cart_conflict from place_order. */
export interface ConflictLine {
  line: number
  productId: string
  size?: string | null
  problem: LineProblem
  /** For a product sold by size, the chosen size's stock. */
  available: number
  price: number | null
  discount: number | null
  unitPrice: number | null
  /** The problem in words, naming the size. */
  message?: string
}

export interface PickupPoint {
  id: string
  name: string
  county: string
  town: string
  address: string
}
