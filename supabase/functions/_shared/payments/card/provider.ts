import { serverKey } from '../../api-keys.ts'
import { ProviderError } from '../types.ts'
import type { EnvReader } from '../provider.ts'
import { createPaystackProvider } from './paystack.ts'
import { createSandboxCardProvider } from './sandbox.ts'
import { hmacHex } from './signing.ts'
import type { CardProvider } from './types.ts'

const isLoopback = (url: string | undefined) => {
  if (!url) return false
  try {
    const host = new URL(url).hostname
    return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1'
  } catch {
    return false
  }
}

const unavailable = () =>
  new ProviderError('Card payments are not available right now.', 'payments_not_configured', 503)

const MIN_SECRET_LENGTH = 16

/** The sandbox's settings, or null when the card provider is not the sandbox. */
export interface SandboxSettings {
  secret: string
  pageUrl: string
  webhookUrl: string
}

function chosenProvider(env: EnvReader): 'paystack' | 'sandbox' | null {
  const chosen = (env('CARD_PROVIDER') ?? '').trim().toLowerCase()
  if (chosen === 'paystack' || chosen === 'sandbox') return chosen
  // The sandbox takes no money, so unless chosen it runs only on a local server.
  if (chosen === '' && isLoopback(env('SUPABASE_URL'))) return 'sandbox'
  return null
}

/**
 * The sandbox's secret: CARD_WEBHOOK_SECRET, or on a local server one derived from the project's secret
 * key (so `npm start` works with no setup and nobody outside the server can sign a webhook).
 */
export async function sandboxSettings(env: EnvReader): Promise<SandboxSettings | null> {
  if (chosenProvider(env) !== 'sandbox') return null
  const base = (env('SUPABASE_URL') ?? '').replace(/\/+$/, '')
  let secret = env('CARD_WEBHOOK_SECRET') ?? ''
  if (!secret && isLoopback(base)) {
    const key = serverKey(env)
    if (key) secret = await hmacHex('SHA-256', key, 'luxe-card-sandbox-webhook')
  }
  if (secret.length < MIN_SECRET_LENGTH || !base) {
    console.error('[card] CARD_WEBHOOK_SECRET is not set (16+ characters): card sandbox off')
    return null
  }
  return {
    secret,
    pageUrl: `${base}/functions/v1/card-sandbox`,
    webhookUrl: `${base}/functions/v1/card-webhook`,
  }
}

/**
 * The provider named by CARD_PROVIDER: `paystack` (needs PAYSTACK_SECRET_KEY) or `sandbox` (the
 * default on a local server). Misconfiguration is a clear 503, never a silent fake payment.
 */
export async function cardProviderFromEnv(env: EnvReader): Promise<CardProvider> {
  const chosen = chosenProvider(env)
  if (chosen === 'paystack') {
    const secretKey = env('PAYSTACK_SECRET_KEY')?.trim()
    if (!secretKey) {
      console.error('[card] CARD_PROVIDER=paystack but PAYSTACK_SECRET_KEY is not set')
      throw unavailable()
    }
    return createPaystackProvider({ secretKey })
  }
  if (chosen === 'sandbox') {
    const settings = await sandboxSettings(env)
    if (!settings) throw unavailable()
    return createSandboxCardProvider({ pageUrl: settings.pageUrl, secret: settings.secret })
  }
  console.error(
    `[card] CARD_PROVIDER is "${env('CARD_PROVIDER') ?? ''}": choose paystack or sandbox`,
  )
  throw unavailable()
}
