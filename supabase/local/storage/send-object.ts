/** Sending a stored object's bytes, for downloads, public and signed URLs alike. */
import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { ERRORS } from './errors'
import type { StorageRequest } from './handler'

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
