import type { SignInLimitSettings } from './rate-limit'
import { defaultRequestRateLimits, type RequestRateLimits } from './request-limits'

/** The local GoTrue's configuration (names follow the Supabase CLI's `[auth]` settings). */
export interface AuthSettings {
  /** Where email links land by default and what `redirect_to` may point at. */
  siteUrl: string
  /** Origin the API is reached at (email links, the `iss` claim); `/auth/v1` is appended. */
  externalUrl: string
  /** Extra allowed `redirect_to` URLs; `*` matches any run of characters. */
  redirectAllowList: string[]
  /** Confirm new accounts at once (CLI default); off means a confirmation email goes to the inbox. */
  mailerAutoconfirm: boolean
  disableSignup: boolean
  /** Access-token lifetime in seconds. */
  jwtExpiry: number
  /** Seconds a rotated refresh token may still be used (hosted and CLI default 10). */
  refreshTokenReuseInterval: number
  /** Seconds an email OTP or link stays valid (CLI default 3600). */
  otpExpiry: number
  minPasswordLength: number
  /**
   * A password change from a session signed in over a day ago needs the code `reauthenticate()`
   * emails (`[auth.email] secure_password_change`; on unless AUTH_SECURE_PASSWORD_CHANGE=0).
   */
  securePasswordChange: boolean
  /**
   * An email change needs the links sent to both the current and the new address
   * (`[auth.email] double_confirm_changes`; on unless AUTH_DOUBLE_CONFIRM_CHANGES=0).
   */
  secureEmailChange: boolean
  /** Seconds a PKCE flow's auth code may be exchanged in (GoTrue's flow-state expiry, 300). */
  flowStateExpiry: number
  /** Minimum seconds between two emails of one kind to one user. */
  emailMaxFrequency: number
  signInRateLimit: SignInLimitSettings
  /** Requests per address per five minutes that send codes or make accounts (`otp`) or redeem codes. */
  requestRateLimits: RequestRateLimits
}

export const defaultAuthSettings = (origin: string): AuthSettings => ({
  siteUrl: origin,
  externalUrl: origin,
  redirectAllowList: [],
  mailerAutoconfirm: true,
  disableSignup: false,
  jwtExpiry: 3600,
  refreshTokenReuseInterval: 10,
  otpExpiry: 3600,
  minPasswordLength: 6,
  securePasswordChange: true,
  secureEmailChange: true,
  flowStateExpiry: 300,
  emailMaxFrequency: 60,
  signInRateLimit: { maxFailures: 10, windowSeconds: 300 },
  requestRateLimits: defaultRequestRateLimits(),
})

const num = (value: string | undefined) => {
  if (value === undefined || value === '') return undefined
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`Expected a non-negative number, got "${value}"`)
  return n
}

const flag = (value: string | undefined) =>
  value === undefined || value === ''
    ? undefined
    : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase())

/** Settings given by environment variables; unset ones keep their defaults. */
export function authSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<AuthSettings> {
  const settings: Partial<AuthSettings> = {}
  if (env.SITE_URL) settings.siteUrl = env.SITE_URL.replace(/\/+$/, '')
  if (env.API_EXTERNAL_URL) settings.externalUrl = env.API_EXTERNAL_URL.replace(/\/+$/, '')
  if (env.ADDITIONAL_REDIRECT_URLS) {
    settings.redirectAllowList = env.ADDITIONAL_REDIRECT_URLS.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  }
  if (env.AUTH_EMAIL_CONFIRM !== undefined && env.AUTH_EMAIL_CONFIRM !== '') {
    settings.mailerAutoconfirm = !['1', 'true', 'yes', 'on'].includes(
      env.AUTH_EMAIL_CONFIRM.toLowerCase(),
    )
  }
  if (env.AUTH_DISABLE_SIGNUP)
    settings.disableSignup = ['1', 'true'].includes(env.AUTH_DISABLE_SIGNUP)
  const secureChange = flag(env.AUTH_SECURE_PASSWORD_CHANGE)
  if (secureChange !== undefined) settings.securePasswordChange = secureChange
  const doubleConfirm = flag(env.AUTH_DOUBLE_CONFIRM_CHANGES)
  if (doubleConfirm !== undefined) settings.secureEmailChange = doubleConfirm
  const jwtExpiry = num(env.JWT_EXPIRY)
  if (jwtExpiry !== undefined) settings.jwtExpiry = jwtExpiry
  const maxFailures = num(env.AUTH_SIGNIN_MAX_FAILURES)
  const windowSeconds = num(env.AUTH_SIGNIN_WINDOW_SECONDS)
  if (maxFailures !== undefined || windowSeconds !== undefined) {
    settings.signInRateLimit = {
      maxFailures: maxFailures ?? 10,
      windowSeconds: windowSeconds ?? 300,
    }
  }
  const frequency = num(env.AUTH_EMAIL_MAX_FREQUENCY)
  if (frequency !== undefined) settings.emailMaxFrequency = frequency
  const otpLimit = num(env.AUTH_RATE_LIMIT_OTP)
  const verifyLimit = num(env.AUTH_RATE_LIMIT_VERIFY)
  if (otpLimit !== undefined || verifyLimit !== undefined) {
    const defaults = defaultRequestRateLimits()
    settings.requestRateLimits = {
      otp: otpLimit ?? defaults.otp,
      verify: verifyLimit ?? defaults.verify,
    }
  }
  return settings
}
