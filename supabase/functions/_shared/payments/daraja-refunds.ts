import { ProviderError, type MpesaRefundAccepted, type MpesaRefundRequest } from './types.ts'

/**
 * M-Pesa refunds in Daraja's shapes: the whole payment goes back by the Reversal API, part of it by a
 * B2C payout (which needs a B2C shortcode of its own). Both answer at once that the request was
 * accepted and post the outcome later to ResultURL. Building, parsing and choosing are plain functions,
 * used by the Daraja provider and the local sandbox alike.
 */
export interface DarajaRefundConfig {
  /** The API operator allowed to reverse (Org Reversals Initiator) and pay out. */
  initiatorName: string
  /** The operator's password encrypted with M-Pesa's public certificate. */
  securityCredential: string
  /** The shortcode that took the payment (the Paybill, or the till's store number). */
  shortcode: string
  /** Where M-Pesa posts the outcome (…/mpesa-refund-result?secret=…); also the queue time-out URL. */
  resultUrl: string
  /** A B2C (bulk disbursement) shortcode: without one, part of a payment cannot be sent back. */
  b2cShortcode?: string
}

export const DARAJA_REFUND_PATHS = {
  reversal: '/mpesa/reversal/v1/request',
  payout: '/mpesa/b2c/v3/paymentrequest',
} as const

export type RefundRoute = keyof typeof DARAJA_REFUND_PATHS

/** Remarks and Occasion take at most 100 characters. */
const REMARK_MAX = 100

/** A reversal gives back the whole payment; anything less is a payout, if the store can make one. */
export function refundRoute(
  config: Pick<DarajaRefundConfig, 'b2cShortcode'>,
  request: MpesaRefundRequest,
): RefundRoute {
  if (
    !Number.isInteger(request.amount) ||
    request.amount < 1 ||
    request.amount > request.paymentAmount
  ) {
    throw new ProviderError(
      'The refund must be a whole number of shillings, at most the payment.',
      'invalid_amount',
      400,
    )
  }
  if (request.amount === request.paymentAmount) return 'reversal'
  if (config.b2cShortcode) return 'payout'
  throw new ProviderError(
    'M-Pesa can only reverse a whole payment, and this store has no B2C account to send part of one.',
    'payouts_not_configured',
    503,
  )
}

export interface ReversalBody {
  Initiator: string
  SecurityCredential: string
  CommandID: 'TransactionReversal'
  TransactionID: string
  Amount: number
  ReceiverParty: string
  RecieverIdentifierType: string
  ResultURL: string
  QueueTimeOutURL: string
  Remarks: string
  Occasion: string
}

export interface PayoutBody {
  OriginatorConversationID: string
  InitiatorName: string
  SecurityCredential: string
  CommandID: 'BusinessPayment'
  Amount: number
  PartyA: string
  PartyB: string
  Remarks: string
  QueueTimeOutURL: string
  ResultURL: string
  Occassion: string
}

export function buildReversalBody(
  config: DarajaRefundConfig,
  request: MpesaRefundRequest,
): ReversalBody {
  return {
    Initiator: config.initiatorName,
    SecurityCredential: config.securityCredential,
    CommandID: 'TransactionReversal',
    TransactionID: request.receipt,
    Amount: request.amount,
    ReceiverParty: config.shortcode,
    // Daraja's own spelling; 11 names an organisation's shortcode.
    RecieverIdentifierType: '11',
    ResultURL: config.resultUrl,
    QueueTimeOutURL: config.resultUrl,
    Remarks: `Refund for order ${request.orderNumber}`.slice(0, REMARK_MAX),
    Occasion: request.orderNumber.slice(0, REMARK_MAX),
  }
}

export function buildPayoutBody(
  config: DarajaRefundConfig,
  request: MpesaRefundRequest,
): PayoutBody {
  return {
    // Our refund's id: M-Pesa refuses a second request with the same one.
    OriginatorConversationID: request.key,
    InitiatorName: config.initiatorName,
    SecurityCredential: config.securityCredential,
    CommandID: 'BusinessPayment',
    Amount: request.amount,
    PartyA: config.b2cShortcode ?? '',
    PartyB: request.phone,
    Remarks: `Refund for order ${request.orderNumber}`.slice(0, REMARK_MAX),
    QueueTimeOutURL: config.resultUrl,
    ResultURL: config.resultUrl,
    Occassion: request.orderNumber.slice(0, REMARK_MAX),
  }
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined
const ID = /^[\w-]{1,100}$/

/** Daraja's answer to a reversal or payout request: `{ ConversationID, OriginatorConversationID, ResponseCode: '0', … }`. */
export function parseRefundAccepted(
  status: number,
  body: unknown,
  route: RefundRoute,
): MpesaRefundAccepted {
  if (
    status === 200 &&
    isObject(body) &&
    text(body.ResponseCode) === '0' &&
    ID.test(text(body.ConversationID) ?? '') &&
    ID.test(text(body.OriginatorConversationID) ?? '')
  ) {
    return {
      route,
      conversationId: text(body.ConversationID)!,
      originatorConversationId: text(body.OriginatorConversationID)!,
    }
  }
  const why = isObject(body)
    ? (text(body.errorMessage) ?? text(body.ResponseDescription))
    : undefined
  throw new ProviderError(`M-Pesa refused the refund${why ? `: ${why}` : ''}.`, 'refund_refused')
}

/** The outcome M-Pesa posts to ResultURL, as the store records it. */
export interface RefundResult {
  conversationId: string
  originatorConversationId: string
  succeeded: boolean
  resultCode: string
  resultDesc: string
  /** M-Pesa's transaction id for the money sent back (the refund's reference). */
  transactionId?: string
  amount?: number
}

/**
 * `{ Result: { ResultType, ResultCode, ResultDesc, OriginatorConversationID, ConversationID,
 * TransactionID, ResultParameters?: { ResultParameter: [{ Key, Value }] | { Key, Value } } } }`.
 * The amount is `Amount` (reversal) or `TransactionAmount` (payout). Anything else is null.
 */
export function parseRefundResult(body: unknown): RefundResult | null {
  if (!isObject(body) || !isObject(body.Result)) return null
  const result = body.Result
  const conversationId = text(result.ConversationID)
  const originatorConversationId = text(result.OriginatorConversationID) ?? ''
  const resultCode = text(result.ResultCode)
  if (!conversationId || !ID.test(conversationId) || resultCode === undefined) return null
  const parsed: RefundResult = {
    conversationId,
    originatorConversationId: originatorConversationId.slice(0, 100),
    succeeded: resultCode === '0',
    resultCode: resultCode.slice(0, 20),
    resultDesc: (text(result.ResultDesc) ?? '').slice(0, 400),
  }
  const transactionId = text(result.TransactionID)
  if (transactionId && /^[A-Z0-9]{6,20}$/.test(transactionId)) parsed.transactionId = transactionId
  const parameters = isObject(result.ResultParameters)
    ? result.ResultParameters.ResultParameter
    : undefined
  for (const item of Array.isArray(parameters) ? parameters : [parameters]) {
    if (!isObject(item)) continue
    const value = Number(text(item.Value))
    if ((item.Key === 'Amount' || item.Key === 'TransactionAmount') && Number.isFinite(value)) {
      parsed.amount = Math.round(value)
    }
    if (item.Key === 'TransactionReceipt' && !parsed.transactionId) {
      const receipt = text(item.Value)
      if (receipt && /^[A-Z0-9]{6,20}$/.test(receipt)) parsed.transactionId = receipt
    }
  }
  return parsed
}
