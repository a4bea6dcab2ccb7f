import type { AuthError } from '@supabase/supabase-js'
import { getSupabase } from '@/lib/supabase'

/** Two-step sign-in with an authenticator app (TOTP), through supabase-js's `auth.mfa` calls. */
export interface TotpSetup {
  factorId: string
  /** The QR code as an SVG data URL. */
  qrCode: string
  secret: string
}

export interface Assurance {
  current: string | null
  next: string | null
  /** The verified authenticator, if the account has one. */
  factorId: string | null
}

/** A failed code in plain words; the server's own message when it says more (a lock-out). */
export function codeProblem(error: Pick<AuthError, 'code' | 'message' | 'status'>): string {
  if (error.code === 'mfa_verification_failed') {
    return 'That code is not right. Enter the 6-digit code your authenticator app shows now.'
  }
  if (error.code === 'mfa_challenge_expired') return 'That took too long. Enter the code again.'
  return error.message
}

export class CodeError extends Error {}

/**
 * The session the code was for has ended before the code was checked: when one sign-in of an account
 * passes the second step, the server ends the account's other sign-ins still waiting for theirs (a
 * phone and a laptop at once), and a signed-out session cannot take a code either.
 */
export class SignInEndedError extends CodeError {}

export const SIGN_IN_ENDED =
  'Your sign-in ended before the code was checked: this account finished signing in somewhere else. Sign in again.'

export async function assurance(): Promise<Assurance> {
  const client = await getSupabase()
  const [level, factors] = await Promise.all([
    client.auth.mfa.getAuthenticatorAssuranceLevel(),
    client.auth.mfa.listFactors(),
  ])
  if (level.error) throw new Error(level.error.message)
  if (factors.error) throw new Error(factors.error.message)
  return {
    current: level.data.currentLevel,
    next: level.data.nextLevel,
    factorId: factors.data.totp[0]?.id ?? null,
  }
}

/** Checks a code against the factor; the session becomes aal2 (and an unverified factor verified). */
export async function verifyCode(factorId: string, code: string): Promise<void> {
  const client = await getSupabase()
  // The aal2 token reaches realtime through the client's own auth listener (`getSupabase`).
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: code.trim() })
  if (!error) return
  if (error.name === 'AuthSessionMissingError' || error.code === 'session_not_found') {
    // Asking for the user makes supabase-js forget the ended session, so every screen sees it signed out.
    await client.auth.getUser().catch(() => undefined)
    throw new SignInEndedError(SIGN_IN_ENDED)
  }
  throw new CodeError(codeProblem(error))
}

let settingUp: Promise<TotpSetup> | null = null

/** Starts a new authenticator set-up (one at a time: a screen shown twice shares it). */
export function startTotpSetup(): Promise<TotpSetup> {
  settingUp ??= enrollTotp().finally(() => {
    settingUp = null
  })
  return settingUp
}

async function enrollTotp(): Promise<TotpSetup> {
  const client = await getSupabase()
  // A set-up left unfinished is replaced, so its name is free again.
  const listed = await client.auth.mfa.listFactors()
  for (const factor of listed.data?.all ?? []) {
    if (factor.status === 'unverified') await client.auth.mfa.unenroll({ factorId: factor.id })
  }
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Authenticator app',
  })
  if (error) throw new Error(error.message)
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret }
}

export async function turnOffTotp(factorId: string): Promise<void> {
  const client = await getSupabase()
  const { error } = await client.auth.mfa.unenroll({ factorId })
  if (error) throw new Error(error.message)
}
