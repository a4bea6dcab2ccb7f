import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { renderSVG } from 'uqr'

/**
 * Time-based one-time passwords (RFC 6238) as GoTrue's TOTP factors use them: SHA-1, six digits, a
 * 30-second step, one step of clock drift either way, 160-bit secrets written in base32.
 */
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** Steps either side of now that are still accepted (clock drift between phone and server). */
export const TOTP_SKEW = 1

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s+/g, '')
  const bytes: number[] = []
  let bits = 0
  let value = 0
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error('invalid base32 secret')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** A new secret: 20 random bytes in base32 (32 characters), as GoTrue's TOTP library makes them. */
export const newTotpSecret = () => base32Encode(randomBytes(20))

/** The time step a moment falls in. */
export const totpStep = (ms: number) => Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS)

/** The code for one time step (RFC 4226 HOTP with the step as counter). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = digest[digest.length - 1]! & 0x0f
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0')
}

/**
 * The time step whose code `code` is, within the drift window around `nowMs`, or `null`. Compares in
 * constant time so the answer's timing tells nothing about the right code.
 */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const current = totpStep(nowMs)
  let found: number | null = null
  for (let step = current - TOTP_SKEW; step <= current + TOTP_SKEW; step++) {
    const expected = Buffer.from(totpCode(secret, step))
    if (timingSafeEqual(expected, Buffer.from(code)) && found === null) found = step
  }
  return found
}

/** The `otpauth://` URI an authenticator app reads (Google Authenticator's key URI format). */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const query = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    issuer,
    period: String(TOTP_PERIOD_SECONDS),
    secret,
  })
  return `otpauth://totp/${label}?${query}`
}

/** The URI as a QR code in SVG (high error correction, as GoTrue draws it). */
export const qrCodeSvg = (uri: string) => renderSVG(uri, { ecc: 'H', border: 1 })
