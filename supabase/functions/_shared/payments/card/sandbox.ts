import { hmacHex, sealToken, SIGNATURE_HEADER, verifyWebhookSignature } from './signing.ts'
import type {
  CardProvider,
  CardRefund,
  CardRefundRequest,
  CardSession,
  CardSessionRequest,
  WebhookCheck,
} from './types.ts'

/** Test cards the sandbox page knows (any name, any future expiry, any 3-digit CVC). */
export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const
/** The 3-D Secure code the sandbox's "bank" accepts. */
export const SANDBOX_3DS_CODE = '123456'
export const SESSION_LIFETIME_MS = 30 * 60 * 1000
export const SESSION_PURPOSE = 'card-sandbox-session'

/** What a sandbox session token carries (sealed with the webhook secret). */
export interface SandboxSession {
  /** Our reference. */ r: string
  /** Whole shillings. */ a: number
  /** Order number. */ o: string
  /** Return URL. */ u: string
  /** Expires at (epoch ms). */ e: number
}

/** The sandbox's webhook body. */
export interface SandboxEvent {
  id: string
  type: 'payment.succeeded' | 'payment.failed'
  created: number
  data: {
    reference: string
    amount: number
    currency: string
    transactionId: string
    message: string
  }
}

export interface SandboxCardOptions {
  /** The sandbox's hosted page (the `card-sandbox` function). */
  pageUrl: string
  /** Signs session tokens and webhooks (CARD_WEBHOOK_SECRET). */
  secret: string
  now?: () => number
}

/**
 * A stand-in for the card provider that needs no network and stores nothing: a session is a sealed
 * token in the hosted page's URL; the page (`sandbox-page.ts`) takes a test card, runs 3-D Secure when
 * the card asks for it, sends the signed webhook and sends the shopper back to the store.
 */
export function createSandboxCardProvider(options: SandboxCardOptions): CardProvider {
  const now = options.now ?? Date.now
  return {
    name: 'sandbox',
    async createSession(request: CardSessionRequest): Promise<CardSession> {
      const session: SandboxSession = {
        r: request.reference,
        a: request.amount,
        o: request.orderNumber,
        u: request.returnUrl,
        e: now() + SESSION_LIFETIME_MS,
      }
      const token = await sealToken(options.secret, SESSION_PURPOSE, session)
      const url = new URL(options.pageUrl)
      url.searchParams.set('session', token)
      return { url: url.toString() }
    },
    async verifyWebhook(rawBody: string, headers: Headers): Promise<WebhookCheck> {
      const check = await verifyWebhookSignature(
        options.secret,
        rawBody,
        headers.get(SIGNATURE_HEADER),
        Math.floor(now() / 1000),
      )
      if (check !== 'ok') return { kind: 'invalid', reason: `signature ${check}` }
      let body: SandboxEvent
      try {
        body = JSON.parse(rawBody) as SandboxEvent
      } catch {
        return { kind: 'invalid', reason: 'body is not JSON' }
      }
      if (body?.type !== 'payment.succeeded' && body?.type !== 'payment.failed') {
        return { kind: 'ignored', reason: `event ${String(body?.type)}` }
      }
      const data = body.data
      if (typeof body.id !== 'string' || typeof data?.reference !== 'string') {
        return { kind: 'invalid', reason: 'event without id or reference' }
      }
      return {
        kind: 'event',
        event: {
          eventId: body.id,
          reference: data.reference,
          succeeded: body.type === 'payment.succeeded',
          amount: Number(data.amount),
          currency: String(data.currency ?? ''),
          providerReference: typeof data.transactionId === 'string' ? data.transactionId : null,
          resultDesc: typeof data.message === 'string' ? data.message.slice(0, 200) : null,
          raw: body,
        },
      }
    },
    async refund(request: CardRefundRequest): Promise<CardRefund> {
      assertRefundRequest(request)
      // One refund per key: a retry of the same refund is answered with the same id.
      const id = request.key
        ? (await hmacHex('SHA-256', 'sandbox-refund', `${request.reference}:${request.key}`)).slice(
            0,
            32,
          )
        : crypto.randomUUID().replace(/-/g, '')
      return { refundId: `sbx_rf_${id}`, status: 'processed' }
    },
  }
}

/** A refund names a session and a positive whole amount; anything else is a programming error. */
export function assertRefundRequest(request: CardRefundRequest) {
  if (!/^[A-Za-z0-9_-]{8,100}$/.test(request.reference)) {
    throw new RangeError('refundCardPayment: reference is not a card session reference')
  }
  if (!Number.isInteger(request.amount) || request.amount <= 0) {
    throw new RangeError('refundCardPayment: amount must be a positive whole number of shillings')
  }
}

/** The signed webhook the sandbox sends (also used by tests to act as the provider). */
export function sandboxEvent(
  session: Pick<SandboxSession, 'r' | 'a'>,
  succeeded: boolean,
  message: string,
  now = Date.now(),
): SandboxEvent {
  const id = crypto.randomUUID().replace(/-/g, '')
  return {
    id: `evt_sbx_${id}`,
    type: succeeded ? 'payment.succeeded' : 'payment.failed',
    created: Math.floor(now / 1000),
    data: {
      reference: session.r,
      amount: session.a,
      currency: 'KES',
      transactionId: `sbx_tx_${id.slice(0, 16)}`,
      message,
    },
  }
}
