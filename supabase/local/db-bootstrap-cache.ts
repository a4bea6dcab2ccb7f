/**
 * The bootstrap cache: a new database starts from a cached, bootstrapped data directory when there is
 * one (under node_modules/.tmp), because unpacking it is several times faster than PGlite's initdb plus
 * the bootstrap. Also hands dumped data directories (snapshots) to PGlite.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { bootstrapFile, projectDir } from './db-setup'
import { writeFileAtomic } from './write-atomic'

export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0
}

/** Keyed by everything that shapes a bootstrapped database: PGlite, its extensions, bootstrap.sql. */
export function bootstrapCacheFile(
  opts: { legacyGrants?: boolean },
  extensionNames: string[],
): string | null {
  try {
    const hash = createHash('sha256')
    hash.update(readFileSync(join(projectDir, 'node_modules/@electric-sql/pglite/package.json')))
    hash.update(extensionNames.join(','))
    hash.update(readFileSync(bootstrapFile))
    hash.update(opts.legacyGrants ? 'legacy-grants' : '')
    hash.update('checkpointed')
    return join(
      projectDir,
      'node_modules/.tmp',
      `pglite-bootstrap-${hash.digest('hex').slice(0, 16)}.tar`,
    )
  } catch {
    return null
  }
}

/**
 * PGlite reads the dump with `arrayBuffer()`. Node's Blob assembles a large one from small chunks (about a
 * second for a 40 MB dump); bytes already in memory are handed over as they are.
 */
export function asTarBlob(snapshot: Blob | File | Uint8Array): Blob {
  if (!(snapshot instanceof Uint8Array)) return snapshot
  const bytes = snapshot
  const direct = {
    type: 'application/x-tar',
    size: bytes.byteLength,
    arrayBuffer: () =>
      Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
  }
  return direct as unknown as Blob
}

export function readCache(file: string): Uint8Array | null {
  try {
    return existsSync(file) ? readFileSync(file) : null
  } catch {
    return null
  }
}

/** Best effort: a read-only install simply starts without the cache. */
export async function writeCache(pg: PGlite, file: string) {
  try {
    // Checkpointed first, so a database started from the cache has no WAL to replay.
    await pg.exec('checkpoint')
    const dump = await pg.dumpDataDir('none')
    mkdirSync(dirname(file), { recursive: true })
    writeFileAtomic(file, new Uint8Array(await dump.arrayBuffer()))
  } catch {
    // ignore
  }
}
