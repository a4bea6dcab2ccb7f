import { randomUUID } from 'node:crypto'
import { readJson } from './body'
import { findBucket, isUuid } from './buckets'
import { ERRORS } from './errors'
import type { StorageRequest } from './handler'
import { mustBeValidKey } from './keys'
import { findObject } from './objects'

/** `POST /object/move` and `/object/copy`: one object to another key (or bucket), as the caller. */
export async function moveOrCopy(r: StorageRequest, action: 'move' | 'copy') {
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
