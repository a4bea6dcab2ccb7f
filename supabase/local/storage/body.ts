import type { IncomingMessage } from 'node:http'
import { ERRORS } from './errors'

/** Past this, a refused upload is no longer read to its end: the connection is cut instead. */
const DRAIN_LIMIT = 64 * 1024 * 1024
/** Room for the boundaries and fields of a multipart upload around its file. */
const MULTIPART_OVERHEAD = 64 * 1024

export interface UploadedFile {
  bytes: Uint8Array
  mimeType: string
  cacheControl: string
  userMetadata?: Record<string, unknown>
}

/**
 * Reads a request body up to `limit` bytes. A longer body is read to its end and thrown away (so the
 * refusal reaches the client and the connection stays usable), unless it is huge.
 */
export async function readBody(
  req: IncomingMessage,
  limit: number,
): Promise<{ bytes: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = []
  let size = 0
  let tooLarge = false
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) {
      tooLarge = true
      chunks.length = 0
      if (size > DRAIN_LIMIT) {
        req.destroy()
        break
      }
      continue
    }
    chunks.push(chunk as Buffer)
  }
  return { bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge }
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const { bytes, tooLarge } = await readBody(req, 1024 * 1024)
  if (tooLarge) throw ERRORS.entityTooLarge('request body')
  if (bytes.length === 0) return {}
  try {
    const value = JSON.parse(bytes.toString('utf8')) as unknown
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>
    }
  } catch {
    // answered below
  }
  throw ERRORS.invalidRequest('Body is not valid JSON')
}

/**
 * An upload as supabase-js sends it: multipart form data (a Blob or File, with `cacheControl` and
 * optional `metadata` fields), or the raw bytes with `content-type` and `cache-control` headers.
 * Size is checked against `maxBytes` before anything is kept.
 */
export async function readUpload(req: IncomingMessage, maxBytes: number): Promise<UploadedFile> {
  const contentType = String(req.headers['content-type'] ?? '')
  const multipart = contentType.toLowerCase().startsWith('multipart/form-data')
  const { bytes, tooLarge } = await readBody(req, maxBytes + (multipart ? MULTIPART_OVERHEAD : 0))
  if (tooLarge) throw ERRORS.entityTooLarge()

  if (!multipart) {
    if (bytes.length > maxBytes) throw ERRORS.entityTooLarge()
    const cacheControl = String(req.headers['cache-control'] ?? '') || 'no-cache'
    return {
      bytes,
      mimeType: contentType || 'text/plain;charset=UTF-8',
      cacheControl,
      userMetadata: decodeMetadataHeader(req.headers['x-metadata']),
    }
  }

  let form: FormData
  try {
    form = await new Response(bytes as unknown as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': contentType },
    }).formData()
  } catch {
    throw ERRORS.invalidRequest('Malformed multipart form data')
  }
  let file: File | null = null
  form.forEach((value) => {
    if (!file && typeof value !== 'string') file = value
  })
  if (!file) throw ERRORS.noContent()
  const blob = file as File
  if (blob.size > maxBytes) throw ERRORS.entityTooLarge()
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const cacheTime = field('cacheControl')
  const metadata = field('metadata') ?? field('userMetadata')
  return {
    bytes: new Uint8Array(await blob.arrayBuffer()),
    mimeType: field('contentType') || blob.type || 'text/plain;charset=UTF-8',
    cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
    userMetadata: metadata ? parseObject(metadata) : undefined,
  }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

function decodeMetadataHeader(header: string | string[] | undefined) {
  if (typeof header !== 'string' || !header) return undefined
  return parseObject(Buffer.from(header, 'base64').toString('utf8'))
}
