import { randomUUID } from 'node:crypto'
import { copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Where object bytes live: one file per stored version under `<root>/objects/<version>`, named by a
 * server-made UUID, never by the object's key. A key can therefore never reach outside the store, and
 * moving an object is a metadata change. Transformed images are kept beside them, keyed by version and
 * options, so a picture is resized once, not on every request.
 */
export interface BlobStore {
  root: string
  /** Writes bytes to a temporary file; `commit` gives it its version. */
  stage(bytes: Uint8Array): Promise<string>
  commit(staged: string, version: string): Promise<void>
  discard(staged: string): Promise<void>
  file(version: string): string
  copy(fromVersion: string, toVersion: string): Promise<void>
  remove(versions: Iterable<string>): Promise<void>
  renderFile(version: string, variant: string): string
  /** Keeps a rendered variant and its content type (in a `.type` file beside it). */
  saveRender(version: string, variant: string, bytes: Uint8Array, type: string): Promise<void>
  size(version: string): Promise<number | null>
}

const VERSION = /^[0-9a-f-]{36}$/

export async function openBlobStore(root: string): Promise<BlobStore> {
  const objects = join(root, 'objects')
  const staging = join(root, 'staging')
  const renders = join(root, 'renders')
  await Promise.all([objects, staging, renders].map((d) => mkdir(d, { recursive: true })))
  // Uploads cut short by a stop leave staged files behind; they belong to no object.
  for (const name of await readdir(staging)) await rm(join(staging, name), { force: true })

  const file = (version: string) => {
    if (!VERSION.test(version)) throw new Error(`not a stored version: ${version}`)
    return join(objects, version)
  }
  const renderFile = (version: string, variant: string) => {
    file(version)
    if (!/^[0-9a-f]+$/.test(variant)) throw new Error(`not a render variant: ${variant}`)
    return join(renders, `${version}-${variant}`)
  }

  return {
    root,
    async stage(bytes) {
      const path = join(staging, randomUUID())
      await writeFile(path, bytes)
      return path
    },
    commit: (staged, version) => rename(staged, file(version)),
    discard: (staged) => rm(staged, { force: true }),
    file,
    copy: (from, to) => copyFile(file(from), file(to)),
    async remove(versions) {
      for (const version of versions) {
        await unlink(file(version)).catch(() => {})
        for (const name of await readdir(renders)) {
          if (name.startsWith(`${version}-`)) await unlink(join(renders, name)).catch(() => {})
        }
      }
    },
    renderFile,
    async saveRender(version, variant, bytes, type) {
      const target = renderFile(version, variant)
      const tmp = join(staging, randomUUID())
      await writeFile(`${tmp}.type`, type)
      await rename(`${tmp}.type`, `${target}.type`)
      await writeFile(tmp, bytes)
      await rename(tmp, target)
    },
    async size(version) {
      try {
        return (await stat(file(version))).size
      } catch {
        return null
      }
    },
  }
}
