import { ERRORS } from './errors'
import { sendObject, type StorageRequest } from './handler'
import { mustBeValidKey } from './keys'
import { listObjects } from './list'
import { handleSignedUpload } from './signed-upload'
import { findObject, upload, remove, removeMany } from './objects'
import { info, publicObject, signOne, signMany, signedDownload, render } from './download'
import { moveOrCopy } from './move'

/**
 * Object routes: upload (POST, with `x-upsert`), update (PUT), download (as the caller, public, or
 * through a signed URL), info, list, move, copy, remove, signed URLs (one or many) and `/render/image`.
 * A refused upload leaves nothing: the bytes are staged outside the store and only placed under their
 * version inside the transaction that inserts the row, which RLS may still refuse.
 */
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
