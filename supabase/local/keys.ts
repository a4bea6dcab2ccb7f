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

export interface LocalKeys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
}

/** Keys from `JWT_SECRET`, `ANON_KEY`, `SERVICE_ROLE_KEY`, falling back to the CLI demo values. */
export function loadKeys(env: NodeJS.ProcessEnv = process.env): LocalKeys {
  const jwtSecret = env.JWT_SECRET || DEMO_JWT_SECRET
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long')
  return {
    jwtSecret,
    anonKey: env.ANON_KEY || DEMO_ANON_KEY,
    serviceRoleKey: env.SERVICE_ROLE_KEY || DEMO_SERVICE_ROLE_KEY,
  }
}
