import { createHmac } from 'node:crypto'

/**
 * The local server's signing secret and API keys. The defaults are the Supabase CLI's public demo values,
 * so tools that know the CLI (and the app's built-in local anon key) work unchanged. They are public by
 * design: never use them for a hosted project, and never ship the service-role key to a browser.
 */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

export const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

/** The Supabase CLI's fixed local publishable and secret keys (not JWTs), as public as the ones above. */
export const DEMO_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const DEMO_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

export interface LocalKeys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  /** `sb_publishable_…`: acts as anon. */
  publishableKey: string
  /** `sb_secret_…`: acts as service_role. */
  secretKey: string
}

/** An API key (HS256 JWT) for a role, made synchronously: key set-up runs before anything async. */
export function signApiKey(role: string, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase-demo', role, exp: 1983812996 })}`
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`
}

/**
 * Keys from `JWT_SECRET`, `ANON_KEY`, `SERVICE_ROLE_KEY`, `PUBLISHABLE_KEY`, `SECRET_KEY`, falling back to the CLI demo values. With only
 * a custom secret, the anon and service-role keys are signed with it (the demo ones would not verify).
 */
export function loadKeys(env: NodeJS.ProcessEnv = process.env): LocalKeys {
  const jwtSecret = env.JWT_SECRET || DEMO_JWT_SECRET
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long')
  const demo = jwtSecret === DEMO_JWT_SECRET
  return {
    jwtSecret,
    anonKey: env.ANON_KEY || (demo ? DEMO_ANON_KEY : signApiKey('anon', jwtSecret)),
    serviceRoleKey:
      env.SERVICE_ROLE_KEY ||
      (demo ? DEMO_SERVICE_ROLE_KEY : signApiKey('service_role', jwtSecret)),
    publishableKey: env.PUBLISHABLE_KEY || DEMO_PUBLISHABLE_KEY,
    secretKey: env.SECRET_KEY || DEMO_SECRET_KEY,
  }
}

/**
 * Said at start when tokens are signed with the CLI's public demo secret: anyone can then forge a
 * service-role token, so such a server must never hold real shoppers' data.
 */
export function demoSecretWarning(keys: Pick<LocalKeys, 'jwtSecret'>): string | undefined {
  if (keys.jwtSecret !== DEMO_JWT_SECRET) return undefined
  return (
    "WARNING: tokens are signed with the Supabase CLI's public demo JWT secret. Anyone can forge an " +
    'admin (service-role) token for this server. Fine for local development; for anything reachable ' +
    'by others set JWT_SECRET (32+ random characters).'
  )
}
