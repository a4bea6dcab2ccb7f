import { guarded, type PaymentsContext } from '../handlers.ts'
import { json, PaymentError, readJsonObject } from '../http.ts'
import {
  fromDatabaseError,
  loadOrderForCaller,
  readOrderNumber,
  serviceClient,
  type PaymentOrder,
} from '../order-access.ts'
import type { EnvReader } from '../provider.ts'
import { cardProviderFromEnv, sandboxSettings } from './provider.ts'
import { handleSandboxPage } from './sandbox-page.ts'
import type { CardProvider } from './types.ts'

/**
 * The card functions as `Request → Response` handlers: `card-checkout` starts a session on the
 * provider's hosted page, `card-webhook` takes the provider's signed outcome, and `card-sandbox` is
 * the sandbox's hosted page. `cardProvider` can be passed in; by default it comes from the environment.
 */
export interface CardContext extends PaymentsContext {
  cardProvider?: CardProvider
}

const providerOf = async (context: PaymentsContext & { cardProvider?: CardProvider }) =>
  context.cardProvider ?? (await cardProviderFromEnv(context.env))

const isLoopbackOrigin = (origin: string) => {
  try {
    const host = new URL(origin).hostname
    return host === 'localhost' || host === '127.0.0.1' || host === '[::1]'
  } catch {
    return false
  }
}

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : null
  } catch {
    return null
  }
}

/**
 * Where the provider's page sends the shopper back: the order page on the store's own address
 * (STORE_URL), or the address the shopper came from when it is the store's or, on a local server,
 * any local address. Never an address the caller makes up.
 */
export function returnUrlFor(env: EnvReader, requested: unknown, order: PaymentOrder): string {
  const store = originOf(env('STORE_URL'))
  const api = originOf(env('SUPABASE_URL'))
  const asked = typeof requested === 'string' ? originOf(requested) : null
  const local = api !== null && isLoopbackOrigin(api)
  const origin =
    asked && (asked === store || (local && isLoopbackOrigin(asked)))
      ? asked
      : (store ?? (local ? api : null))
  if (!origin) {
    console.error('[card] STORE_URL is not set: the payment page has nowhere to return to')
    throw new PaymentError(
      503,
      'payments_not_configured',
      'Card payments are not available right now.',
    )
  }
  const url = new URL(`/order/${encodeURIComponent(order.order_number)}`, origin)
  url.searchParams.set('token', order.access_token)
  return url.toString()
}

function assertCardPayable(order: PaymentOrder) {
  if (order.payment_method === 'cod') {
    throw new PaymentError(409, 'not_card', 'This order is paid in cash on delivery.')
  }
  if (order.status === 'cancelled') {
    throw new PaymentError(409, 'order_cancelled', 'This order was cancelled.')
  }
  if (order.payment_status === 'paid') {
    throw new PaymentError(409, 'already_paid', 'This order is already paid.')
  }
}

/**
 * POST { orderNumber, token?, returnOrigin? } → { url, reference, amount }. Records a card session for
 * the order's total (the database decides the amount) and opens it at the provider.
 */
export const handleCardCheckout = guarded(async (req, context) => {
  const body = await readJsonObject(req)
  const orderNumber = readOrderNumber(body.orderNumber)
  const service = serviceClient(context.env)
  const order = await loadOrderForCaller(service, req, orderNumber, body.token)
  assertCardPayable(order)
  const returnUrl = returnUrlFor(context.env, body.returnOrigin, order)
  const provider = await providerOf(context)

  const reference = `LKC_${order.order_number.replace(/\W/g, '')}_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`
  const recorded = await service.rpc('record_card_session', { order_id: order.id, reference })
  if (recorded.error) throw fromDatabaseError(recorded.error)
  const session = recorded.data as { amount: number; email: string }

  const opened = await provider.createSession({
    reference,
    amount: session.amount,
    currency: 'KES',
    email: session.email,
    orderNumber: order.order_number,
    returnUrl,
  })
  return json(200, {
    orderNumber: order.order_number,
    reference,
    amount: session.amount,
    url: opened.url,
  })
})

const MAX_WEBHOOK_BYTES = 64 * 1024

/**
 * POST from the provider. Only a webhook signed with the provider's secret is acted on; the database
 * settles each session once (a repeated event is ignored) and only for the order's exact total. A
 * refused webhook is logged and changes nothing.
 */
export const handleCardWebhook = guarded(
  async (req, context) => {
    const raw = await req.text()
    if (raw.length > MAX_WEBHOOK_BYTES) return json(413, { received: false, reason: 'too_large' })
    const provider = await providerOf(context)
    const check = await provider.verifyWebhook(raw, req.headers)
    if (check.kind === 'invalid') {
      console.error(`[card] webhook refused (${check.reason})`)
      return json(401, { received: false, reason: 'invalid_signature' })
    }
    if (check.kind === 'ignored') return json(200, { received: true, outcome: 'ignored' })
    const event = check.event
    const service = serviceClient(context.env)
    const settled = await service.rpc('record_card_result', {
      reference: event.reference,
      event_id: event.eventId,
      succeeded: event.succeeded,
      amount: Number.isSafeInteger(event.amount) ? event.amount : null,
      currency: event.currency,
      provider_reference: event.providerReference,
      result_desc: event.resultDesc,
      raw_event: event.raw,
    })
    if (settled.error) {
      const refusal = fromDatabaseError(settled.error)
      console.error(`[card] webhook ${event.eventId} not recorded:`, refusal.code, refusal.message)
      return json(refusal.status, { received: false, reason: refusal.code })
    }
    const outcome = (settled.data as { outcome: string }).outcome
    return json(200, { received: true, outcome })
  },
  { anyCaller: true },
)

/** The sandbox's hosted page: a browser opens it, so it takes GET and form POSTs and no API key. */
export async function handleCardSandbox(req: Request, context: CardContext): Promise<Response> {
  const settings = await sandboxSettings(context.env)
  if (!settings) return new Response('Not Found', { status: 404 })
  try {
    return await handleSandboxPage(req, {
      secret: settings.secret,
      webhookUrl: settings.webhookUrl,
    })
  } catch (error) {
    console.error('[card-sandbox] failed:', error)
    return new Response('Something went wrong. Please go back to the store and try again.', {
      status: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
}
