import { readJson } from './body'
import { ERRORS } from './errors'
import type { StorageRequest } from './handler'
import { mustBeValidBucketName, parseFileSizeLimit, parseMimeTypes } from './keys'

/**
 * Bucket routes. Every one runs under the caller's role: with RLS on `storage.buckets` and no policy
 * for the API roles (as on a hosted project), only the service role creates, edits or empties buckets.
 */
const BUCKET_COLUMNS = `id, name, owner, public, avif_autodetection, file_size_limit, allowed_mime_types,
  created_at, updated_at`

interface BucketRow {
  id: string
  name: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  avif_autodetection: boolean
}

export async function handleBucketRoute(r: StorageRequest): Promise<boolean> {
  const [, id, action, ...rest] = r.segments
  if (rest.length) return false
  const get = r.method === 'GET' || r.method === 'HEAD'

  if (id === undefined || id === '') {
    if (get) return listBuckets(r)
    if (r.method === 'POST') return createBucket(r)
    return false
  }
  if (action === 'empty' && r.method === 'POST') return emptyBucket(r, id)
  if (action !== undefined) return false
  if (get) {
    const bucket = await r.asCaller(async (tx) => {
      const res = await tx.query<{ j: string }>(
        `select row_to_json(b)::text as j from (select ${BUCKET_COLUMNS} from storage.buckets where id = $1) b`,
        [id],
      )
      return res.rows[0]?.j
    }, true)
    if (!bucket) throw ERRORS.noSuchBucket()
    r.json(200, withType(JSON.parse(bucket) as Record<string, unknown>))
    return true
  }
  if (r.method === 'PUT') return updateBucket(r, id)
  if (r.method === 'DELETE') return deleteBucket(r, id)
  return false
}

const withType = (row: Record<string, unknown>) => ({ ...row, type: 'STANDARD' })

async function listBuckets(r: StorageRequest) {
  const search = r.url.searchParams.get('search') ?? ''
  const limit = Number(r.url.searchParams.get('limit') ?? 0) || null
  const offset = Number(r.url.searchParams.get('offset') ?? 0) || 0
  const rows = await r.asCaller(async (tx) => {
    const res = await tx.query<{ j: string }>(
      `select row_to_json(b)::text as j from (
         select ${BUCKET_COLUMNS} from storage.buckets
         where ($1 = '' or name ilike '%' || $1 || '%')
         order by name limit $2 offset $3) b`,
      [search, limit, offset],
    )
    return res.rows.map((row) => withType(JSON.parse(row.j) as Record<string, unknown>))
  }, true)
  r.json(200, rows)
  return true
}

/** The settings a create or update may carry, checked before they reach the table. */
function bucketSettings(body: Record<string, unknown>) {
  return {
    public: body.public === undefined ? undefined : Boolean(body.public),
    fileSizeLimit: parseFileSizeLimit(body.file_size_limit),
    allowedMimeTypes: parseMimeTypes(body.allowed_mime_types),
    hasLimit: 'file_size_limit' in body,
    hasMimeTypes: 'allowed_mime_types' in body,
  }
}

async function createBucket(r: StorageRequest) {
  const body = await readJson(r.req)
  const name = body.name ?? body.id
  mustBeValidBucketName(name)
  const id = typeof body.id === 'string' && body.id ? body.id : name
  mustBeValidBucketName(id)
  const settings = bucketSettings(body)
  const caller = await r.caller()
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null
  await r.asCaller(async (tx) => {
    await tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3::uuid, $3, coalesce($4, false), $5, $6)`,
      [
        id,
        name,
        isUuid(sub) ? sub : null,
        settings.public ?? null,
        settings.fileSizeLimit,
        settings.allowedMimeTypes,
      ],
    )
  })
  r.json(200, { name })
  return true
}

async function updateBucket(r: StorageRequest, id: string) {
  const settings = bucketSettings(await readJson(r.req))
  const updated = await r.asCaller(async (tx) => {
    const res = await tx.query(
      `update storage.buckets set
         public = coalesce($2, public),
         file_size_limit = case when $3 then $4 else file_size_limit end,
         allowed_mime_types = case when $5 then $6 else allowed_mime_types end,
         updated_at = now()
       where id = $1
       returning id`,
      [
        id,
        settings.public ?? null,
        settings.hasLimit,
        settings.fileSizeLimit,
        settings.hasMimeTypes,
        settings.allowedMimeTypes,
      ],
    )
    return res.rows.length
  })
  if (!updated) throw ERRORS.noSuchBucket()
  r.json(200, { message: 'Successfully updated' })
  return true
}

async function emptyBucket(r: StorageRequest, id: string) {
  const removed = await r.asCaller(async (tx) => {
    const bucket = await tx.query('select 1 from storage.buckets where id = $1', [id])
    if (bucket.rows.length === 0) throw ERRORS.noSuchBucket()
    const res = await tx.query<{ version: string }>(
      'delete from storage.objects where bucket_id = $1 returning version',
      [id],
    )
    return res.rows.map((row) => row.version)
  })
  await r.deps.blobs.remove(removed.filter(Boolean))
  r.json(200, { message: 'Successfully emptied' })
  return true
}

async function deleteBucket(r: StorageRequest, id: string) {
  const objects = await r.asServer(async (tx) => {
    const res = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])
    return res.rows.length
  }, true)
  if (objects) throw ERRORS.bucketNotEmpty()
  const deleted = await r.asCaller(async (tx) => {
    const res = await tx.query('delete from storage.buckets where id = $1 returning id', [id])
    return res.rows.length
  })
  if (!deleted) throw ERRORS.noSuchBucket()
  r.json(200, { message: 'Successfully deleted' })
  return true
}

export function isUuid(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  )
}

/** A bucket as the server sees it, whoever asks (uploads need its limits; public reads its flag). */
export async function findBucket(r: StorageRequest, id: string): Promise<BucketRow | null> {
  return r.asServer(async (tx) => {
    const res = await tx.query<{ j: string }>(
      `select row_to_json(b)::text as j from (
         select id, name, public, file_size_limit, allowed_mime_types, avif_autodetection
         from storage.buckets where id = $1) b`,
      [id],
    )
    const row = res.rows[0]
    return row ? (JSON.parse(row.j) as BucketRow) : null
  }, true)
}
