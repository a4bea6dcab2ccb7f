import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { Transaction } from '../db'
import { readJson, readUpload } from './body'
import { findBucket, isUuid } from './buckets'
import { ERRORS } from './errors'
import { jwtMessage, sendObject, type StorageRequest, type StoredObject } from './handler'
import { mustBeAllowedMimeType, mustBeValidKey } from './keys'
import { listObjects } from './list'
import { handleSignedUpload } from './signed-upload'
import {
  outputFormat,
  parseTransform,
  renderImage,
  transformFromString,
  transformToString,
  variantKey,
  type TransformOptions,
} from './transform'

/**
 * Object routes: upload (POST, with `x-upsert`), update (PUT), download (as the caller, public, or
 * through a signed URL), info, list, move, copy, remove, signed URLs (one or many) and `/render/image`.
 * A refused upload leaves nothing: the bytes are staged outside the store and only placed under their
 * version inside the transaction that inserts the row, which RLS may still refuse.
 */
const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, version, metadata, user_metadata, created_at, updated_at, last_accessed_at'

export async function findObject(
  tx: Transaction,
  bucket: string,
  name: string,
): Promise<StoredObject | null> {
  const res = await tx.query<{ j: string }>(
    `select row_to_json(o)::text as j from (
       select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2) o`,
    [bucket, name],
  )
  const row = res.rows[0]
  return row ? (JSON.parse(row.j) as StoredObject) : null
}

const keyOf = (parts: string[]) => parts.join('/')

export async function handleObjectRoute(r: StorageRequest): Promise<boolean> {
  const s = r.segments
  const read = r.method === 'GET' || r.method === 'HEAD'
  if (s[0] === 'render') {
    if (s[1] !== 'image' || !read || s.length < 5) return false
    const mode = s[2]
    if (mode !== 'public' && mode !== 'authenticated' && mode !== 'sign') return false
    await render(r, mode, s[3]!, keyOf(s.slice(4)))
    return true
  }
  const [, first, second] = s
  if (first === undefined) return false
  if (first === 'upload' && second === 'sign' && s.length >= 5) {
    return handleSignedUpload(r, s[3]!, keyOf(s.slice(4)))
  }
  if (first === 'list' && r.method === 'POST' && s.length === 3) {
    await listObjects(r, second!)
    return true
  }
  if (first === 'move' && r.method === 'POST' && s.length === 2) return moveOrCopy(r, 'move')
  if (first === 'copy' && r.method === 'POST' && s.length === 2) return moveOrCopy(r, 'copy')
  if (first === 'sign' && second !== undefined) {
    if (r.method === 'POST' && s.length === 3) return signMany(r, second)
    if (r.method === 'POST') return signOne(r, second, keyOf(s.slice(3)))
    if (read) return signedDownload(r, second, keyOf(s.slice(3)))
    return false
  }
  if ((first === 'public' || first === 'authenticated') && read && s.length >= 4) {
    const object =
      first === 'public'
        ? await publicObject(r, second!, keyOf(s.slice(3)))
        : await r.asCaller((tx) => findObject(tx, second!, keyOf(s.slice(3))), true)
    if (!object) throw ERRORS.noSuchKey()
    await sendObject(r, object)
    return true
  }
  if (first === 'info' && read && s.length >= 4) {
    const scoped = second === 'public' || second === 'authenticated'
    const bucket = scoped ? s[3]! : second!
    const key = keyOf(s.slice(scoped ? 4 : 3))
    const object =
      second === 'public'
        ? await publicObject(r, bucket, key)
        : await r.asCaller((tx) => findObject(tx, bucket, key), true)
    if (!object) throw ERRORS.noSuchKey()
    r.json(200, info(object))
    return true
  }
  if (s.length === 2 && r.method === 'DELETE') return removeMany(r, first)
  // A key the client's URL parser emptied (`../x` resolved away) is still an invalid key.
  if (s.length === 2 && (r.method === 'POST' || r.method === 'PUT')) mustBeValidKey('')
  if (s.length < 3) return false
  const key = keyOf(s.slice(2))
  if (r.method === 'POST' || r.method === 'PUT') {
    const stored = await upload(
      r,
      first,
      key,
      r.method === 'PUT' ? 'update' : r.req.headers['x-upsert'] === 'true' ? 'upsert' : 'create',
    )
    r.json(200, { Id: stored.id, Key: `${first}/${key}` })
    return true
  }
  if (read) {
    const object = await r.asCaller((tx) => findObject(tx, first, key), true)
    if (!object) throw ERRORS.noSuchKey()
    await sendObject(r, object)
    return true
  }
  if (r.method === 'DELETE') {
    const removed = await remove(r, first, [key])
    if (!removed.length) throw ERRORS.noSuchKey()
    r.json(200, { message: 'Successfully deleted' })
    return true
  }
  return false
}

function info(object: StoredObject) {
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

async function publicObject(r: StorageRequest, bucketId: string, key: string) {
  const bucket = await findBucket(r, bucketId)
  if (!bucket || !bucket.public) throw ERRORS.noSuchBucket()
  return r.asServer((tx) => findObject(tx, bucketId, key), true)
}

/**
 * Stores an upload. As the caller, whose rights RLS decides; or, for a signed upload URL (`signed`),
 * with the server's rights under the owner the URL was signed for. The bucket's limits hold either way.
 */
export async function upload(
  r: StorageRequest,
  bucketId: string,
  key: string,
  mode: 'create' | 'upsert' | 'update',
  signed?: { owner: string | null },
): Promise<{ id: string }> {
  mustBeValidKey(key)
  const bucket = await findBucket(r, bucketId)
  if (!bucket) throw ERRORS.noSuchBucket()
  const sub = signed ? signed.owner : (await r.caller()).claims.sub
  const limit = Math.min(r.deps.fileSizeLimit, bucket.file_size_limit ?? Infinity)
  const file = await readUpload(r.req, limit)
  mustBeAllowedMimeType(file.mimeType, bucket.allowed_mime_types)

  const version = randomUUID()
  const metadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date(r.deps.now()).toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  }
  const staged = await r.deps.blobs.stage(file.bytes)
  let replaced: string | null = null
  let id: string
  try {
    const as = signed ? r.asServer : r.asCaller
    id = await as(async (tx) => {
      const params = [
        bucketId,
        key,
        isUuid(sub) ? sub : null,
        version,
        JSON.stringify(metadata),
        file.userMetadata ? JSON.stringify(file.userMetadata) : null,
      ]
      let rows: { id: string; old: string | null }[]
      if (mode === 'update') {
        const res = await tx.query<{ id: string; old: string | null }>(
          `with old as (select version from storage.objects where bucket_id = $1 and name = $2)
           update storage.objects set owner = $3::uuid, owner_id = $3, version = $4,
             metadata = $5::jsonb, user_metadata = $6::jsonb, updated_at = now(), last_accessed_at = now()
           where bucket_id = $1 and name = $2
           returning id, (select version from old) as old`,
          params,
        )
        rows = res.rows
        if (!rows.length) throw ERRORS.noSuchKey()
      } else {
        const res = await tx.query<{ id: string; old: string | null }>(
          `with old as (select version from storage.objects where bucket_id = $1 and name = $2)
           insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
           values ($1, $2, $3::uuid, $3, $4, $5::jsonb, $6::jsonb)
           ${
             mode === 'upsert'
               ? `on conflict (bucket_id, name) do update set owner = excluded.owner,
                    owner_id = excluded.owner_id, version = excluded.version,
                    metadata = excluded.metadata, user_metadata = excluded.user_metadata,
                    updated_at = now(), last_accessed_at = now()`
               : ''
           }
           returning id, (select version from old) as old`,
          params,
        )
        rows = res.rows
      }
      replaced = rows[0]!.old
      await r.deps.blobs.commit(staged, version)
      return rows[0]!.id
    })
  } catch (error) {
    await r.deps.blobs.discard(staged)
    await r.deps.blobs.remove([version])
    throw error
  }
  if (replaced) await r.deps.blobs.remove([replaced])
  return { id }
}

async function remove(r: StorageRequest, bucketId: string, names: string[]) {
  const rows = await r.asCaller(async (tx) => {
    const res = await tx.query<{ j: string }>(
      `with gone as (delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning ${OBJECT_COLUMNS})
       select row_to_json(gone)::text as j from gone`,
      [bucketId, names],
    )
    return res.rows.map((row) => JSON.parse(row.j) as StoredObject)
  })
  await r.deps.blobs.remove(rows.map((row) => row.version).filter(Boolean))
  return rows
}

async function removeMany(r: StorageRequest, bucketId: string) {
  const body = await readJson(r.req)
  const prefixes = body.prefixes
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) {
    throw ERRORS.missingParameter('prefixes')
  }
  if (prefixes.length > 1000) {
    throw ERRORS.invalidRequest('Bulk object requests are limited to 1000 objects per request.')
  }
  r.json(200, await remove(r, bucketId, prefixes as string[]))
  return true
}

async function moveOrCopy(r: StorageRequest, action: 'move' | 'copy') {
  const body = await readJson(r.req)
  const { bucketId, sourceKey, destinationKey } = body
  if (typeof bucketId !== 'string') throw ERRORS.missingParameter('bucketId')
  if (typeof sourceKey !== 'string') throw ERRORS.missingParameter('sourceKey')
  if (typeof destinationKey !== 'string') throw ERRORS.missingParameter('destinationKey')
  const destinationBucket =
    typeof body.destinationBucket === 'string' && body.destinationBucket
      ? body.destinationBucket
      : bucketId
  mustBeValidKey(destinationKey)
  if (destinationBucket !== bucketId && !(await findBucket(r, destinationBucket))) {
    throw ERRORS.noSuchBucket()
  }
  const caller = await r.caller()
  const sub =
    typeof caller.claims.sub === 'string' && isUuid(caller.claims.sub) ? caller.claims.sub : null

  if (action === 'move') {
    const moved = await r.asCaller(async (tx) => {
      const res = await tx.query(
        `update storage.objects set bucket_id = $3, name = $4, owner = $5::uuid, owner_id = $5,
           updated_at = now()
         where bucket_id = $1 and name = $2 returning id`,
        [bucketId, sourceKey, destinationBucket, destinationKey, sub],
      )
      return res.rows.length
    })
    if (!moved) throw ERRORS.noSuchKey()
    r.json(200, { message: 'Successfully moved' })
    return true
  }

  const version = randomUUID()
  try {
    const id = await r.asCaller(async (tx) => {
      const source = await findObject(tx, bucketId, sourceKey)
      if (!source) throw ERRORS.noSuchKey()
      const res = await tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3::uuid, $3, $4, $5::jsonb, $6::jsonb) returning id`,
        [
          destinationBucket,
          destinationKey,
          sub,
          version,
          JSON.stringify(source.metadata),
          source.user_metadata ? JSON.stringify(source.user_metadata) : null,
        ],
      )
      await r.deps.blobs.copy(source.version, version)
      return res.rows[0]!.id
    })
    r.json(200, { Id: id, Key: `${destinationBucket}/${destinationKey}` })
  } catch (error) {
    await r.deps.blobs.remove([version])
    throw error
  }
  return true
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

async function signOne(r: StorageRequest, bucketId: string, key: string) {
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

async function signMany(r: StorageRequest, bucketId: string) {
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

async function signedDownload(r: StorageRequest, bucketId: string, key: string) {
  const { object, claims } = await verifySigned(r, bucketId, key)
  await sendObject(r, object, { expires: new Date(Number(claims.exp) * 1000).toUTCString() })
  return true
}

async function render(
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
