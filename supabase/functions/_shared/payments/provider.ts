import { createDarajaProvider, type DarajaConfig } from './daraja.ts'
import { darajaRefundConfig, refundResultUrl } from './refund-results.ts'
import { createSandboxProvider, SANDBOX_CONFIRM_MS, SANDBOX_SHORTCODE } from './sandbox.ts'
import { ProviderError, type MpesaProvider } from './types.ts'

export type EnvReader = (name: string) => string | undefined

const isLoopback = (url: string | undefined) => {
  if (!url) return false
  try {
    const host = new URL(url).hostname
    return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1'
  } catch {
    return false
  }
}

const DARAJA_REQUIRED = [
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_SHORTCODE',
  'MPESA_PASSKEY',
  'MPESA_CALLBACK_URL',
] as const

/**
 * The provider named by MPESA_PROVIDER (`sandbox` by default). The sandbox marks orders paid without
 * money changing hands, so when MPESA_PROVIDER is not set it runs only on a local server (SUPABASE_URL
 * on loopback); a hosted project must choose explicitly. Misconfiguration is a clear 503, never a
 * silent fake payment.
 */
export function mpesaProviderFromEnv(env: EnvReader): MpesaProvider {
  const chosen = (env('MPESA_PROVIDER') ?? '').trim().toLowerCase()
  if (chosen === 'daraja') {
    const missing = DARAJA_REQUIRED.filter((name) => !env(name))
    if (missing.length > 0) {
      console.error(`[payments] MPESA_PROVIDER=daraja but ${missing.join(', ')} not set`)
      throw new ProviderError(
        'M-Pesa payments are not available right now.',
        'payments_not_configured',
        503,
      )
    }
    const environment = env('MPESA_ENV') === 'production' ? 'production' : 'sandbox'
    const transactionType =
      env('MPESA_TRANSACTION_TYPE') === 'CustomerBuyGoodsOnline'
        ? 'CustomerBuyGoodsOnline'
        : 'CustomerPayBillOnline'
    const config: DarajaConfig = {
      consumerKey: env('MPESA_CONSUMER_KEY')!,
      consumerSecret: env('MPESA_CONSUMER_SECRET')!,
      shortcode: env('MPESA_SHORTCODE')!,
      passkey: env('MPESA_PASSKEY')!,
      callbackUrl: env('MPESA_CALLBACK_URL')!,
      environment,
      transactionType,
    }
    const partyB = env('MPESA_PARTY_B')
    if (partyB) config.partyB = partyB
    return createDarajaProvider(config, {
      refundConfig: () => darajaRefundConfig(env, config.partyB ?? config.shortcode),
    })
  }
  if (chosen === 'sandbox' || (chosen === '' && isLoopback(env('SUPABASE_URL')))) {
    const raw = env('MPESA_SANDBOX_CONFIRM_MS')?.trim()
    const delay = raw ? Number(raw) : NaN
    return createSandboxProvider({
      confirmAfterMs: Number.isFinite(delay) && delay >= 0 ? delay : SANDBOX_CONFIRM_MS,
      // Daraja's sandbox test initiator; a B2C shortcode only when the store sets one, as on Daraja.
      refundConfig: async () => {
        const resultUrl = await refundResultUrl(env)
        const b2cShortcode = env('MPESA_B2C_SHORTCODE')?.trim()
        return resultUrl
          ? {
              initiatorName: 'testapi',
              securityCredential: 'sandbox-security-credential',
              shortcode: SANDBOX_SHORTCODE,
              resultUrl,
              ...(b2cShortcode ? { b2cShortcode } : {}),
            }
          : null
      },
    })
  }
  console.error(
    `[payments] MPESA_PROVIDER is ${chosen ? `"${chosen}"` : 'not set'}: choose daraja or sandbox`,
  )
  throw new ProviderError(
    'M-Pesa payments are not available right now.',
    'payments_not_configured',
    503,
  )
}
