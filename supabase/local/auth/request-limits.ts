import { AuthError } from './errors'

/**
 * GoTrue's per-address request limits (`GOTRUE_RATE_LIMIT_OTP`, `GOTRUE_RATE_LIMIT_VERIFY`): each
 * endpoint has a token bucket per client address holding `n` requests and refilled at `n` per five
 * minutes. Over it the answer is 429 `over_request_rate_limit`, "Request rate limit reached".
 * `otp` covers what sends a code or makes an account (sign-up, recovery, resend, magic link, OTP);
 * `verify` covers redeeming one (a guessed code or link hash).
 */
export interface RequestRateLimits {
  otp: number
  verify: number
}

export const defaultRequestRateLimits = (): RequestRateLimits => ({ otp: 30, verify: 30 })

const WINDOW_MS = 5 * 60 * 1000

/** The bucket each rate-limited `POST` (or `GET /verify`) path draws from. */
const LIMITED: Record<string, keyof RequestRateLimits> = {
  '/signup': 'otp',
  '/recover': 'otp',
  '/resend': 'otp',
  '/magiclink': 'otp',
  '/otp': 'otp',
  '/verify': 'verify',
}

export interface RequestLimiter {
  /** Takes one request from the address's bucket for this path; throws 429 when it is empty. */
  take(path: string, method: string, ip: string): void
}

export function createRequestLimiter(
  settings: () => RequestRateLimits,
  now: () => number,
): RequestLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>()

  // Stryker disable all: only memory, which no answer shows (a bucket idle for the window is full
  // again, the same as a new one).
  const sweep = () => {
    if (buckets.size < 10_000) return
    for (const [key, bucket] of buckets) if (now() - bucket.at > WINDOW_MS) buckets.delete(key)
  }
  // Stryker restore all

  return {
    take(path, method, ip) {
      const kind = LIMITED[path]
      if (!kind || (method !== 'POST' && !(method === 'GET' && path === '/verify'))) return
      const size = settings()[kind]
      sweep()
      const key = `${path}|${ip}`
      const bucket = buckets.get(key) ?? { tokens: size, at: now() }
      const refilled = Math.min(size, bucket.tokens + ((now() - bucket.at) * size) / WINDOW_MS)
      if (refilled < 1) {
        buckets.set(key, { tokens: refilled, at: now() })
        throw new AuthError(
          429,
          'over_request_rate_limit',
          'Request rate limit reached',
          {},
          {
            'retry-after': String(Math.ceil(((1 - refilled) * WINDOW_MS) / size / 1000)),
          },
        )
      }
      buckets.set(key, { tokens: refilled - 1, at: now() })
    },
  }
}
