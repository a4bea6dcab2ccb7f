import { createAdminUserEndpoints } from './admin-users'
import {
  createAuthContext,
  tokenHash,
  type AuthServiceOptions,
  type ClientInfo,
  type CreateUserInput,
} from './context'
import {
  API_VERSION,
  AuthError,
  OAuthError,
  authErrorResponse,
  errors,
  oauthErrorResponse,
} from './errors'
import { createInvitationEndpoints } from './invitations'
import { createMfaEndpoints } from './mfa'
import { MFA_SCHEMA } from './mfa-factors'
import { createOtpEndpoints } from './otp'
import { FLOW_STATE_SCHEMA } from './pkce'
import { createSignupEndpoint } from './signup'
import { createTokenEndpoints } from './token'
import { createUserEndpoints } from './user'
import { AUTH_SCHEMA_ADDITIONS } from './users'
import { createVerifyEndpoints } from './verify'

/**
 * A GoTrue-compatible auth service for `/auth/v1`: what supabase-js 2.x calls for email and password
 * accounts (sign-up, sign-in, refresh with rotation, user read and update, sign-out scopes, recovery and
 * email OTPs/links, second factors) plus the admin user API for the service role. Emails go to the dev
 * inbox. This file only routes: each endpoint (or small group) has its own file beside it, sharing
 * one context (`context.ts`), as GoTrue's API package is laid out.
 */
export type { AuthServiceOptions, ClientInfo, CreateUserInput } from './context'
export { tokenHash } from './context'

export interface AuthService {
  /** Adds the auth tables GoTrue owns that the database bootstrap leaves out. */
  ensureSchema(): Promise<void>
  /** `req.url` must be the full URL with the `/auth/v1` prefix. */
  handle(req: Request, client: ClientInfo): Promise<Response>
  createUser(input: CreateUserInput): Promise<string>
}

export function createAuthService(options: AuthServiceOptions): AuthService {
  const ctx = createAuthContext(options)
  const { db, now, settings, requestLimiter, reauthentication, requireUser } = ctx
  const { signup } = createSignupEndpoint(ctx)
  const { passwordGrant, refreshGrant, pkceGrant } = createTokenEndpoints(ctx)
  const { getUser, updateUser, logout } = createUserEndpoints(ctx)
  const { recover, otp, resend } = createOtpEndpoints(ctx)
  const { verifyPost, verifyGet } = createVerifyEndpoints(ctx)
  const { createUser, admin } = createAdminUserEndpoints(ctx)
  const { hasher, readBody, requireAdmin, validateEmail, checkPassword, redirectTarget } = ctx
  const { emailLink, sendEmail, issueSession } = ctx

  const invitations = createInvitationEndpoints({
    db,
    hasher,
    now,
    readBody,
    requireAdmin,
    validateEmail,
    checkPassword,
    redirectTarget,
    emailLink,
    sendEmail,
    tokenHash,
  })

  const mfa = createMfaEndpoints({
    db,
    now,
    settings,
    readBody,
    requireUser,
    requireAdmin,
    issueSession,
  })

  // ---------------------------------------------------------------------------------------------
  // Router

  async function route(req: Request, url: URL, client: ClientInfo): Promise<Response> {
    const path = url.pathname.replace(/^\/auth\/v1/, '').replace(/\/+$/, '') || '/'
    const method = req.method
    const s = settings()
    requestLimiter.take(path, method, client.ip)
    if (path === '/health' && method === 'GET') {
      return Response.json({
        version: 'local',
        name: 'GoTrue',
        description: 'GoTrue-compatible auth of the local Supabase server',
      })
    }
    if (path === '/settings' && method === 'GET') {
      return Response.json({
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: s.disableSignup,
        mailer_autoconfirm: s.mailerAutoconfirm,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
        anonymous_users: false,
      })
    }
    if (path === '/.well-known/jwks.json' && method === 'GET') {
      // HS256 keys are secret: nothing to publish (auth-js then checks tokens with GET /user).
      return Response.json({ keys: [] })
    }
    if (path === '/signup' && method === 'POST') return signup(req, url, client)
    if (path === '/token' && method === 'POST') {
      const grant = url.searchParams.get('grant_type')
      if (grant === 'password') return passwordGrant(req, client)
      if (grant === 'refresh_token') return refreshGrant(req)
      if (grant === 'pkce') return pkceGrant(req, client)
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
    }
    if (path === '/user' && method === 'GET') return getUser(req)
    if (path === '/user' && method === 'PUT') return updateUser(req, url)
    if (path === '/reauthenticate' && method === 'GET') {
      return reauthentication.send((await requireUser(req)).user)
    }
    if (path === '/logout' && method === 'POST') return logout(req, url)
    if (path === '/recover' && method === 'POST') return recover(req, url)
    if (path === '/otp' && method === 'POST') return otp(req, url)
    if (path === '/magiclink' && method === 'POST') return otp(req, url)
    if (path === '/resend' && method === 'POST') return resend(req, url)
    if (path === '/verify' && method === 'POST') return verifyPost(req, client)
    if (path === '/verify' && method === 'GET') return verifyGet(url, client)
    if (path === '/authorize' || path === '/callback' || path === '/user/identities/authorize') {
      throw errors.validation('Unsupported provider: provider is not enabled')
    }
    const mfaAnswer = await mfa.route(req, path, client.ip)
    if (mfaAnswer) return mfaAnswer
    if (path === '/invite' && method === 'POST') return invitations.invite(req, url)
    if (path === '/admin/generate_link' && method === 'POST') return invitations.generateLink(req)
    if (path.startsWith('/admin/')) return admin(req, url, path)
    throw errors.notFound()
  }

  return {
    async ensureSchema() {
      await db.pg.exec(AUTH_SCHEMA_ADDITIONS)
      await db.pg.exec(FLOW_STATE_SCHEMA)
      await db.pg.exec(MFA_SCHEMA)
    },
    async handle(req, client) {
      const url = new URL(req.url)
      const legacy = !req.headers.get('x-supabase-api-version')
      let response: Response
      try {
        response = await route(req, url, client)
      } catch (error) {
        if (error instanceof AuthError) response = authErrorResponse(error, legacy)
        else if (error instanceof OAuthError) response = oauthErrorResponse(error)
        else {
          console.error('[auth] unexpected error:', error)
          response = authErrorResponse(errors.unexpected(), legacy)
        }
      }
      response.headers.set('x-supabase-api-version', API_VERSION)
      return response
    },
    createUser,
  }
}
