import { getSupabase } from '@/lib/supabase'
import { CheckoutError, NETWORK_MESSAGE } from './checkout-error'

export interface StkPushAnswer {
  orderNumber: string
  checkoutRequestId: string
  customerMessage: string
  amount: number
  phone: string
}

export interface MpesaStatusAnswer {
  orderNumber: string
  checkoutRequestId: string | null
  status: 'pending' | 'paid' | 'failed' | 'cancelled'
  resultDesc: string | null
  receipt: string | null
  amount: number
  paymentStatus: 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded'
  orderStatus: string
}

/** An M-Pesa function answered with a refusal: `{ code, message, field? }`. */
export class PaymentRequestError extends CheckoutError {}

/** Calls a payment function; a refusal becomes a PaymentRequestError with the function's message. */
export async function invokePayment<T>(
  name: 'mpesa-stk-push' | 'mpesa-status' | 'card-checkout',
  body: object,
  unavailable = 'M-Pesa is not available right now. Please try again.',
): Promise<T> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.functions.invoke(name, { body })
  if (!error) return data as T
  // supabase-js is loaded lazily, so its error classes are recognised by name.
  const context = (error as { context?: unknown }).context
  if (error.name === 'FunctionsHttpError' && context instanceof Response) {
    let answer: { code?: string; message?: string; field?: string } = {}
    try {
      answer = (await context.json()) as typeof answer
    } catch {
      // keep the generic message
    }
    const status = context.status
    const kind = status === 404 ? 'not_found' : status >= 500 ? 'server' : 'invalid'
    throw new PaymentRequestError(
      kind,
      answer.message ?? unavailable,
      answer.code ?? 'error',
      answer.field,
    )
  }
  throw new PaymentRequestError('network', NETWORK_MESSAGE)
}

/** Sends the M-Pesa prompt for the order's total to `phone`. */
export function startMpesaPayment(input: {
  orderNumber: string
  token: string
  phone: string
}): Promise<StkPushAnswer> {
  return invokePayment('mpesa-stk-push', input)
}

/** The state of an M-Pesa payment; a pending one is checked with M-Pesa on the way. */
export function checkMpesaPayment(input: {
  orderNumber: string
  token: string
  checkoutRequestId?: string
}): Promise<MpesaStatusAnswer> {
  return invokePayment('mpesa-status', input)
}
