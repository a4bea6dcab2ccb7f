import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { readJson } from './body'
import { findBucket } from './buckets'
import { ERRORS } from './errors'
import { jwtMessage, sendObject, type StorageRequest, type StoredObject } from './handler'
import {
  outputFormat,
  parseTransform,
  renderImage,
  transformFromString,
  transformToString,
  variantKey,
  type TransformOptions,
} from './transform'
import { findObject } from './objects'

/** Downloads: public, as the caller, through signed URLs (one or many) and `/render/image`. */
export function info(object: StoredObject) {
  const meta = object.metadata ?? {}
  return {
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: object.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: object.user_metadata ?? {},
    last_modified: meta.lastModified ?? object.updated_at,
    created_at: object.created_at,
  }
}

export async function publicObject(r: StorageRequest, bucketId: string, key: string) {
  const bucket = await findBucket(r, bucketId)
  if (!bucket || !bucket.public) throw ERRORS.noSuchBucket()
  return r.asServer((tx) => findObject(tx, bucketId, key), true)
}

function expiresIn(body: Record<string, unknown>): number {
  const value = body.expiresIn
  if (value === undefined || value === null) throw ERRORS.missingParameter('expiresIn')
  const seconds = Number(value)
  if (!Number.isInteger(seconds) || seconds < 1) throw ERRORS.invalidParameter('expiresIn')
  return seconds
}

async function signToken(
  r: StorageRequest,
  url: string,
  seconds: number,
  transformations?: string,
) {
  const iat = Math.floor(r.deps.now() / 1000)
  return r.deps.jwt.sign({
    url,
    scope: 'download',
    ...(transformations ? { transformations } : {}),
    iat,
    exp: iat + seconds,
  })
}

export async function signOne(r: StorageRequest, bucketId: string, key: string) {
  const body = await readJson(r.req)
  const seconds = expiresIn(body)
  const transform =
    body.transform && typeof body.transform === 'object'
      ? parseTransform((name) => {
          const v = (body.transform as Record<string, unknown>)[name]
          return v === undefined || v === null ? undefined : String(v)
        })
      : {}
  const transformations = transformToString(transform)
  const object = await r.asCaller((tx) => findObject(tx, bucketId, key), true)
  if (!object) throw ERRORS.noSuchKey()
  const url = `${bucketId}/${key}`
  const token = await signToken(r, url, seconds, transformations)
  const path = transformations ? 'render/image' : 'object'
  r.json(200, { signedURL: `/${path}/sign/${url}?token=${token}` })
  return true
}

export async function signMany(r: StorageRequest, bucketId: string) {
  const body = await readJson(r.req)
  const seconds = expiresIn(body)
  const paths = body.paths
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) {
    throw ERRORS.missingParameter('paths')
  }
  const visible = await r.asCaller(async (tx) => {
    const res = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucketId, paths],
    )
    return new Set(res.rows.map((row) => row.name))
  }, true)
  const results = []
  for (const path of paths as string[]) {
    if (visible.has(path)) {
      const url = `${bucketId}/${path}`
      const token = await signToken(r, url, seconds)
      results.push({ error: null, path, signedURL: `/object/sign/${url}?token=${token}` })
    } else {
      results.push({
        error: 'Either the object does not exist or you do not have access to it',
        path,
        signedURL: null,
      })
    }
  }
  r.json(200, results)
  return true
}

/** A signed URL's token: signature, expiry, scope and the very object it names. */
async function verifySigned(r: StorageRequest, bucketId: string, key: string) {
  const token = r.url.searchParams.get('token')
  if (!token) throw ERRORS.missingParameter('token')
  let claims: Record<string, unknown>
  try {
    claims = await r.deps.jwt.verify(token)
  } catch (error) {
    throw ERRORS.invalidJwt(jwtMessage(error))
  }
  // A token without a scope is a download token unless it carries `upsert` (an old upload token).
  if (claims.scope === undefined ? 'upsert' in claims : claims.scope !== 'download') {
    throw ERRORS.invalidSignature('Token is not scoped for download')
  }
  if (claims.url !== `${bucketId}/${key}`) {
    throw ERRORS.invalidSignature('The url do not match the signature')
  }
  const object = await r.asServer((tx) => findObject(tx, bucketId, key), true)
  if (!object) throw ERRORS.noSuchKey()
  return { object, claims }
}

export async function signedDownload(r: StorageRequest, bucketId: string, key: string) {
  const { object, claims } = await verifySigned(r, bucketId, key)
  await sendObject(r, object, { expires: new Date(Number(claims.exp) * 1000).toUTCString() })
  return true
}

export async function render(
  r: StorageRequest,
  mode: 'public' | 'authenticated' | 'sign',
  bucketId: string,
  key: string,
) {
  let object: StoredObject | null
  let options: TransformOptions
  if (mode === 'sign') {
    const signed = await verifySigned(r, bucketId, key)
    object = signed.object
    options = transformFromString(String(signed.claims.transformations ?? ''))
  } else {
    options = parseTransform((name) => r.url.searchParams.get(name))
    object =
      mode === 'public'
        ? await publicObject(r, bucketId, key)
        : await r.asCaller((tx) => findObject(tx, bucketId, key), true)
  }
  if (!object) throw ERRORS.noSuchKey()
  const bucket = await findBucket(r, object.bucket_id)
  const accept = r.req.headers.accept
  const format = outputFormat(options, accept, bucket?.avif_autodetection ?? false)
  const variant = variantKey(options, format)
  const cached = r.deps.blobs.renderFile(object.version, variant)
  let bytes: Uint8Array
  let contentType: string
  if (existsSync(cached) && existsSync(`${cached}.type`)) {
    bytes = await readFile(cached)
    contentType = (await readFile(`${cached}.type`, 'utf8')).trim()
  } else {
    const rendered = await renderImage(r.deps.blobs.file(object.version), options, format)
    bytes = rendered.bytes
    contentType = rendered.contentType
    await r.deps.blobs.saveRender(object.version, variant, bytes, contentType)
  }
  const etag = `"${object.version}-${variant}"`
  const headers: Record<string, string | number> = {
    ...r.cors,
    'content-type': contentType,
    'content-length': bytes.length,
    'cache-control': object.metadata?.cacheControl ?? 'no-cache',
    etag,
    'last-modified': new Date(object.metadata?.lastModified ?? object.updated_at).toUTCString(),
  }
  if (!options.format) headers.vary = 'Accept'
  if (r.req.headers['if-none-match'] === etag) {
    r.res.writeHead(304, headers).end()
    return
  }
  r.res.writeHead(200, headers)
  r.res.end(r.head ? undefined : bytes)
}
