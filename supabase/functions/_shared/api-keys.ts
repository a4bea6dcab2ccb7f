/**
 * The project's API keys as the edge runtime hands them to a function: the publishable and secret keys
 * (`SUPABASE_PUBLISHABLE_KEYS` / `SUPABASE_SECRET_KEYS`, JSON objects of name → key, or the singular
 * `SUPABASE_PUBLISHABLE_KEY` / `SUPABASE_SECRET_KEY`) and the legacy JWT keys (`SUPABASE_ANON_KEY`,
 * `SUPABASE_SERVICE_ROLE_KEY`). Both kinds work side by side until the legacy ones are switched off.
 *
 * The platform's `verify_jwt` only understands JWTs and refuses the new keys, so the functions that
 * shoppers call switch it off (config.toml) and check the caller's key here instead.
 */
export type EnvReader = (name: string) => string | undefined

export interface ProjectKeys {
  /** Publishable keys, then the legacy anon key: safe in a browser, RLS applies. */
  publishable: string[]
  /** Secret keys, then the legacy service-role key: server only, bypasses RLS. */
  secret: string[]
}

function keyList(env: EnvReader, plural: string, singular: string): string[] {
  const keys: string[] = []
  const raw = env(plural)?.trim()
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as unknown
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const value of Object.values(parsed as Record<string, unknown>)) {
          if (typeof value === 'string' && value) keys.push(value)
        }
      }
    } catch {
      console.error(`[api-keys] ${plural} is not a JSON object of keys; ignored`)
    }
  }
  const single = env(singular)?.trim()
  if (single) keys.push(single)
  return keys
}

export function projectKeys(env: EnvReader): ProjectKeys {
  const anon = env('SUPABASE_ANON_KEY')?.trim()
  const serviceRole = env('SUPABASE_SERVICE_ROLE_KEY')?.trim()
  return {
    publishable: [
      ...keyList(env, 'SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_PUBLISHABLE_KEY'),
      ...(anon ? [anon] : []),
    ],
    secret: [
      ...keyList(env, 'SUPABASE_SECRET_KEYS', 'SUPABASE_SECRET_KEY'),
      ...(serviceRole ? [serviceRole] : []),
    ],
  }
}

/** The key a function's own server-side calls use: a secret key, else the legacy service-role key. */
export function serverKey(env: EnvReader): string | undefined {
  return projectKeys(env).secret[0]
}

/** The key for public reads (the catalogue): a publishable key, else the legacy anon key. */
export function publicKey(env: EnvReader): string | undefined {
  return projectKeys(env).publishable[0]
}

/** Compares in time that does not depend on where two strings first differ. */
function sameKey(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a)
  const y = new TextEncoder().encode(b)
  let diff = x.length ^ y.length
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0)
  return diff === 0
}

/**
 * Which of the project's keys the caller presents: in `apikey` (supabase-js always sends it, beside a
 * signed-in user's session in `Authorization`), or as the Bearer token itself. Null when neither is one
 * of the project's keys: the function then answers 401.
 */
export function callerKey(req: Request, keys: ProjectKeys): 'publishable' | 'secret' | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]
  const offered = [req.headers.get('apikey')?.trim(), bearer].filter((k): k is string => !!k)
  for (const key of offered) {
    if (keys.secret.some((known) => sameKey(key, known))) return 'secret'
    if (keys.publishable.some((known) => sameKey(key, known))) return 'publishable'
  }
  return null
}
