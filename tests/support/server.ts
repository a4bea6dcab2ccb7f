/**
 * The whole local server in-process, on a free port, over a fresh in-memory database (migrated and seeded
 * from the cached template, about a second). Tests drive it with supabase-js itself.
 */
import { randomBytes } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { followSessionInRealtime } from '../../src/lib/realtime-session'
import type { AuthSettings } from '../../supabase/local/auth/settings'
import { createLocalServer, type LocalServer } from '../../supabase/local/gateway'
import { freshDb, type FreshDbOptions } from './test-db'

export interface TestServerOptions {
  /** Auth settings (e.g. `{ mailerAutoconfirm: false }` or a tight `signInRateLimit`). */
  auth?: Partial<AuthSettings>
  /** Built app to serve; default none (API only). */
  distDir?: string | null
  functionsDir?: string
  configFile?: string
  database?: FreshDbOptions
  /** Create the local staff accounts (default false). */
  seedStaff?: boolean
  /** bcrypt cost; default 4 (real bcrypt, ~1 ms instead of ~80 ms per hash: keeps suites fast). */
  bcryptCost?: number
}

export interface TestServer {
  url: string
  anonKey: string
  serviceRoleKey: string
  jwtSecret: string
  server: LocalServer
  /** A supabase-js client as the browser app makes it (anon key, no persisted session). */
  client(options?: { accessToken?: string }): SupabaseClient
  /** A supabase-js client with the service-role key (bypasses RLS; admin auth API). */
  admin(): SupabaseClient
  /** Signs up a confirmed user (through the admin API) and returns a signed-in client. */
  signUpUser(
    email?: string,
    password?: string,
    data?: Record<string, unknown>,
  ): Promise<{ client: SupabaseClient; userId: string; email: string; password: string }>
  close(): Promise<void>
}

let counter = 0
/** A unique address per call, so tests sharing a server never collide (test files share a process). */
export const uniqueEmail = (prefix = 'shopper') =>
  `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}-${++counter}@example.com`

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const db = await freshDb(options.database)
  const server = await createLocalServer({
    db,
    port: 0,
    distDir: options.distDir ?? null,
    functionsDir: options.functionsDir,
    configFile: options.configFile,
    auth: options.auth,
    seedStaff: options.seedStaff ?? false,
    bcryptCost: options.bcryptCost ?? 4,
    // Demo keys and default settings, whatever the developer's shell exports.
    env: {},
    log: () => {},
  })
  const { anonKey, serviceRoleKey, jwtSecret } = server.keys

  const make = (key: string, accessToken?: string) => {
    const client = createClient(server.url, key, {
      // Node 20 has no global WebSocket; supabase-js needs one to construct its realtime client.
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
    })
    // As the app's client: realtime follows the session (the aal2 token after a second step).
    followSessionInRealtime(client)
    return client
  }

  return {
    url: server.url,
    anonKey,
    serviceRoleKey,
    jwtSecret,
    server,
    client: (opts = {}) => make(anonKey, opts.accessToken),
    admin: () => make(serviceRoleKey),
    async signUpUser(email = uniqueEmail(), password = 'secret-pass-1', data = {}) {
      const { data: created, error } = await make(serviceRoleKey).auth.admin.createUser({
        email,
        password,
        email_confirm: true,
        user_metadata: data,
      })
      if (error || !created.user) throw error ?? new Error('createUser returned no user')
      const client = make(anonKey)
      const signIn = await client.auth.signInWithPassword({ email, password })
      if (signIn.error) throw signIn.error
      return { client, userId: created.user.id, email, password }
    },
    close: () => server.close(),
  }
}
