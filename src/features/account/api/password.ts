import { getSupabase } from '@/lib/supabase'

/** A refusal from the auth server, with its code (e.g. `reauthentication_not_valid`). */
export class PasswordChangeError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message)
    this.name = 'PasswordChangeError'
  }
}

const fail = (error: { message: string; code?: string }): never => {
  throw new PasswordChangeError(error.message, error.code)
}

/** Emails the signed-in shopper a one-time code that proves it is them (GoTrue's reauthenticate). */
export async function sendPasswordCode(): Promise<void> {
  const client = await getSupabase()
  const { error } = await client.auth.reauthenticate()
  if (error) fail(error)
}

/** Changes the password; the emailed code goes along as the nonce the server asks for. */
export async function changePassword(password: string, code: string): Promise<void> {
  const client = await getSupabase()
  const { error } = await client.auth.updateUser({ password, nonce: code.trim() })
  if (error) fail(error)
}
