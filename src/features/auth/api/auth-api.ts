import type { User } from '@supabase/supabase-js'
import { getSupabase } from '@/lib/supabase'

/** What a failed call tells the shopper: the auth server's own message. */
export class AuthCallError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'AuthCallError'
  }
}

function fail(error: { message: string; status?: number }): never {
  throw new AuthCallError(error.message, error.status)
}

export async function signInWithEmail(email: string, password: string): Promise<User> {
  const client = await getSupabase()
  const { data, error } = await client.auth.signInWithPassword({ email, password })
  if (error) fail(error)
  return data.user
}

export interface SignUpOutcome {
  user: User | null
  /** False when the account waits for the emailed confirmation link. */
  signedIn: boolean
}

/** Sign-up: the confirmation link leads to /account; the profile takes `full_name`. */
export async function signUpWithEmail(input: {
  fullName: string
  email: string
  password: string
}): Promise<SignUpOutcome> {
  const client = await getSupabase()
  const { data, error } = await client.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      emailRedirectTo: `${location.origin}/account`,
      data: { full_name: input.fullName },
    },
  })
  if (error) fail(error)
  return { user: data.user, signedIn: data.session !== null }
}

/** Emails a reset link that opens /auth in reset mode (and then goes on to `redirect`, if any). */
export async function requestPasswordReset(email: string, redirect?: string): Promise<void> {
  const client = await getSupabase()
  const target = new URL('/auth', location.origin)
  target.searchParams.set('mode', 'reset')
  if (redirect) target.searchParams.set('redirect', redirect)
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: target.href })
  if (error) fail(error)
}

/** Sets a new password for the signed-in user (after a reset link, the recovery session). */
export async function updatePassword(password: string): Promise<void> {
  const client = await getSupabase()
  const { error } = await client.auth.updateUser({ password })
  if (error) fail(error)
}
