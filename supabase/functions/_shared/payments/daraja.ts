import {
  buildPayoutBody,
  buildReversalBody,
  DARAJA_REFUND_PATHS,
  parseRefundAccepted,
  refundRoute,
  type DarajaRefundConfig,
} from './daraja-refunds.ts'
import {
  ProviderError,
  type MpesaProvider,
  type StkPushAccepted,
  type StkPushRequest,
  type StkQueryResult,
} from './types.ts'

/**
 * Safaricom Daraja (M-Pesa Express / Lipa Na M-Pesa Online). Request building and response parsing are
 * plain functions, tested without network; `createDarajaProvider` wires them to `fetch`.
 */
export interface DarajaConfig {
  consumerKey: string
  consumerSecret: string
  /** The Paybill (or the store number of a Buy Goods till). */
  shortcode: string
  passkey: string
  /** Where Safaricom posts the result; carries MPESA_CALLBACK_SECRET. */
  callbackUrl: string
  environment: 'sandbox' | 'production'
  transactionType?: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline'
  /** Who receives the money; the shortcode for a Paybill, the till number for Buy Goods. */
  partyB?: string
}

export const DARAJA_BASE_URLS = {
  sandbox: 'https://sandbox.safaricom.co.ke',
  production: 'https://api.safaricom.co.ke',
} as const

export const DARAJA_PATHS = {
  oauth: '/oauth/v1/generate?grant_type=client_credentials',
  stkPush: '/mpesa/stkpush/v1/processrequest',
  stkQuery: '/mpesa/stkpushquery/v1/query',
} as const

/** Daraja's limits: AccountReference 12 characters, TransactionDesc 13. */
const ACCOUNT_REFERENCE_MAX = 12
const TRANSACTION_DESC_MAX = 13

/** `YYYYMMDDHHmmss` in Kenyan time (EAT, UTC+3, no daylight saving), as Daraja expects. */
export function darajaTimestamp(at: Date): string {
  const eat = new Date(at.getTime() + 3 * 60 * 60 * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return (
    `${eat.getUTCFullYear()}${pad(eat.getUTCMonth() + 1)}${pad(eat.getUTCDate())}` +
    `${pad(eat.getUTCHours())}${pad(eat.getUTCMinutes())}${pad(eat.getUTCSeconds())}`
  )
}

/** base64(shortcode + passkey + timestamp). */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return btoa(`${shortcode}${passkey}${timestamp}`)
}

export function basicAuthorization(consumerKey: string, consumerSecret: string): string {
  return `Basic ${btoa(`${consumerKey}:${consumerSecret}`)}`
}

export interface StkPushBody {
  BusinessShortCode: string
  Password: string
  Timestamp: string
  TransactionType: string
  Amount: number
  PartyA: string
  PartyB: string
  PhoneNumber: string
  CallBackURL: string
  AccountReference: string
  TransactionDesc: string
}

export function buildStkPushBody(
  config: DarajaConfig,
  request: StkPushRequest,
  at: Date,
): StkPushBody {
  if (!Number.isInteger(request.amount) || request.amount < 1) {
    throw new ProviderError(
      'The amount to pay must be a whole number of shillings.',
      'invalid_amount',
      400,
    )
  }
  const timestamp = darajaTimestamp(at)
  return {
    BusinessShortCode: config.shortcode,
    Password: darajaPassword(config.shortcode, config.passkey, timestamp),
    Timestamp: timestamp,
    TransactionType: config.transactionType ?? 'CustomerPayBillOnline',
    Amount: request.amount,
    PartyA: request.phone,
    PartyB: config.partyB ?? config.shortcode,
    PhoneNumber: request.phone,
    CallBackURL: config.callbackUrl,
    AccountReference: request.accountReference.slice(0, ACCOUNT_REFERENCE_MAX),
    TransactionDesc: request.description.slice(0, TRANSACTION_DESC_MAX),
  }
}

export function buildStkQueryBody(config: DarajaConfig, checkoutRequestId: string, at: Date) {
  const timestamp = darajaTimestamp(at)
  return {
    BusinessShortCode: config.shortcode,
    Password: darajaPassword(config.shortcode, config.passkey, timestamp),
    Timestamp: timestamp,
    CheckoutRequestID: checkoutRequestId,
  }
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined

/** Daraja's error body: `{ requestId, errorCode, errorMessage }`. */
function errorMessage(body: unknown): string | undefined {
  if (!isObject(body)) return undefined
  return text(body.errorMessage) ?? text(body.ResponseDescription) ?? text(body.ResultDesc)
}

export function parseTokenResponse(
  status: number,
  body: unknown,
): { token: string; expiresInS: number } {
  if (
    status === 200 &&
    isObject(body) &&
    typeof body.access_token === 'string' &&
    body.access_token
  ) {
    const expires = Number(body.expires_in)
    return { token: body.access_token, expiresInS: Number.isFinite(expires) ? expires : 3599 }
  }
  throw new ProviderError(
    `M-Pesa refused the store's credentials${errorMessage(body) ? `: ${errorMessage(body)}` : ''}.`,
    'provider_auth_failed',
  )
}

export function parseStkPushResponse(status: number, body: unknown): StkPushAccepted {
  if (
    status === 200 &&
    isObject(body) &&
    text(body.ResponseCode) === '0' &&
    typeof body.CheckoutRequestID === 'string' &&
    body.CheckoutRequestID
  ) {
    return {
      checkoutRequestId: body.CheckoutRequestID,
      merchantRequestId: text(body.MerchantRequestID) ?? '',
      customerMessage: text(body.CustomerMessage) ?? 'Success. Request accepted for processing',
    }
  }
  throw new ProviderError(
    `M-Pesa could not send the payment request${errorMessage(body) ? `: ${errorMessage(body)}` : ''}.`,
    'provider_refused',
  )
}

/** Still being processed (the shopper has not answered the prompt yet). */
const PENDING_ERROR_CODES = new Set(['500.001.1001'])
/** Result codes that mean "not settled yet" rather than an outcome. */
const PENDING_RESULT_CODES = new Set([4999])

export function parseStkQueryResponse(status: number, body: unknown): StkQueryResult {
  if (isObject(body)) {
    const errorCode = text(body.errorCode)
    if (errorCode && PENDING_ERROR_CODES.has(errorCode)) return { state: 'pending' }
    const resultCode = Number(text(body.ResultCode))
    if (status === 200 && text(body.ResponseCode) === '0' && Number.isInteger(resultCode)) {
      if (PENDING_RESULT_CODES.has(resultCode)) return { state: 'pending' }
      return { state: 'done', resultCode, resultDesc: text(body.ResultDesc) ?? '' }
    }
  }
  throw new ProviderError(
    `M-Pesa could not report the payment${errorMessage(body) ? `: ${errorMessage(body)}` : ''}.`,
    'provider_query_failed',
  )
}

export interface StkCallback {
  checkoutRequestId: string
  merchantRequestId?: string
  resultCode: number
  resultDesc: string
  receipt?: string
  amount?: number
  phone?: string
}

/**
 * The result Safaricom posts to CallBackURL:
 * `{ Body: { stkCallback: { MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc,
 * CallbackMetadata?: { Item: [{ Name: 'Amount' | 'MpesaReceiptNumber' | …, Value }] } } } }`.
 * Anything else is null: junk is refused, never trusted.
 */
export function parseStkCallback(body: unknown): StkCallback | null {
  if (!isObject(body) || !isObject(body.Body) || !isObject(body.Body.stkCallback)) return null
  const callback = body.Body.stkCallback
  const checkoutRequestId = callback.CheckoutRequestID
  if (typeof checkoutRequestId !== 'string' || !/^[\w-]{1,100}$/.test(checkoutRequestId))
    return null
  const resultCode = Number(text(callback.ResultCode))
  if (!Number.isInteger(resultCode)) return null
  const parsed: StkCallback = {
    checkoutRequestId,
    resultCode,
    resultDesc: (text(callback.ResultDesc) ?? '').slice(0, 500),
  }
  const merchant = text(callback.MerchantRequestID)
  if (merchant) parsed.merchantRequestId = merchant.slice(0, 100)
  const items = isObject(callback.CallbackMetadata) ? callback.CallbackMetadata.Item : undefined
  if (Array.isArray(items)) {
    for (const item of items) {
      if (!isObject(item)) continue
      const value = item.Value
      if (item.Name === 'Amount' && typeof value === 'number' && Number.isFinite(value)) {
        parsed.amount = Math.round(value)
      } else if (item.Name === 'MpesaReceiptNumber' && typeof value === 'string') {
        if (/^[A-Z0-9]{6,20}$/.test(value)) parsed.receipt = value
      } else if (
        item.Name === 'PhoneNumber' &&
        (typeof value === 'number' || typeof value === 'string')
      ) {
        parsed.phone = String(value)
      }
    }
  }
  return parsed
}

export interface DarajaDependencies {
  fetch?: typeof fetch
  now?: () => number
  /** The store's reversal and payout settings; null or absent: refunds are made by hand. */
  refundConfig?: () => Promise<DarajaRefundConfig | null>
}

// Access tokens live an hour; one per set of credentials, shared by the requests of this instance.
const tokenCache = new Map<string, { token: string; expiresAt: number }>()

export function createDarajaProvider(
  config: DarajaConfig,
  deps: DarajaDependencies = {},
): MpesaProvider {
  const doFetch = deps.fetch ?? fetch
  const now = deps.now ?? Date.now
  const base = DARAJA_BASE_URLS[config.environment]

  async function call(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(20_000) })
    } catch {
      throw new ProviderError(
        'M-Pesa could not be reached. Please try again.',
        'provider_unreachable',
      )
    }
    const raw = await response.text()
    let body: unknown = null
    try {
      body = raw ? JSON.parse(raw) : null
    } catch {
      body = null
    }
    return { status: response.status, body }
  }

  async function accessToken(): Promise<string> {
    const key = `${config.environment}:${config.consumerKey}`
    const cached = tokenCache.get(key)
    if (cached && cached.expiresAt > now()) return cached.token
    const { status, body } = await call(DARAJA_PATHS.oauth, {
      method: 'GET',
      headers: { Authorization: basicAuthorization(config.consumerKey, config.consumerSecret) },
    })
    const { token, expiresInS } = parseTokenResponse(status, body)
    // Renew a minute early so a token never expires between here and Safaricom.
    tokenCache.set(key, { token, expiresAt: now() + Math.max(0, expiresInS - 60) * 1000 })
    return token
  }

  async function post(path: string, payload: unknown) {
    const token = await accessToken()
    return call(path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    })
  }

  return {
    name: 'daraja',
    async stkPush(request) {
      const { status, body } = await post(
        DARAJA_PATHS.stkPush,
        buildStkPushBody(config, request, new Date(now())),
      )
      return parseStkPushResponse(status, body)
    },
    async query(checkoutRequestId) {
      const { status, body } = await post(
        DARAJA_PATHS.stkQuery,
        buildStkQueryBody(config, checkoutRequestId, new Date(now())),
      )
      return parseStkQueryResponse(status, body)
    },
    async refund(request) {
      const refundConfig = (await deps.refundConfig?.()) ?? null
      if (!refundConfig) {
        // Reversals and payouts need the store's initiator credentials: until those are set up,
        // staff send the money from the M-Pesa portal and record it.
        throw new ProviderError(
          'M-Pesa refunds are not set up for this store yet: send the money from the M-Pesa portal, then record the refund as made by hand with its M-Pesa code.',
          'refunds_not_configured',
          503,
        )
      }
      const route = refundRoute(refundConfig, request)
      const { status, body } = await post(
        DARAJA_REFUND_PATHS[route],
        route === 'reversal'
          ? buildReversalBody(refundConfig, request)
          : buildPayoutBody(refundConfig, request),
      )
      return parseRefundAccepted(status, body, route)
    },
  }
}

/** Forget cached access tokens (tests). */
export function clearDarajaTokenCache() {
  tokenCache.clear()
}
