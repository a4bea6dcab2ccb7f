/**
 * Answers for the payment functions. They are called from the browser, so every answer carries CORS
 * headers and preflights are answered here (the hosted edge runtime adds none).
 */
export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
} as const

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8' },
  })
}

export function preflight(): Response {
  return new Response(null, { status: 204, headers: corsHeaders })
}

/** A refusal the shopper can act on: `{ code, message, field? }` with an HTTP status. */
export class PaymentError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = 'PaymentError'
  }
}

export function errorResponse(error: PaymentError): Response {
  return json(error.status, {
    code: error.code,
    message: error.message,
    ...(error.field ? { field: error.field } : {}),
  })
}

const MAX_BODY_BYTES = 16 * 1024

/** The request's JSON object body, or a 400 for anything else (junk, arrays, huge bodies). */
export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  const raw = await req.text()
  if (raw.length > MAX_BODY_BYTES) {
    throw new PaymentError(413, 'body_too_large', 'The request is too large.')
  }
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    throw new PaymentError(400, 'invalid_json', 'The request body must be JSON.')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PaymentError(400, 'invalid_request', 'The request body must be a JSON object.')
  }
  return body as Record<string, unknown>
}

/** Compares secrets without leaking how many leading characters matched. */
export function safeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a)
  const right = new TextEncoder().encode(b)
  let diff = left.length ^ right.length
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    diff |= (left[i] ?? 0) ^ (right[i] ?? 0)
  }
  return diff === 0
}
