import { callerKey, projectKeys } from '../api-keys.ts'
import { payments, store } from '../store-config.ts'
import { parseStkCallback } from './daraja.ts'
import { errorResponse, json, PaymentError, preflight, readJsonObject, safeEqual } from './http.ts'
import { normalizeKenyanPhone } from '../kenyan-phone.ts'
import {
  fromDatabaseError,
  loadOrderForCaller,
  readOrderNumber,
  serviceClient,
  type PaymentOrder,
} from './order-access.ts'
import { mpesaProviderFromEnv, type EnvReader } from './provider.ts'
import { ProviderError, type MpesaProvider } from './types.ts'

/**
 * The three payment functions as plain `Request → Response` handlers (each function's index.ts hands
 * them to Deno.serve). `provider` can be passed in; by default it comes from the environment.
 */
export interface PaymentsContext {
  env: EnvReader
  provider?: MpesaProvider
}

export type Handler = (req: Request, context: PaymentsContext) => Promise<Response>

/** `anyCaller`: the callback, which Safaricom calls with no key (it proves itself another way). */
export function guarded(handler: Handler, options: { anyCaller?: boolean } = {}): Handler {
  return async (req, context) => {
    if (req.method === 'OPTIONS') return preflight()
    if (req.method !== 'POST') {
      return errorResponse(new PaymentError(405, 'method_not_allowed', 'Use POST.'))
    }
    // The platform's JWT check is off (it refuses publishable keys): the caller's key is checked here.
    if (!options.anyCaller && !callerKey(req, projectKeys(context.env))) {
      return errorResponse(new PaymentError(401, 'invalid_api_key', 'A valid API key is required.'))
    }
    try {
      return await handler(req, context)
    } catch (error) {
      if (error instanceof PaymentError) return errorResponse(error)
      if (error instanceof ProviderError) {
        return errorResponse(new PaymentError(error.status, error.code, error.message))
      }
      console.error('[payments] unexpected error:', error)
      return errorResponse(
        new PaymentError(500, 'internal_error', 'Something went wrong. Please try again.'),
      )
    }
  }
}

const providerOf = (context: PaymentsContext) =>
  context.provider ?? mpesaProviderFromEnv(context.env)

function assertPayable(order: PaymentOrder) {
  if (order.payment_method !== 'mpesa') {
    throw new PaymentError(
      409,
      'not_mpesa',
      order.payment_method === 'bank'
        ? 'This order is paid by bank transfer.'
        : order.payment_method === 'card'
          ? 'This order is paid by card.'
          : 'This order is paid in cash on delivery.',
    )
  }
  if (order.status === 'cancelled') {
    throw new PaymentError(409, 'order_cancelled', 'This order was cancelled.')
  }
  if (order.payment_status === 'paid') {
    throw new PaymentError(409, 'already_paid', 'This order is already paid.')
  }
}

/**
 * Each push rings the shopper's phone and spends the shop's Daraja quota: one order gets a new prompt
 * only when the last one has had time to be answered, and a handful per hour at most. Counted in the
 * database, so every function instance sees the same history.
 */
async function assertPromptAllowed(service: ReturnType<typeof serviceClient>, orderId: string) {
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString()
  const { data, error } = await service
    .from('payments')
    .select('status, created_at')
    .eq('order_id', orderId)
    .eq('provider', 'mpesa')
    .gte('created_at', hourAgo)
    .order('created_at', { ascending: false })
  if (error) throw fromDatabaseError(error)
  const recent = (data ?? []) as { status: string; created_at: string }[]
  const latest = recent[0]
  if (latest?.status === 'pending') {
    const waited = (Date.now() - Date.parse(latest.created_at)) / 1000
    const left = Math.ceil(payments.mpesaPromptCooldownSeconds - waited)
    if (left > 0) {
      throw new PaymentError(
        429,
        'prompt_pending',
        `We have just sent a payment request to your phone. Check your phone, or try again in ${left} seconds.`,
      )
    }
  }
  if (recent.length >= payments.mpesaPromptsPerHour) {
    throw new PaymentError(
      429,
      'too_many_prompts',
      'Too many payment requests for this order. Please try again in an hour, or pay by Paybill.',
    )
  }
}

/** M-Pesa refuses a payment over its per-transaction limit: never send a prompt that cannot succeed. */
async function assertWithinMpesaLimit(service: ReturnType<typeof serviceClient>, total: number) {
  const { data, error } = await service.from('store_settings').select('mpesa_max_amount').single()
  if (error) throw fromDatabaseError(error)
  const limit = (data as { mpesa_max_amount: number }).mpesa_max_amount
  if (total > limit) {
    throw new PaymentError(
      409,
      'mpesa_limit',
      `M-Pesa takes at most KSh ${limit.toLocaleString('en-KE')} in one payment. Please pay this order by card or bank transfer.`,
    )
  }
}

/**
 * POST { orderNumber, token?, phone? } → { checkoutRequestId, customerMessage, amount, phone }.
 * Sends the M-Pesa prompt for the order's total to the phone (the order's own phone by default).
 */
export const handleStkPush = guarded(async (req, context) => {
  const body = await readJsonObject(req)
  const orderNumber = readOrderNumber(body.orderNumber)
  const service = serviceClient(context.env)
  const order = await loadOrderForCaller(service, req, orderNumber, body.token)
  assertPayable(order)

  const phone = normalizeKenyanPhone(body.phone === undefined ? order.phone : body.phone)
  if (!phone) {
    throw new PaymentError(
      400,
      'invalid_phone',
      'Please enter a valid Kenyan mobile number, for example 0712 345 678.',
      'phone',
    )
  }

  await assertPromptAllowed(service, order.id)
  await assertWithinMpesaLimit(service, order.total)

  const accepted = await providerOf(context).stkPush({
    phone,
    amount: order.total,
    accountReference: order.order_number,
    description: store.name,
  })
  const recorded = await service.rpc('record_payment_request', {
    order_id: order.id,
    phone,
    checkout_request_id: accepted.checkoutRequestId,
    merchant_request_id: accepted.merchantRequestId || null,
  })
  if (recorded.error) throw fromDatabaseError(recorded.error)

  return json(200, {
    orderNumber: order.order_number,
    checkoutRequestId: accepted.checkoutRequestId,
    customerMessage: accepted.customerMessage,
    amount: order.total,
    phone,
  })
})

interface PaymentRow {
  id: string
  checkout_request_id: string | null
  provider: 'mpesa' | 'cod'
  status: 'pending' | 'paid' | 'failed' | 'cancelled'
  result_desc: string | null
  mpesa_receipt: string | null
  amount: number
  created_at: string
}

const PAYMENT_COLUMNS =
  'id, checkout_request_id, provider, status, result_desc, mpesa_receipt, amount, created_at'

async function latestPayment(
  service: ReturnType<typeof serviceClient>,
  orderId: string,
  checkoutRequestId: string | undefined,
): Promise<PaymentRow | null> {
  let query = service.from('payments').select(PAYMENT_COLUMNS).eq('order_id', orderId)
  if (checkoutRequestId) query = query.eq('checkout_request_id', checkoutRequestId)
  const { data, error } = await query.order('created_at', { ascending: false }).limit(1)
  if (error) throw fromDatabaseError(error)
  return ((data ?? [])[0] as PaymentRow | undefined) ?? null
}

/**
 * POST { orderNumber, token?, checkoutRequestId? } → the payment's state. A pending M-Pesa payment is
 * asked about at the provider and settled here when it has an outcome, so a payment completes even
 * without the callback (the sandbox has none; a Daraja callback can be lost).
 */
export const handleStatus = guarded(async (req, context) => {
  const body = await readJsonObject(req)
  const orderNumber = readOrderNumber(body.orderNumber)
  const requested = body.checkoutRequestId
  if (
    requested !== undefined &&
    (typeof requested !== 'string' || !/^[\w-]{1,100}$/.test(requested))
  ) {
    throw new PaymentError(400, 'invalid_checkout_request', 'The payment request id is not valid.')
  }
  const service = serviceClient(context.env)
  let order = await loadOrderForCaller(service, req, orderNumber, body.token)
  let payment = await latestPayment(service, order.id, requested)
  if (!payment) {
    throw new PaymentError(
      404,
      'payment_not_found',
      'No M-Pesa payment was started for this order.',
    )
  }

  if (payment.status === 'pending' && payment.provider === 'mpesa' && payment.checkout_request_id) {
    let outcome: Awaited<ReturnType<MpesaProvider['query']>> = { state: 'pending' }
    try {
      outcome = await providerOf(context).query(payment.checkout_request_id, payment.created_at)
    } catch (error) {
      // The provider being slow or down is not the shopper's problem: report pending, ask again later.
      if (!(error instanceof ProviderError)) throw error
      console.error('[payments] status query failed:', error.message)
    }
    if (outcome.state === 'done') {
      const settled = await service.rpc('record_payment_result', {
        checkout_request_id: payment.checkout_request_id,
        result_code: outcome.resultCode,
        result_desc: outcome.resultDesc,
        mpesa_receipt: outcome.receipt ?? null,
        amount: outcome.amount ?? null,
      })
      if (settled.error) throw fromDatabaseError(settled.error)
      payment = (await latestPayment(service, order.id, payment.checkout_request_id)) ?? payment
      order = await loadOrderForCaller(service, req, orderNumber, order.access_token)
    }
  }

  return json(200, {
    orderNumber: order.order_number,
    checkoutRequestId: payment.checkout_request_id,
    status: payment.status,
    resultDesc: payment.result_desc,
    receipt: payment.mpesa_receipt,
    amount: payment.amount,
    paymentStatus: order.payment_status,
    orderStatus: order.status,
  })
})

/** The shared secret Safaricom must present: the last path segment, or `?secret=`. */
function presentedSecret(req: Request): string {
  const url = new URL(req.url)
  const fromQuery = url.searchParams.get('secret')
  if (fromQuery) return fromQuery
  const segments = url.pathname.split('/').filter(Boolean)
  return segments.length >= 2 ? decodeURIComponent(segments[segments.length - 1]!) : ''
}

const MIN_SECRET_LENGTH = 16

/**
 * POST from Safaricom to MPESA_CALLBACK_URL (…/mpesa-callback/<MPESA_CALLBACK_SECRET>). Only a request
 * that knows the secret and names a checkout request this store started is recorded; a repeated
 * callback changes nothing. Answers `{ ResultCode: 0, ResultDesc: 'Accepted' }`.
 */
export const handleCallback = guarded(
  async (req, context) => {
    const expected = context.env('MPESA_CALLBACK_SECRET') ?? ''
    if (expected.length < MIN_SECRET_LENGTH) {
      console.error(
        '[payments] MPESA_CALLBACK_SECRET is not set (16+ characters): callbacks refused',
      )
    }
    if (expected.length < MIN_SECRET_LENGTH || !safeEqual(presentedSecret(req), expected)) {
      return json(401, { ResultCode: 1, ResultDesc: 'Rejected' })
    }
    let body: Record<string, unknown>
    try {
      body = await readJsonObject(req)
    } catch {
      return json(400, { ResultCode: 1, ResultDesc: 'Rejected: not a callback' })
    }
    const callback = parseStkCallback(body)
    if (!callback) return json(400, { ResultCode: 1, ResultDesc: 'Rejected: not a callback' })

    const service = serviceClient(context.env)
    const settled = await service.rpc('record_payment_result', {
      checkout_request_id: callback.checkoutRequestId,
      result_code: callback.resultCode,
      result_desc: callback.resultDesc || null,
      mpesa_receipt: callback.receipt ?? null,
      amount: callback.amount ?? null,
      raw_callback: body,
    })
    if (settled.error) {
      const refusal = fromDatabaseError(settled.error)
      if (refusal.status === 404)
        return json(404, { ResultCode: 1, ResultDesc: 'Rejected: unknown request' })
      console.error('[payments] callback not recorded:', refusal.code, refusal.message)
      return json(refusal.status, { ResultCode: 1, ResultDesc: `Rejected: ${refusal.code}` })
    }
    return json(200, { ResultCode: 0, ResultDesc: 'Accepted' })
  },
  { anyCaller: true },
)
