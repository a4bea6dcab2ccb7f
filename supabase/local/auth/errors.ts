/**
 * GoTrue's error answers. auth-js sends `X-Supabase-Api-Version: 2024-01-01` and then reads
 * `{"code","message"}`, but only when the answer carries that header too (and CORS exposes it); without the
 * request header GoTrue falls back to the legacy `{"code":<status>,"error_code","msg"}` shape.
 */
export const API_VERSION = '2024-01-01'

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra body fields (e.g. `weak_password`). */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

/** OAuth-style error (`{"error","error_description"}`), e.g. a refresh without a token. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description)
  }
}

export function authErrorResponse(error: AuthError, legacy: boolean): Response {
  const body = legacy
    ? { code: error.status, error_code: error.code, msg: error.message, ...error.extra }
    : { code: error.code, message: error.message, ...error.extra }
  return Response.json(body, {
    status: error.status,
    headers: { 'x-sb-error-code': error.code, ...error.headers },
  })
}

export function oauthErrorResponse(error: OAuthError): Response {
  return Response.json(
    { error: error.error, error_description: error.description },
    { status: error.status },
  )
}

export const errors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthError(
      422,
      'email_exists',
      'A user with this email address has already been registered',
    ),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidEmail: () =>
    new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  signupDisabled: () =>
    new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  noAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (reason: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  missingSub: () => new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  userNotFoundFromJwt: () =>
    new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFoundFromJwt: () =>
    new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  notAdmin: (message = 'User not allowed') => new AuthError(403, 'not_admin', message),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  samePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  passwordTooLong: () =>
    new AuthError(400, 'validation_failed', 'Password cannot be longer than 72 characters'),
  emailRateLimit: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  badJson: (detail: string) =>
    new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
  unexpected: (message = 'Unexpected failure, please check server logs for more information') =>
    new AuthError(500, 'unexpected_failure', message),
}
