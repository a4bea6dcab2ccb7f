import { serverKey } from '../api-keys.ts'
import { hmacHex } from './card/signing.ts'
import { parseRefundResult, type DarajaRefundConfig } from './daraja-refunds.ts'
import { json, readJsonObject, safeEqual } from './http.ts'
import { fromDatabaseError, serviceClient } from './order-access.ts'
import type { EnvReader } from './provider.ts'

const MIN_SECRET_LENGTH = 16

const isLoopback = (url: string | undefined) => {
  if (!url) return false
  try {
    const host = new URL(url).hostname
    return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1'
  } catch {
    return false
  }
}

/**
 * What M-Pesa must present with a refund result: MPESA_CALLBACK_SECRET, or on a local server one
 * derived from the project's secret key (so the sandbox works with no setup and nobody outside the
 * server can post a result). Null when there is none: results are then refused.
 */
export async function refundResultSecret(env: EnvReader): Promise<string | null> {
  const configured = env('MPESA_CALLBACK_SECRET') ?? ''
  if (configured.length >= MIN_SECRET_LENGTH) return configured
  const key = serverKey(env)
  if (isLoopback(env('SUPABASE_URL')) && key) {
    return hmacHex('SHA-256', key, 'luxe-mpesa-refund-result')
  }
  return null
}

/** The result function's address, carrying the secret (M-Pesa posts with no headers of ours). */
export async function refundResultUrl(env: EnvReader): Promise<string | null> {
  const base = (env('SUPABASE_URL') ?? '').replace(/\/+$/, '')
  const secret = await refundResultSecret(env)
  if (!base || !secret) return null
  return `${base}/functions/v1/mpesa-refund-result?secret=${encodeURIComponent(secret)}`
}

/**
 * Daraja's refund settings: the initiator allowed to reverse (MPESA_INITIATOR_NAME), its encrypted
 * password (MPESA_SECURITY_CREDENTIAL), and for refunds of part of a payment a B2C shortcode
 * (MPESA_B2C_SHORTCODE). Null when the store has not set them up: staff then refund by hand.
 */
export async function darajaRefundConfig(
  env: EnvReader,
  shortcode: string,
): Promise<DarajaRefundConfig | null> {
  const initiatorName = env('MPESA_INITIATOR_NAME')?.trim()
  const securityCredential = env('MPESA_SECURITY_CREDENTIAL')?.trim()
  const resultUrl = await refundResultUrl(env)
  if (!initiatorName || !securityCredential || !resultUrl) return null
  const b2cShortcode = env('MPESA_B2C_SHORTCODE')?.trim()
  return {
    initiatorName,
    securityCredential,
    shortcode,
    resultUrl,
    ...(b2cShortcode ? { b2cShortcode } : {}),
  }
}

function presentedSecret(req: Request): string {
  const url = new URL(req.url)
  return url.searchParams.get('secret') ?? ''
}

/**
 * POST from M-Pesa to the refund's ResultURL (and QueueTimeOutURL): the outcome of a reversal or a
 * payout. Only a request that knows the secret and names a refund this store sent is recorded; a
 * repeated result changes nothing. Answers `{ ResultCode: 0, ResultDesc: 'Accepted' }`.
 */
export async function handleRefundResult(req: Request, env: EnvReader): Promise<Response> {
  if (req.method !== 'POST') return json(405, { ResultCode: 1, ResultDesc: 'Use POST' })
  const expected = await refundResultSecret(env)
  if (!expected || !safeEqual(presentedSecret(req), expected)) {
    if (!expected)
      console.error('[refunds] MPESA_CALLBACK_SECRET is not set: refund results refused')
    return json(401, { ResultCode: 1, ResultDesc: 'Rejected' })
  }
  let result: ReturnType<typeof parseRefundResult> = null
  try {
    result = parseRefundResult(await readJsonObject(req))
  } catch {
    result = null
  }
  if (!result) return json(400, { ResultCode: 1, ResultDesc: 'Rejected: not a result' })

  const settled = await serviceClient(env).rpc('record_mpesa_refund_result', {
    provider_request_id: result.conversationId,
    succeeded: result.succeeded,
    reference: result.transactionId ?? null,
    failure: result.succeeded
      ? null
      : `M-Pesa did not send the refund: ${result.resultDesc || `result ${result.resultCode}`}`,
    amount: result.amount ?? null,
  })
  if (settled.error) {
    const refusal = fromDatabaseError(settled.error)
    console.error('[refunds] M-Pesa result not recorded:', refusal.code, refusal.message)
    return json(refusal.status, { ResultCode: 1, ResultDesc: `Rejected: ${refusal.code}` })
  }
  return json(200, { ResultCode: 0, ResultDesc: 'Accepted' })
}
