import { createReadStream } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { LocalDb, Transaction } from '../db'
import type { JwtTools } from '../jwt'
import type { BlobStore } from './blobs'
import { handleBucketRoute } from './buckets'
import { ERRORS, fromDbError, StorageError } from './errors'
import { handleObjectRoute } from './object-routes'

/**
 * The Storage API (`/storage/v1`) as supabase-js's storage client speaks it: buckets, objects, signed
 * URLs and image rendering. Metadata lives in `storage.buckets` / `storage.objects`, and every call a
 * caller makes runs under the caller's role and JWT claims, so the RLS policies on those tables decide
 * who may read, write, move or delete, exactly as on hosted. Public objects and signed URLs are read
 * with the server's own rights once the bucket's flag or the token's signature allows it.
 */
export interface StorageDeps {
  db: LocalDb
  jwt: JwtTools
  now: () => number
  blobs: BlobStore
  /** The project-wide upload limit in bytes (hosted's default is 50 MB). */
  fileSizeLimit: number
}

export interface Caller {
  role: string
  claims: Record<string, unknown>
}

export interface StorageRequest {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  method: string
  head: boolean
  /** Path segments after `/storage/v1`, decoded. */
  segments: string[]
  deps: StorageDeps
  cors: Record<string, string>
  /** The caller from the Bearer token; throws Storage's AccessDenied when it is invalid. */
  caller(): Promise<Caller>
  asCaller<T>(fn: (tx: Transaction) => Promise<T>, readOnly?: boolean): Promise<T>
  /** The server's own rights, for public buckets and signed URLs. */
  asServer<T>(fn: (tx: Transaction) => Promise<T>, readOnly?: boolean): Promise<T>
  json(status: number, body: unknown, headers?: Record<string, string>): void
}

export interface StorageHandler {
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    cors: Record<string, string>,
  ): Promise<void>
}

export function createStorageHandler(deps: StorageDeps): StorageHandler {
  return {
    async handle(req, res, url, cors) {
      const method = req.method ?? 'GET'
      let segments: string[]
      try {
        segments = url.pathname
          .slice('/storage/v1'.length)
          .split('/')
          .slice(1)
          .map((s) => decodeURIComponent(s))
      } catch {
        return sendError(res, cors, ERRORS.invalidKey(url.pathname))
      }

      let caller: Promise<Caller> | undefined
      const run = async <T>(
        who: Caller,
        readOnly: boolean,
        fn: (tx: Transaction) => Promise<T>,
      ): Promise<T> => {
        try {
          return await deps.db.withRequest(
            {
              role: who.role,
              claims: who.claims,
              method,
              path: url.pathname,
              headers: {},
            },
            { readOnly },
            fn,
          )
        } catch (error) {
          throw fromDbError(error)
        }
      }
      const request: StorageRequest = {
        req,
        res,
        url,
        method,
        head: method === 'HEAD',
        segments,
        deps,
        cors,
        caller: () => (caller ??= authenticate(req, deps)),
        asCaller: async (fn, readOnly = false) => run(await request.caller(), readOnly, fn),
        asServer: (fn, readOnly = false) =>
          run({ role: 'service_role', claims: { role: 'service_role' } }, readOnly, fn),
        json: (status, body, headers = {}) => {
          const text = JSON.stringify(body)
          res.writeHead(status, {
            ...cors,
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(text),
            ...headers,
          })
          res.end(method === 'HEAD' ? undefined : text)
        },
      }

      try {
        const handled =
          segments[0] === 'bucket'
            ? await handleBucketRoute(request)
            : segments[0] === 'object' || segments[0] === 'render'
              ? await handleObjectRoute(request)
              : false
        if (!handled) {
          request.json(404, {
            statusCode: '404',
            code: 'not_found',
            error: 'Not Found',
            message: `Route ${method}:${url.pathname} not found`,
          })
        }
      } catch (error) {
        if (!(error instanceof StorageError)) console.error('[storage] request failed:', error)
        sendError(res, cors, error instanceof StorageError ? error : ERRORS.internal())
      }
    },
  }
}

function sendError(res: ServerResponse, cors: Record<string, string>, error: StorageError) {
  if (res.headersSent) {
    res.destroy()
    return
  }
  const text = JSON.stringify(error.render())
  res.writeHead(error.httpStatus, {
    ...cors,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  })
  res.end(text)
}

async function authenticate(req: IncomingMessage, deps: StorageDeps): Promise<Caller> {
  const header = String(req.headers.authorization ?? '')
  const token = header.replace(/^bearer\s+/i, '').trim()
  if (!token) throw ERRORS.accessDenied('No authorization header was provided')
  try {
    const claims = await deps.jwt.verify(token)
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon'
    return { role, claims }
  } catch (error) {
    throw ERRORS.accessDenied(jwtMessage(error))
  }
}

/** jose's words, which hosted Storage passes on. */
export function jwtMessage(error: unknown): string {
  const reason = (error as { reason?: string }).reason
  if (reason === 'expired') return '"exp" claim timestamp check failed'
  if (reason === 'invalid_signature') return 'signature verification failed'
  return (error as Error)?.message || 'Invalid JWT'
}

export interface StoredObject {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  version: string
  metadata: {
    eTag?: string
    size?: number
    mimetype?: string
    cacheControl?: string
    lastModified?: string
  } | null
  user_metadata: Record<string, unknown> | null
  created_at: string
  updated_at: string
  last_accessed_at: string
}

/** Streams an object's bytes with the headers hosted sends (type, length, cache, ETag, dates). */
export async function sendObject(
  r: StorageRequest,
  object: StoredObject,
  extra: Record<string, string> = {},
) {
  const meta = object.metadata ?? {}
  const size = await r.deps.blobs.size(object.version)
  if (size === null) throw ERRORS.noSuchKey()
  const headers: Record<string, string | number> = {
    ...r.cors,
    'content-type': meta.mimetype ?? 'application/octet-stream',
    'content-length': size,
    'cache-control': meta.cacheControl ?? 'no-cache',
    etag: meta.eTag ?? `"${object.version}"`,
    'last-modified': new Date(meta.lastModified ?? object.updated_at).toUTCString(),
    'accept-ranges': 'none',
    ...extra,
  }
  const download = r.url.searchParams.get('download')
  if (download !== null) {
    const name = download || object.name.split('/').pop() || 'download'
    headers['content-disposition'] = `attachment; filename="${encodeURIComponent(name)}"`
  }
  if (r.req.headers['if-none-match'] && r.req.headers['if-none-match'] === headers.etag) {
    r.res.writeHead(304, headers).end()
    return
  }
  r.res.writeHead(200, headers)
  if (r.head) {
    r.res.end()
    return
  }
  await pipeline(createReadStream(r.deps.blobs.file(object.version)), r.res)
}
