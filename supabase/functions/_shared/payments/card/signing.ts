/**
 * HMAC signatures for card webhooks and the sandbox's session tokens (Web Crypto: the same code runs in
 * Deno and in Node).
 */
import { safeEqual } from '../http.ts'

const encoder = new TextEncoder()

export async function hmacHex(
  hash: 'SHA-256' | 'SHA-512',
  secret: string,
  message: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash },
    false,
    ['sign'],
  )
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)))
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The sandbox's webhook signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'x-luxe-signature'

/** A signed webhook older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300

export async function signWebhook(
  secret: string,
  rawBody: string,
  timestamp = Math.floor(Date.now() / 1000),
): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex('SHA-256', secret, `${timestamp}.${rawBody}`)}`
}

/** Whether `header` signs `rawBody` with `secret`, within the tolerance of `nowSeconds`. */
export async function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | null,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<'ok' | 'missing' | 'stale' | 'mismatch'> {
  if (!header) return 'missing'
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=')
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const
    }),
  )
  const timestamp = Number(parts.get('t'))
  const given = parts.get('v1') ?? ''
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return 'missing'
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'stale'
  const expected = await hmacHex('SHA-256', secret, `${timestamp}.${rawBody}`)
  return safeEqual(given, expected) ? 'ok' : 'mismatch'
}

const base64url = (text: string) =>
  btoa(String.fromCharCode(...encoder.encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

const fromBase64url = (text: string) => {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4))
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

/** `<base64url JSON>.<hex HMAC>`: state the sandbox page carries without storing anything. */
export async function sealToken(secret: string, purpose: string, value: object): Promise<string> {
  const body = base64url(JSON.stringify(value))
  return `${body}.${await hmacHex('SHA-256', secret, `${purpose}.${body}`)}`
}

/** The value of a sealed token, or null when it was not sealed with `secret` for `purpose`. */
export async function openToken<T>(
  secret: string,
  purpose: string,
  token: unknown,
): Promise<T | null> {
  if (typeof token !== 'string' || token.length > 4000) return null
  const [body, mac] = token.split('.')
  if (!body || !mac || !/^[0-9a-f]{64}$/.test(mac)) return null
  if (!safeEqual(mac, await hmacHex('SHA-256', secret, `${purpose}.${body}`))) return null
  try {
    return JSON.parse(fromBase64url(body)) as T
  } catch {
    return null
  }
}
