import {
  buildPayoutBody,
  buildReversalBody,
  DARAJA_REFUND_PATHS,
  parseRefundAccepted,
  refundRoute,
  type DarajaRefundConfig,
  type PayoutBody,
  type RefundRoute,
  type ReversalBody,
} from './daraja-refunds.ts'
import { hmacHex } from './card/signing.ts'
import { ProviderError, type MpesaRefundAccepted, type MpesaRefundRequest } from './types.ts'

/**
 * The local sandbox's M-Pesa refunds, in Daraja's shapes end to end: the request is built as for
 * Daraja, answered as Daraja answers (accepted, with a conversation id), and the outcome is posted
 * later to the request's ResultURL as Daraja posts it. Ids and receipts derive from the refund's key,
 * so a refund sent again is the same refund with the same outcome.
 */
export interface SandboxRefundOptions {
  /** The store's refund settings (the result URL and, for part refunds, a B2C shortcode); null: none. */
  refundConfig?: () => Promise<DarajaRefundConfig | null>
  /** How long after the request the result is posted. */
  resultAfterMs: number
  /** Posts a result (default: fetch, tried a few times as M-Pesa's broker does). */
  deliver?: (url: string, body: unknown) => Promise<void>
}

/** The number that refuses money in the sandbox (it also fails every payment). */
const FAILING_PHONE = '254700000001'

export async function sandboxRefund(
  request: MpesaRefundRequest,
  options: SandboxRefundOptions,
): Promise<MpesaRefundAccepted> {
  const config = (await options.refundConfig?.()) ?? null
  if (!config) {
    throw new ProviderError(
      'M-Pesa refunds are not set up for this store yet: send the money from the M-Pesa portal, then record the refund as made by hand with its M-Pesa code.',
      'refunds_not_configured',
      503,
    )
  }
  const route = refundRoute(config, request)
  const body =
    route === 'reversal' ? buildReversalBody(config, request) : buildPayoutBody(config, request)
  const answer = await answerAsDaraja(route, body, request.key)
  const accepted = parseRefundAccepted(answer.status, answer.body, route)
  const result = await resultFor(route, request, accepted)
  const deliver = options.deliver ?? postResult
  const timer = setTimeout(() => {
    deliver(body.ResultURL, result).catch((error: unknown) =>
      console.error('[mpesa sandbox] refund result not delivered:', error),
    )
  }, options.resultAfterMs)
  ;(timer as { unref?: () => void }).unref?.()
  return accepted
}

/** What Daraja answers a reversal or payout request with: a bad request, or accepted. */
async function answerAsDaraja(route: RefundRoute, body: ReversalBody | PayoutBody, key: string) {
  const required =
    route === 'reversal'
      ? [(body as ReversalBody).Initiator, (body as ReversalBody).TransactionID]
      : [
          (body as PayoutBody).InitiatorName,
          (body as PayoutBody).PartyA,
          (body as PayoutBody).PartyB,
        ]
  if (!body.SecurityCredential || !body.ResultURL || required.some((value) => !value)) {
    return {
      status: 400,
      body: {
        requestId: `sbx-${key.slice(0, 8)}`,
        errorCode: '400.002.02',
        errorMessage: `Bad Request - Invalid request to ${DARAJA_REFUND_PATHS[route]}`,
      },
    }
  }
  const id = (await hmacHex('SHA-256', 'mpesa-sandbox-refund', key)).slice(0, 24)
  return {
    status: 200,
    body: {
      OriginatorConversationID:
        route === 'payout'
          ? (body as PayoutBody).OriginatorConversationID
          : `SBX-${id.slice(0, 12)}`,
      ConversationID: `AG_SBX_${id}`,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    },
  }
}

const RECEIPT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'

async function receiptFor(seed: string): Promise<string> {
  const digest = await hmacHex('SHA-256', 'mpesa-sandbox-receipt', seed)
  let receipt = 'S'
  for (let i = 0; receipt.length < 10; i += 2) {
    receipt += RECEIPT_ALPHABET[parseInt(digest.slice(i, i + 2), 16) % RECEIPT_ALPHABET.length]
  }
  return receipt
}

/** The Result M-Pesa posts: success with the money's transaction id, or the receiving number refusing. */
async function resultFor(
  route: RefundRoute,
  request: MpesaRefundRequest,
  accepted: MpesaRefundAccepted,
) {
  const head = {
    ResultType: 0,
    OriginatorConversationID: accepted.originatorConversationId,
    ConversationID: accepted.conversationId,
  }
  const transactionId = await receiptFor(`refund:${request.receipt}:${request.key}`)
  if (request.phone === FAILING_PHONE) {
    return {
      Result: {
        ...head,
        ResultCode: 2040,
        ResultDesc:
          "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
        TransactionID: transactionId,
      },
    }
  }
  const parameters =
    route === 'reversal'
      ? [
          { Key: 'Amount', Value: request.amount },
          { Key: 'OriginalTransactionID', Value: request.receipt },
          { Key: 'Charge', Value: 0 },
        ]
      : [
          { Key: 'TransactionAmount', Value: request.amount },
          { Key: 'TransactionReceipt', Value: transactionId },
          { Key: 'ReceiverPartyPublicName', Value: `${request.phone} - Sandbox Customer` },
        ]
  return {
    Result: {
      ...head,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      TransactionID: transactionId,
      ResultParameters: { ResultParameter: parameters },
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'sandbox' } },
    },
  }
}

async function postResult(url: string, body: unknown) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    await response.arrayBuffer()
    if (response.ok || attempt >= 2) return
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}
