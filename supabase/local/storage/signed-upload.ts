import { findBucket, isUuid } from './buckets'
import { ERRORS } from './errors'
import { jwtMessage } from './errors'
import type { StorageRequest } from './handler'
import { mustBeValidKey } from './keys'
import { upload } from './objects'

/**
 * Signed upload URLs, as hosted Storage has them (`createSignedUploadUrl`, `uploadToSignedUrl`):
 *
 * - `POST /object/upload/sign/<bucket>/<key>` (header `x-upsert: true` to allow replacing) checks, as the
 *   caller, that RLS would let them create (or upsert) that object, without keeping anything, and
 *   answers `{ url, token }`. The token names the one object, the caller as owner, whether it may
 *   replace, and the upload scope; it is valid for two hours.
 * - `PUT /object/upload/sign/<bucket>/<key>?token=…` stores the bytes with the server's rights, once
 *   the token's signature, expiry, scope and object match. The bucket's size and type limits still
 *   hold, and without `upsert` in the token an existing object is not replaced.
 */
export const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60

export async function handleSignedUpload(
  r: StorageRequest,
  bucketId: string,
  key: string,
): Promise<boolean> {
  if (r.method === 'POST') {
    await signUpload(r, bucketId, key)
    return true
  }
  if (r.method === 'PUT') {
    await uploadSigned(r, bucketId, key)
    return true
  }
  return false
}

async function signUpload(r: StorageRequest, bucketId: string, key: string) {
  mustBeValidKey(key)
  if (!(await findBucket(r, bucketId))) throw ERRORS.noSuchBucket()
  const caller = await r.caller()
  const owner = isUuid(caller.claims.sub) ? caller.claims.sub : null
  const upsert = r.req.headers['x-upsert'] === 'true'
  const mimetype = r.req.headers['content-type']
  // Would the caller's own upload pass RLS? Tried, then undone; a refusal is Storage's error.
  await r.asCaller(async (tx) => {
    await tx.query('savepoint can_upload')
    await tx.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata)
       values ($1, $2, $3::uuid, $3, '1', $4::jsonb)
       ${
         upsert
           ? `on conflict (bucket_id, name) do update set owner = excluded.owner,
                owner_id = excluded.owner_id, version = excluded.version, metadata = excluded.metadata`
           : ''
       }`,
      [bucketId, key, owner, JSON.stringify(mimetype ? { mimetype } : {})],
    )
    await tx.query('rollback to savepoint can_upload')
  })
  const url = `${bucketId}/${key}`
  const iat = Math.floor(r.deps.now() / 1000)
  const token = await r.deps.jwt.sign({
    ...(owner ? { owner } : {}),
    url,
    upsert,
    scope: 'upload',
    iat,
    exp: iat + SIGNED_UPLOAD_SECONDS,
  })
  r.json(200, { url: `/object/upload/sign/${url}?token=${token}`, token })
}

async function uploadSigned(r: StorageRequest, bucketId: string, key: string) {
  const token = r.url.searchParams.get('token')
  if (!token) throw ERRORS.missingParameter('token')
  let claims: Record<string, unknown>
  try {
    claims = await r.deps.jwt.verify(token)
  } catch (error) {
    throw ERRORS.invalidJwt(jwtMessage(error))
  }
  // An old upload token has no scope but always says whether it may replace.
  const forUpload = claims.scope === undefined ? 'upsert' in claims : claims.scope === 'upload'
  if (!forUpload) throw ERRORS.invalidSignature('Token is not scoped for upload')
  if (claims.url !== `${bucketId}/${key}`) throw ERRORS.invalidSignature()
  const owner = isUuid(claims.owner) ? claims.owner : null
  await upload(r, bucketId, key, claims.upsert === true ? 'upsert' : 'create', { owner })
  r.json(200, { Key: `${bucketId}/${key}` })
}
