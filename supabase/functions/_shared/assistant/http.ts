/**
 * Answers of the chat-assistant function. The browser calls it from the shop's origin (or another one in
 * development), so every answer carries CORS headers and preflights are answered here: the edge runtime
 * adds none.
 */
export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
} as const

export function json(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...corsHeaders,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...extra,
    },
  })
}

export function errorJson(status: number, error: string, message: string): Response {
  return json(status, { error, message })
}

export function preflight(): Response {
  return new Response(null, { status: 204, headers: corsHeaders })
}
