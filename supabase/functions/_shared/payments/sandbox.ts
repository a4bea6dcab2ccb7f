import {
  RESULT_CANCELLED_BY_USER,
  RESULT_PAID,
  type MpesaProvider,
  type StkPushAccepted,
  type StkPushRequest,
  type StkQueryResult,
} from './types.ts'
import type { DarajaRefundConfig } from './daraja-refunds.ts'
import { sandboxRefund } from './sandbox-refunds.ts'

/** The number that always declines, so the failure path can be tried locally (spec decision). */
export const SANDBOX_FAILING_PHONE = '254700000001'
export const SANDBOX_FAILURE_DESC = 'Request cancelled by user'
export const SANDBOX_SUCCESS_DESC = 'The service request is processed successfully.'
export const SANDBOX_CONFIRM_MS = 2000
/** Daraja's own sandbox Paybill. */
export const SANDBOX_SHORTCODE = '174379'

export interface SandboxOptions {
  /** How long after the push the "shopper" enters their PIN (default 2 s). */
  confirmAfterMs?: number
  now?: () => number
  /** The store's refund settings as the sandbox's Daraja sees them; without them refunds are by hand. */
  refundConfig?: () => Promise<DarajaRefundConfig | null>
  /** Posts a refund's result to its result URL (default: fetch). */
  deliverRefundResult?: (url: string, body: unknown) => Promise<void>
}

const PREFIX = 'ws_CO_SBX'

/**
 * A stand-in for Safaricom that needs no network and no credentials. A push is accepted at once; the
 * outcome is written into the checkout request id (so any instance, or a restarted server, answers the
 * same), and `query` reports it once `confirmAfterMs` have passed since the push was recorded. The
 * receipt is derived from the id, so asking twice gives the same receipt. Refunds go as Daraja's
 * reversal or payout (`sandbox-refunds.ts`), their result posted `confirmAfterMs` later.
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
    refund(request) {
      return sandboxRefund(request, {
        resultAfterMs: confirmAfterMs,
        ...(options.refundConfig ? { refundConfig: options.refundConfig } : {}),
        ...(options.deliverRefundResult ? { deliver: options.deliverRefundResult } : {}),
      })
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
