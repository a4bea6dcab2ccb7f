/**
 * A small loopback HTTP server in front of the REST handler, so tests drive it with supabase-js itself
 * over real HTTP. It checks the apikey like the gateway does and converts Node's request/response to
 * the Fetch API the handler speaks.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { LocalDb } from '../../supabase/local/db'
import { createJwtTools, type JwtClaims } from '../../supabase/local/jwt'
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import { createRestHandler, type RestDeps, type RestHandler } from '../../supabase/local/rest'

export interface RestServer {
  url: string
  anonKey: string
  serviceRoleKey: string
  handler: RestHandler
  /** A client as the app makes it (anon key, no persisted session). */
  client(accessToken?: string): SupabaseClient
  /** Signs an access token like GoTrue's for a user id. */
  userToken(sub: string, extra?: JwtClaims): Promise<string>
  sign(claims: JwtClaims): Promise<string>
  close(): Promise<void>
}

async function toRequest(req: IncomingMessage, base: string): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x))
    else if (v !== undefined) headers.set(k, v)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  })
}

async function send(res: ServerResponse, response: Response) {
  const headers: Record<string, string> = {}
  response.headers.forEach((v, k) => (headers[k] = v))
  res.writeHead(response.status, headers)
  res.end(Buffer.from(await response.arrayBuffer()))
}

/** `settings`: the REST server's own settings beside the database (max rows, schemas, switches). */
export async function startRestServer(
  db: LocalDb,
  settings: Partial<Omit<RestDeps, 'db' | 'verifyJwt'>> = {},
): Promise<RestServer> {
  const jwt = createJwtTools(DEMO_JWT_SECRET)
  const handler = createRestHandler({ ...settings, db, verifyJwt: jwt.verify })
  const keys = new Set([DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY])
  let base = ''
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', base)
        const apikey = req.headers.apikey ?? url.searchParams.get('apikey')
        if (!apikey) {
          res.writeHead(401, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ message: 'No API key found in request' }))
          return
        }
        if (!keys.has(String(apikey))) {
          res.writeHead(401, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ message: 'Invalid API key' }))
          return
        }
        if (!url.pathname.startsWith('/rest/v1')) {
          res.writeHead(404).end()
          return
        }
        await send(res, await handler(await toRequest(req, base)))
      } catch (error) {
        res.writeHead(500).end(String(error))
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const sign = (claims: JwtClaims) => jwt.sign(claims)
  return {
    url: base,
    anonKey: DEMO_ANON_KEY,
    serviceRoleKey: DEMO_SERVICE_ROLE_KEY,
    handler,
    client(accessToken?: string) {
      return createClient(base, DEMO_ANON_KEY, {
        realtime: { transport: WebSocket as never },
        auth: { persistSession: false, autoRefreshToken: false },
        ...(accessToken ? { accessToken: async () => accessToken } : {}),
      })
    },
    sign,
    userToken(sub, extra = {}) {
      const now = Math.floor(Date.now() / 1000)
      return sign({
        iss: `${base}/auth/v1`,
        sub,
        aud: 'authenticated',
        role: 'authenticated',
        iat: now,
        exp: now + 3600,
        email: `${sub.slice(0, 8)}@example.test`,
        phone: '',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: {},
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: now }],
        session_id: '00000000-0000-4000-8000-000000000000',
        is_anonymous: false,
        ...extra,
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface RestEnv {
  db: LocalDb
  server: RestServer
  anon: SupabaseClient
  service: SupabaseClient
  /** Raw request with the anon key (or a given Bearer token), for wire-level checks. */
  raw(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>
  close(): Promise<void>
}

/** A database with the given schema installed, the REST server in front of it, and clients. */
export async function startRestEnv(db: LocalDb, install: (db: LocalDb) => Promise<void>) {
  await install(db)
  const server = await startRestServer(db)
  const service = createClient(server.url, server.serviceRoleKey, {
    realtime: { transport: WebSocket as never },
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const env: RestEnv = {
    db,
    server,
    anon: server.client(),
    service,
    raw(path, init = {}) {
      const headers = new Headers(init.headers)
      headers.set('apikey', server.anonKey)
      if (!headers.has('authorization') && init.token !== null) {
        headers.set('authorization', `Bearer ${init.token ?? server.anonKey}`)
      }
      return fetch(`${server.url}/rest/v1${path}`, { ...init, headers })
    },
    async close() {
      await server.close()
      await db.close()
    },
  }
  return env
}
