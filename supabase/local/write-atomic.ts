import { randomBytes } from 'node:crypto'
import { renameSync, rmSync, writeFileSync } from 'node:fs'

/**
 * Writes a whole file or nothing: the bytes go to a temporary file beside it, then a rename puts them
 * in place, so a reader never sees half a file. The temporary name is unique per call: two writers in
 * one process (worker threads share the pid) never rename each other's file away.
 */
export function writeFileAtomic(file: string, bytes: Uint8Array | string) {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  try {
    writeFileSync(tmp, bytes)
    renameSync(tmp, file)
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
}
