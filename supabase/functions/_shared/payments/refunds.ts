import { createClient } from '@supabase/supabase-js'
import { projectKeys, publicKey } from '../api-keys.ts'
import { errorResponse, json, PaymentError, preflight, readJsonObject, safeEqual } from './http.ts'
import { fromDatabaseError, serviceClient } from './order-access.ts'
import { mpesaProviderFromEnv, type EnvReader } from './provider.ts'
import { ProviderError, type MpesaProvider } from './types.ts'

/**
 * POST { orderId, lines: [{ lineNo, quantity }], extraAmount, reason, reference?, byHand? } from an
 * admin's session; or POST { retryDue: true } with the project's secret key (the scheduler) to send
 * again the refunds left pending. The database records the refund (and refuses anyone but an admin, and any refund
 * beyond what was paid); a refund of money taken by card is then sent back through the card provider
 * and the database told what it said; one taken by M-Pesa is sent as a reversal or payout, which M-Pesa
 * accepts at once (202, still pending) and settles later through the refund result function. Bank and
 * cash refunds, and any refund made by hand, are recorded at once with their reference.
 */

/** What a card provider needs to refund (part of) a card payment. */
export interface CardRefundRequest {
  /** The provider's reference of the card payment. */
  paymentReference: string
  amount: number
  orderNumber: string
  /** Our refund's id: the provider answers a retry of it with the refund it already made. */
  key: string
}

/**
 * Refunds through the card provider; resolves to the provider's refund reference or throws
 * ProviderError. The card payments module supplies it; without one, card refunds are refused and the
 * refund is released (staff can refund by hand).
 */
export type CardRefunder = (request: CardRefundRequest) => Promise<{ reference: string }>

export interface RefundsContext {
  env: EnvReader
  mpesa?: MpesaProvider
  card?: CardRefunder
}

interface RefundDoc {
  id: string
  orderNumber: string
  amount: number
  method: 'mpesa' | 'card' | 'bank' | 'cod'
  channel: 'provider' | 'manual'
  status: 'pending' | 'completed' | 'failed'
  failure: string | null
  payment: {
    receipt: string | null
    phone: string | null
    amount: number
    provider: string
    /** A card payment's session reference, which the card provider refunds by. */
    sessionReference: string | null
  } | null
}

const noCardProvider: CardRefunder = () =>
  Promise.reject(
    new ProviderError(
      'Card refunds are not available yet: refund the card from the provider’s dashboard, then record it as made by hand.',
      'card_refunds_unavailable',
      503,
    ),
  )

/**
 * What the provider said: the money went back (`sent`, with its reference), or M-Pesa accepted the
 * request (`accepted`) and posts the outcome later to the refund result function.
 */
type SendOutcome = { kind: 'sent'; reference: string } | { kind: 'accepted'; requestId: string }

/** Sends the money back through the provider that took it; throws ProviderError when it cannot. */
async function sendThroughProvider(
  refund: RefundDoc,
  context: RefundsContext,
): Promise<SendOutcome> {
  const payment = refund.payment
  if (!payment?.receipt) {
    throw new ProviderError(
      'The payment has no provider reference to refund.',
      'no_payment_reference',
    )
  }
  // The money goes back the way it came: a card can pay an order placed for M-Pesa.
  if (refund.method === 'mpesa' && payment.provider !== 'card') {
    const provider = context.mpesa ?? mpesaProviderFromEnv(context.env)
    const accepted = await provider.refund({
      receipt: payment.receipt,
      phone: payment.phone ?? '',
      amount: refund.amount,
      paymentAmount: payment.amount,
      orderNumber: refund.orderNumber,
      key: refund.id,
    })
    return { kind: 'accepted', requestId: accepted.conversationId }
  }
  const card = context.card ?? noCardProvider
  const sent = await card({
    paymentReference: payment.sessionReference ?? payment.receipt,
    amount: refund.amount,
    orderNumber: refund.orderNumber,
    key: refund.id,
  })
  return { kind: 'sent', reference: sent.reference }
}

/** Records M-Pesa's acceptance: the refund stays pending, named by the request id its result will carry. */
async function recordAccepted(
  service: ReturnType<typeof serviceClient>,
  refund: RefundDoc,
  requestId: string,
): Promise<RefundDoc> {
  const recorded = await service.rpc('record_refund_request', {
    refund_id: refund.id,
    provider_request_id: requestId,
  })
  if (recorded.error) throw fromDatabaseError(recorded.error)
  return recorded.data as RefundDoc
}

/** The provider cannot send this refund at all (no refund API for the store): staff send it by hand. */
const BY_HAND = new Set([
  'refunds_not_configured',
  'payouts_not_configured',
  'card_refund_unavailable',
  'card_refunds_unavailable',
])

/** What staff do when the provider cannot send a refund: where to send how much, and what to record. */
export function byHandSteps(refund: RefundDoc): string {
  const amount = `KSh ${refund.amount.toLocaleString('en-KE')}`
  const record =
    'then tick “I already sent the money by hand” and enter the reference of the money you sent. Nothing has been refunded yet.'
  if (refund.method === 'mpesa' && refund.payment?.provider !== 'card') {
    const phone = refund.payment?.phone ? ` to ${refund.payment.phone}, the number that paid,` : ''
    return `M-Pesa cannot send this refund automatically. Send ${amount}${phone} from the M-Pesa business portal (B2C payment or reversal of ${refund.payment?.receipt ?? 'the payment'}), ${record}`
  }
  return `The card provider cannot send this refund automatically. Refund ${amount} from the card provider’s dashboard, ${record}`
}

/** The provider could not be reached: the refund may or may not have been made, so it stays pending. */
const TRANSIENT = new Set(['provider_unreachable'])

/**
 * Sends again every provider refund left pending (its function died before the provider answered, or
 * the provider could not be reached) and records each answer. Each refund goes with its own id as the
 * provider's idempotency key, so one the provider already made comes back as that refund. A refund
 * the provider cannot be reached for stays pending for the next sweep.
 */
export async function retryDueRefunds(context: RefundsContext) {
  const service = serviceClient(context.env)
  const claimed = await service.rpc('claim_due_refunds', { max_refunds: 20 })
  if (claimed.error) throw fromDatabaseError(claimed.error)
  const outcomes: { id: string; status: RefundDoc['status'] }[] = []
  for (const refund of claimed.data as RefundDoc[]) {
    let outcome: { succeeded: boolean; reference?: string; failure?: string }
    try {
      const sent = await sendThroughProvider(refund, context)
      if (sent.kind === 'accepted') {
        const accepted = await recordAccepted(service, refund, sent.requestId)
        outcomes.push({ id: refund.id, status: accepted.status })
        continue
      }
      outcome = { succeeded: true, reference: sent.reference }
    } catch (error) {
      if (!(error instanceof ProviderError)) {
        console.error('[refunds] retry failed unexpectedly:', error)
        outcomes.push({ id: refund.id, status: 'pending' })
        continue
      }
      if (TRANSIENT.has(error.code)) {
        outcomes.push({ id: refund.id, status: 'pending' })
        continue
      }
      outcome = { succeeded: false, failure: error.message }
    }
    const settled = await service.rpc('record_refund_result', {
      refund_id: refund.id,
      succeeded: outcome.succeeded,
      reference: outcome.reference ?? null,
      failure: outcome.failure ?? null,
    })
    if (settled.error) throw fromDatabaseError(settled.error)
    outcomes.push({ id: refund.id, status: (settled.data as RefundDoc).status })
  }
  return outcomes
}

/** Only the project's own secret (service-role) key may start a sweep: the scheduler holds it. */
function isProjectSecret(authorization: string, env: EnvReader) {
  const token = authorization.replace(/^Bearer\s+/i, '')
  return token !== '' && projectKeys(env).secret.some((key) => safeEqual(key, token))
}

export async function handleRefund(req: Request, context: RefundsContext): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight()
  if (req.method !== 'POST') {
    return errorResponse(new PaymentError(405, 'method_not_allowed', 'Use POST.'))
  }
  try {
    const url = context.env('SUPABASE_URL')
    const key = publicKey(context.env)
    const authorization = req.headers.get('authorization') ?? ''
    if (!url || !key) throw new PaymentError(503, 'not_configured', 'Refunds are not available.')
    if (!/^Bearer\s+\S+$/i.test(authorization)) {
      throw new PaymentError(401, 'signed_out', 'Sign in as an admin to refund an order.')
    }
    const body = await readJsonObject(req)
    if (body.retryDue === true) {
      if (!isProjectSecret(authorization, context.env)) {
        throw new PaymentError(403, 'forbidden', 'Only the scheduler can retry refunds.')
      }
      return json(200, { retried: await retryDueRefunds(context) })
    }
    // The admin's own session records the refund, so the database decides who may.
    const caller = createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: authorization } },
    })
    const recorded = await caller.rpc('refund_order', {
      order_id: body.orderId,
      lines: body.lines ?? [],
      extra_amount: body.extraAmount ?? 0,
      reason: body.reason,
      reference: body.reference ?? null,
      by_hand: body.byHand === true,
    })
    if (recorded.error) {
      if (recorded.error.code === '42501') {
        throw new PaymentError(403, 'forbidden', 'Only an admin can refund an order.')
      }
      throw fromDatabaseError(recorded.error)
    }
    const refund = recorded.data as RefundDoc
    if (refund.status !== 'pending') return json(200, refund)

    const service = serviceClient(context.env)
    let outcome: { succeeded: boolean; reference?: string; failure?: string }
    let byHand = false
    try {
      const sent = await sendThroughProvider(refund, context)
      // M-Pesa took the request: the refund completes when its result arrives.
      if (sent.kind === 'accepted')
        return json(202, await recordAccepted(service, refund, sent.requestId))
      outcome = { succeeded: true, reference: sent.reference }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      // The provider may have made it before the connection failed: it stays pending, and the sweep
      // sends it again under the same key rather than staff making a second one.
      if (TRANSIENT.has(error.code)) return json(202, refund)
      byHand = BY_HAND.has(error.code)
      outcome = { succeeded: false, failure: byHand ? byHandSteps(refund) : error.message }
    }
    const settled = await service.rpc('record_refund_result', {
      refund_id: refund.id,
      succeeded: outcome.succeeded,
      reference: outcome.reference ?? null,
      failure: outcome.failure ?? null,
    })
    if (settled.error) throw fromDatabaseError(settled.error)
    const final = settled.data as RefundDoc
    if (final.status === 'failed' && byHand) {
      // Nothing went out: the screen switches to recording the refund staff make by hand.
      return json(409, { code: 'refund_by_hand', message: byHandSteps(refund), refund: final })
    }
    if (final.status === 'failed') {
      return json(502, {
        code: 'refund_failed',
        message: `${final.failure ?? 'The provider refused the refund.'} Nothing was refunded.`,
        refund: final,
      })
    }
    return json(200, final)
  } catch (error) {
    if (error instanceof PaymentError) return errorResponse(error)
    console.error('[refunds] unexpected error:', error)
    return errorResponse(
      new PaymentError(500, 'internal_error', 'Something went wrong. Please try again.'),
    )
  }
}
