import {
  RESULT_CANCELLED_BY_USER,
  RESULT_PAID,
  type MpesaProvider,
  type StkPushAccepted,
  type StkPushRequest,
  type StkQueryResult,
  ProviderError,
} from './types.ts'

/** The number that always declines, so the failure path can be tried locally (spec decision). */
export const SANDBOX_FAILING_PHONE = '254700000001'
export const SANDBOX_FAILURE_DESC = 'Request cancelled by user'
export const SANDBOX_SUCCESS_DESC = 'The service request is processed successfully.'
export const SANDBOX_CONFIRM_MS = 2000

export interface SandboxOptions {
  /** How long after the push the "shopper" enters their PIN (default 2 s). */
  confirmAfterMs?: number
  now?: () => number
}

const PREFIX = 'ws_CO_SBX'

/**
 * A stand-in for Safaricom that needs no network, no credentials and no timers. A push is accepted at
 * once; the outcome is written into the checkout request id (so any instance, or a restarted server,
 * answers the same), and `query` reports it once `confirmAfterMs` have passed since the push was
 * recorded. The receipt is derived from the id, so asking twice gives the same receipt.
 */
export function createSandboxProvider(options: SandboxOptions = {}): MpesaProvider {
  const confirmAfterMs = options.confirmAfterMs ?? SANDBOX_CONFIRM_MS
  const now = options.now ?? Date.now
  return {
    name: 'sandbox',
    async stkPush(request: StkPushRequest): Promise<StkPushAccepted> {
      const outcome = request.phone === SANDBOX_FAILING_PHONE ? 'C' : 'S'
      const id = crypto.randomUUID().replace(/-/g, '')
      return {
        checkoutRequestId: `${PREFIX}${outcome}_${id}`,
        merchantRequestId: `SBX-${id.slice(0, 12)}`,
        customerMessage: 'Success. Request accepted for processing',
      }
    },
    async query(checkoutRequestId: string, requestedAt: string | number): Promise<StkQueryResult> {
      const started = typeof requestedAt === 'number' ? requestedAt : Date.parse(requestedAt)
      if (!Number.isFinite(started) || now() - started < confirmAfterMs) return { state: 'pending' }
      if (checkoutRequestId.startsWith(`${PREFIX}C_`)) {
        return {
          state: 'done',
          resultCode: RESULT_CANCELLED_BY_USER,
          resultDesc: SANDBOX_FAILURE_DESC,
        }
      }
      if (!checkoutRequestId.startsWith(`${PREFIX}S_`)) {
        return {
          state: 'done',
          resultCode: 2001,
          resultDesc: 'The initiator information is invalid.',
        }
      }
      return {
        state: 'done',
        resultCode: RESULT_PAID,
        resultDesc: SANDBOX_SUCCESS_DESC,
        receipt: await sandboxReceipt(checkoutRequestId),
      }
    },
    async refund(request) {
      // The failing number refuses refunds too, so the refused path can be tried locally.
      if (request.phone === SANDBOX_FAILING_PHONE) {
        throw new ProviderError(
          'M-Pesa declined the refund: the receiving number cannot take it.',
          'refund_declined',
        )
      }
      if (!Number.isInteger(request.amount) || request.amount < 1) {
        throw new ProviderError(
          'The refund must be a whole number of shillings.',
          'invalid_amount',
          400,
        )
      }
      if (request.amount > request.paymentAmount) {
        throw new ProviderError(
          'M-Pesa cannot refund more than the payment.',
          'invalid_amount',
          400,
        )
      }
      // One refund per key, as a provider that honours the request id: a retry gets the same receipt.
      return { reference: await sandboxReceipt(`refund:${request.receipt}:${request.key}`) }
    },
  }
}

const RECEIPT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'

/** Ten characters like a real M-Pesa receipt (e.g. SBK7RT61SV), stable for one checkout request. */
export async function sandboxReceipt(checkoutRequestId: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(checkoutRequestId)),
  )
  let receipt = 'S'
  for (let i = 0; receipt.length < 10; i++) {
    receipt += RECEIPT_ALPHABET[digest[i]! % RECEIPT_ALPHABET.length]
  }
  return receipt
}
