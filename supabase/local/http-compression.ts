import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

/**
 * Content-coding for API answers, as a hosted project's gateway does: JSON (and CSV) bodies over about a
 * kilobyte leave gzipped when the client accepts it. A product list or an admin report shrinks four to
 * eight times, which is what a shopper on a metered 3G plan pays for.
 */

export type Encoding = 'br' | 'gzip'

const gzipAsync = promisify(gzip)

/** Below this, gzip's header and the extra work cost more than they save. */
export const COMPRESS_MIN_BYTES = 1024

const COMPRESSIBLE_TYPE = /^(application\/([\w.+-]*\+)?json|application\/json|text\/csv)\b/i

/** The best coding the client accepts among `offered` (in preference order), honouring q-values. */
export function chooseEncoding(
  acceptEncoding: string | null | undefined,
  offered: readonly Encoding[] = ['br', 'gzip'],
): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    weights.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0
  return offered.find((encoding) => weight(encoding) > 0)
}

/** Adds `Accept-Encoding` to a Vary header without repeating it. */
export function varyOnEncoding(vary: string | null): string {
  const names = (vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  if (names.some((n) => n === '*' || n.toLowerCase() === 'accept-encoding')) return names.join(', ')
  return [...names, 'Accept-Encoding'].join(', ')
}

/**
 * Gzips a JSON or CSV answer (quick level: these are built per request) when the client accepts gzip and
 * the body is over a kilobyte. Answers that already carry a content-coding (the cached catalogue), have
 * no body (HEAD, 204, 304) or are of another type pass through untouched.
 */
export async function compressApiResponse(
  response: Response,
  acceptEncoding: string | null | undefined,
  method: string,
): Promise<Response> {
  if (method === 'HEAD' || !response.body) return response
  if (response.headers.has('content-encoding')) return response
  if (!COMPRESSIBLE_TYPE.test(response.headers.get('content-type') ?? '')) return response
  const length = Number(response.headers.get('content-length') ?? NaN)
  if (length <= COMPRESS_MIN_BYTES) return response
  const vary = varyOnEncoding(response.headers.get('vary'))
  const accepts = chooseEncoding(acceptEncoding, ['gzip']) === 'gzip'
  const body = Buffer.from(await response.arrayBuffer())
  const headers = new Headers(response.headers)
  const rebuilt = (payload: Buffer) =>
    new Response(payload as unknown as Uint8Array<ArrayBuffer>, {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  if (body.length <= COMPRESS_MIN_BYTES) return rebuilt(body)
  // Whether or not this client got gzip, caches must know the answer depends on Accept-Encoding.
  headers.set('vary', vary)
  if (!accepts) return rebuilt(body)
  const zipped = await gzipAsync(body, { level: 1 })
  headers.set('content-encoding', 'gzip')
  headers.set('content-length', String(zipped.length))
  return rebuilt(zipped)
}
