/** Checks made before anything is sent, so the shopper hears about a typo at once and by field. */

export const MIN_PASSWORD_LENGTH = 6
export const MAX_NAME_LENGTH = 100

/** The auth client's own words when a sign-in has no email or no password. */
export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password'

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailError(email: string): string | undefined {
  const value = email.trim()
  if (!value) return 'Enter your email address'
  if (!EMAIL_RE.test(value) || value.length > 254) {
    return 'Enter a valid email address, like name@example.com'
  }
  return undefined
}

export function newPasswordError(password: string): string | undefined {
  if (!password) return 'Choose a password'
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters`
  }
  // bcrypt reads 72 bytes; the server refuses longer passwords rather than silently cutting them.
  if (new TextEncoder().encode(password).length > 72) return 'Use at most 72 characters'
  return undefined
}

export function fullNameError(name: string): string | undefined {
  const value = name.trim()
  if (!value) return 'Enter your full name'
  if (value.length > MAX_NAME_LENGTH) return `Use at most ${MAX_NAME_LENGTH} characters`
  return undefined
}

export interface SignInErrors {
  email?: string
  password?: string
  /** Shown above the fields when a credential is missing. */
  form?: string
}

export function validateSignIn(email: string, password: string): SignInErrors {
  const errors: SignInErrors = {}
  if (!email.trim()) errors.email = 'Enter your email address'
  else errors.email = emailError(email)
  if (!password) errors.password = 'Enter your password'
  if (!email.trim() || !password) errors.form = MISSING_CREDENTIALS
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as SignInErrors
}

export interface SignUpErrors {
  fullName?: string
  email?: string
  password?: string
}

export function validateSignUp(input: {
  fullName: string
  email: string
  password: string
}): SignUpErrors {
  const errors: SignUpErrors = {
    fullName: fullNameError(input.fullName),
    email: emailError(input.email),
    password: newPasswordError(input.password),
  }
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as SignUpErrors
}
