/**
 * The gateway's HTTP glue, the part Kong plays in front of the services: the API prefixes, CORS
 * answers, the API-key check, and the passage between Node's request/response and the fetch
 * `Request`/`Response` the services speak.
 */
import { once } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'

export const API_PREFIXES = [
  '/auth/v1',
  '/rest/v1',
  '/functions/v1',
  '/storage/v1',
  '/realtime/v1',
] as const
/** Opened from email links, which carry no headers. */
export const OPEN_AUTH_ROUTES = new Set([
  '/auth/v1/verify',
  '/auth/v1/callback',
  '/auth/v1/authorize',
])
const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Content-Profile',
  'ETag',
  'Location',
  'Preference-Applied',
  'Range-Unit',
  'Proxy-Status',
  'Retry-After',
  'X-Supabase-Api-Version',
  'x-relay-error',
  'x-sb-error-code',
  'X-Total-Count',
  'Link',
].join(', ')
const MAX_BODY_BYTES = 10 * 1024 * 1024

export function corsHeaders(): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
  }
}

export function preflightHeaders(req: IncomingMessage): Record<string, string> {
  const requested = req.headers['access-control-request-headers']
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers':
      requested ||
      'authorization, apikey, x-client-info, content-type, accept, accept-profile, content-profile, prefer, range, range-unit, x-supabase-api-version, x-retry-count, x-region, traceparent, tracestate, baggage',
    'access-control-max-age': '86400',
    vary: 'Access-Control-Request-Headers',
  }
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  if (req.method === 'GET' || req.method === 'HEAD') return null
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) {
    throw Object.assign(new Error('body too large'), { status: 413 })
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('body too large'), { status: 413 })
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

export async function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  const body = await readBody(req)
  // Functions see a client that went away through `req.signal`, as on Deno.
  const controller = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    // A Buffer is a Uint8Array; DOM typings only want ArrayBuffer-backed views.
    body: body ? (body as unknown as Uint8Array<ArrayBuffer>) : null,
    signal: controller.signal,
  })
}

export async function sendFetchResponse(
  res: ServerResponse,
  response: Response,
  extraHeaders: Record<string, string>,
  head: boolean,
) {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return
    headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  Object.assign(headers, extraHeaders)
  res.writeHead(response.status, headers)
  if (!response.body || head) {
    res.end()
    if (response.body) await response.body.cancel().catch(() => {})
    return
  }
  // Streamed (event streams from functions): stop reading when the client goes away.
  const reader = response.body.getReader()
  const gone = new Promise<void>((resolve) => res.once('close', resolve))
  void gone.then(() => reader.cancel().catch(() => {}))
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done || res.destroyed) break
      if (!res.write(value)) await Promise.race([once(res, 'drain'), gone])
    }
  } finally {
    res.end()
  }
}

/**
 * The gateway's key check: every API request names a known key in `apikey` (header or query), as Kong
 * asks. Returns the refusal, or null when the key is known.
 */
export function apiKeyRefusal(apikey: unknown, knownKeys: Set<string>): Response | null {
  if (!apikey) {
    return json(401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    })
  }
  if (!knownKeys.has(String(apikey))) {
    return json(401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    })
  }
  return null
}
