import { useNavigate } from '@tanstack/react-router'
import { useCallback, useRef, useState } from 'react'
import { useAppDispatch } from '@/lib/app-state'
import { notify } from '@/components/toaster'
import { activeAffiliateCode, type AffiliateRecord } from '@/features/affiliate/affiliate-slice'
import { clearCart, type CartItem } from '@/features/cart/cart-slice'
import {
  itemRejected,
  sendOrQueue,
  type OutboxItem,
  type OutboxPayload,
  type OutboxState,
  type SendOrQueueResult,
} from '@/features/outbox/outbox'
import { normalizeKenyanPhone } from '@/lib/phone'
import type { CheckoutError } from './api/checkout-error'
import {
  clearDraft,
  endAttempt,
  loadAttempt,
  saveCardIntent,
  savePayIntent,
} from './checkout-storage'
import { clearDiscountCodes } from './checkout-slice'
import type { ConflictLine, OrderDocument, PlaceOrderPayload } from './checkout-types'
import {
  asCheckoutField,
  fieldOrder,
  mpesaPhoneOf,
  type CheckoutDraft,
  type CheckoutErrors,
} from './checkout-validation'
import { controlId } from './components/form-controls'
import { deviceId } from './device-id'
import { buildOrderPayload } from './order-payload'
import { registerOrderSender, takeOrderSendOutcome } from './order-outbox-sender'
import {
  forgetQueuedOrder,
  latestQueuedOrder,
  rememberQueuedOrder,
  type QueuedCartLine,
  type QueuedOrder,
} from './queued-orders'

export type PlacePhase = 'form' | 'placing' | 'done'

export interface CheckoutAlert {
  text: string
  /** Offer the sign-in link beside the text. */
  signIn?: boolean
}

/** What the form holds when the shopper taps 'Place order'. */
export interface OrderRequest {
  draft: CheckoutDraft
  items: readonly CartItem[]
  codes: string[]
  referral: AffiliateRecord | null
  /** The form's own checks (nothing is sent while one fails). */
  errors: CheckoutErrors
  /** A line the shopper must fix first (sold out, too few left). */
  blocking: boolean
}

/**
 * Placing an order from the checkout: the form's checks, then one send through the outbox under this
 * checkout's key (double taps and retries reuse it), and what the answer means for the screen: the
 * order page once placed; the waiting screen when it stays in the outbox (offline, or no answer); the
 * fields and lines the store refused, with the form kept.
 */
export function usePlaceOrder({
  linesKey,
  refreshQuote,
}: {
  linesKey: string
  refreshQuote: () => void
}) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [phase, setPhase] = useState<PlacePhase>('form')
  const [submitted, setSubmitted] = useState(false)
  const [alert, setAlert] = useState<CheckoutAlert | null>(null)
  const [serverErrors, setServerErrors] = useState<CheckoutErrors>({})
  const [conflict, setConflict] = useState<ConflictLine[]>([])
  // An order of this device still waiting in the outbox (or just answered) is shown instead of the form.
  const [queued, setQueued] = useState<QueuedOrder | null>(() => latestQueuedOrder() ?? null)
  const inFlight = useRef(false)
  const alertRef = useRef<HTMLDivElement>(null)

  // A conflict answer is about the cart as it was sent.
  const [conflictFor, setConflictFor] = useState(linesKey)
  if (conflictFor !== linesKey) {
    setConflictFor(linesKey)
    setConflict([])
  }

  const showAlert = (text: string, signIn = false) => {
    setAlert({ text, signIn })
    window.setTimeout(() => alertRef.current?.focus(), 0)
  }

  const placed = (order: OrderDocument, draft: CheckoutDraft, recovered: boolean) => {
    setPhase('done')
    if (order.paymentMethod === 'mpesa') {
      savePayIntent(
        order.orderNumber,
        normalizeKenyanPhone(mpesaPhoneOf(draft)) ?? order.contact.phone,
      )
    }
    if (order.paymentMethod === 'card') saveCardIntent(order.orderNumber)
    dispatch(clearCart())
    dispatch(clearDiscountCodes())
    clearDraft()
    if (recovered) {
      notify({
        title: 'Your order was already placed',
        description: `Order ${order.orderNumber} went through on an earlier try.`,
        type: 'info',
      })
    }
    void navigate({
      to: '/order/$orderNumber',
      params: { orderNumber: order.orderNumber },
      search: { token: order.accessToken },
    })
  }

  /** The store refused the order: say why beside the fields or lines concerned. */
  const refused = (error: CheckoutError | undefined, message: string) => {
    if (error?.kind === 'invalid' && error.field === 'discountCodes') {
      refreshQuote()
      showAlert(error.message)
      return
    }
    if (error?.kind === 'invalid') {
      const field = asCheckoutField(error.field)
      if (field) {
        setServerErrors({ [field]: error.message })
        window.setTimeout(() => document.getElementById(controlId(field))?.focus(), 0)
        return
      }
    }
    if (error?.kind === 'conflict') {
      setConflict(error.lines)
      refreshQuote()
      showAlert(`${error.message} Please review the items marked in the order summary.`)
      return
    }
    showAlert(error?.message ?? message)
  }

  const submit = async (request: OrderRequest) => {
    // A second tap while the first is on its way does nothing (and would reuse the same key anyway).
    if (inFlight.current) return
    const { draft, items, errors } = request
    setSubmitted(true)
    setAlert(null)
    setServerErrors({})
    const firstInvalid = fieldOrder.find((field) => errors[field])
    if (firstInvalid) {
      document.getElementById(controlId(firstInvalid))?.focus()
      return
    }
    if (request.blocking) {
      showAlert('Some items in your cart have changed. Please review them in the order summary.')
      return
    }
    inFlight.current = true
    setPhase('placing')
    const payload: PlaceOrderPayload = {
      ...buildOrderPayload(
        draft,
        items,
        { code: activeAffiliateCode(request.referral), expiry: request.referral?.expiry ?? null },
        request.codes,
      ),
      deviceId: deviceId(),
      clientOrderId: loadAttempt().clientOrderId,
    }
    const key = payload.clientOrderId
    // Remembered first, so the waiting screen has it whenever the order stays in the outbox.
    const waiting: QueuedOrder = {
      clientOrderId: key,
      ...draftSnapshot(draft),
      lines: cartSnapshot(items),
      queuedAt: new Date().toISOString(),
    }
    rememberQueuedOrder(waiting)
    try {
      let result: Awaited<ReturnType<ReturnType<typeof sendOrder>>>
      try {
        registerOrderSender()
        result = await dispatch(sendOrder(payload))
      } catch {
        forgetQueuedOrder(key)
        showAlert('The store could not take your order just now. Please try again.')
        return
      }
      const { error, recovered } = takeOrderSendOutcome(key)
      if (result.status === 'delivered') {
        forgetQueuedOrder(key)
        placed(result.response as OrderDocument, draft, recovered === true)
        return
      }
      if (result.status === 'rejected') {
        forgetQueuedOrder(key)
        refused(error, result.message)
        return
      }
      // Waiting for a sign-in, or a server in trouble: taken back out of the outbox, the form stays.
      const needsSignIn = result.item?.status === 'needs-auth'
      if (needsSignIn || (error?.kind === 'server' && navigator.onLine)) {
        forgetQueuedOrder(key)
        dispatch(itemRejected({ id: key, message: error?.message ?? '' }))
        if (needsSignIn) showAlert('Please sign in again to finish your order.', true)
        else refused(error, '')
        return
      }
      // Offline, or no answer at all: the outbox owns the key now and sends it, same key, later; a new
      // checkout starts with a new one. The cart empties as for a placed order, so the same items
      // cannot be ordered twice while this one waits.
      endAttempt()
      clearDraft()
      dispatch(clearCart())
      setQueued(waiting)
    } finally {
      inFlight.current = false
      setPhase((current) => (current === 'placing' ? 'form' : current))
    }
  }

  const clearServerErrors = useCallback(() => setServerErrors({}), [])

  return {
    phase,
    submitted,
    alert,
    alertRef,
    serverErrors,
    clearServerErrors,
    conflict,
    queued,
    /** Back to the form from the waiting screen (its order was refused or dropped). */
    leaveQueued: () => setQueued(null),
    submit,
  }
}

type Queued = { status: 'queued'; item?: OutboxItem }

/**
 * The order into the outbox's send-or-queue: placed now when the store answers, waiting otherwise. If
 * the sending code cannot load (offline, never cached), the order still waits in the outbox.
 */
function sendOrder(payload: PlaceOrderPayload) {
  return async (
    dispatch: ReturnType<typeof useAppDispatch>,
    getState: () => { outbox: OutboxState },
  ): Promise<Exclude<SendOrQueueResult, { status: 'queued' }> | Queued> => {
    const id = payload.clientOrderId
    try {
      return await dispatch(sendOrQueue('order', payload as unknown as OutboxPayload, { id }))
    } catch (error) {
      const item = getState().outbox.items.find((candidate) => candidate.id === id)
      if (!item) throw error
      return { status: 'queued', item }
    }
  }
}

/** The cart lines as they were queued (plain data, saved on the device). */
function cartSnapshot(items: readonly CartItem[]): QueuedCartLine[] {
  return items.map((line) => ({
    productId: line.productId,
    name: line.name,
    price: line.price,
    quantity: line.quantity,
    image: line.image,
    ...(typeof line.size === 'string' ? { size: line.size } : {}),
    ...(typeof line.color === 'string' ? { color: line.color } : {}),
  }))
}

/** What the waiting screen needs to say about a queued order. */
function draftSnapshot(draft: CheckoutDraft) {
  return {
    name: draft.name.trim(),
    paymentMethod: draft.paymentMethod,
    mpesaPhone: normalizeKenyanPhone(mpesaPhoneOf(draft)),
  }
}
