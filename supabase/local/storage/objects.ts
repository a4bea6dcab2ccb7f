import { createHash, randomUUID } from 'node:crypto'
import type { Transaction } from '../db'
import { readJson, readUpload } from './body'
import { findBucket, isUuid } from './buckets'
import { ERRORS } from './errors'
import type { StorageRequest, StoredObject } from './handler'
import { mustBeAllowedMimeType, mustBeValidKey } from './keys'

/**
 * Objects in the store: finding one, storing an upload, removing them. (The routes: object-routes.ts.)
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

export async function remove(r: StorageRequest, bucketId: string, names: string[]) {
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

export async function removeMany(r: StorageRequest, bucketId: string) {
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
