/**
 * The catalogue version of the prebuilt pages, and the local server's.
 *
 * A prebuilt page carries the catalogue the build read, with its version; the app asks the server for
 * the current version and keeps the page's copy when they are the same (no second download). On deploy
 * the build reads the hosted project itself, so the two agree until the catalogue changes. Locally the
 * build reads the seeded catalogue from a database of its own, whose version salt (a random one per
 * database) differs from the server's: the versions would never agree, and every first visit would read
 * the whole list again.
 *
 * So a local server whose catalogue is still exactly the one the build read (the same revision, the same
 * documents) takes the build's salt, and at its first change a new random one: two databases then never
 * share a version for different catalogues, as with a salt of their own.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LocalDb } from './db'
import { CATALOGUE_CHANNEL } from './rest/catalogue-channel'

/** `private.catalogue_state`: what `catalogue_version()` hashes. */
export interface BuildCatalogueState {
  salt: string
  revision: string
}

type Queryable = Pick<LocalDb['pg'], 'query'>

/** The query that reads it (the build runs it on its own database too). */
export const catalogueStateQuery =
  'select salt::text as salt, revision::text as revision from private.catalogue_state'

async function readCatalogueState(db: { pg: Queryable }): Promise<BuildCatalogueState> {
  const { rows } = await db.pg.query<BuildCatalogueState>(catalogueStateQuery)
  return rows[0]!
}

/** The documents without their `version`s: what two databases with the same catalogue share. */
function content(catalogue: unknown, details: unknown): string {
  const { version: _v, ...list } = (catalogue ?? {}) as Record<string, unknown>
  const { version: _d, ...rest } = (details ?? {}) as Record<string, unknown>
  return JSON.stringify([list, rest])
}

/**
 * Takes the build's salt when the server's catalogue is the build's (see above). Returns whether it did.
 * `build`: what the build recorded (`prerendered.json`), and the documents it rendered the pages from.
 */
export async function adoptBuildCatalogueVersion(
  db: Pick<LocalDb, 'pg'>,
  build: { state: BuildCatalogueState; catalogue: unknown; details: unknown },
  log: (message: string) => void = () => {},
): Promise<boolean> {
  const own = await readCatalogueState(db)
  if (own.salt === build.state.salt) {
    // Taken at an earlier start: kept while nothing changed, else dropped now (the server stopped
    // between a change and dropping it).
    if (own.revision === build.state.revision) {
      await resaltOnFirstChange(db, own.revision)
      return true
    }
    await resalt(db)
    return false
  }
  if (own.revision !== build.state.revision) return false
  const { rows } = await db.pg.query<{ catalogue: unknown; details: unknown }>(
    'select public.catalogue() as catalogue, public.catalogue_details() as details',
  )
  if (content(rows[0]!.catalogue, rows[0]!.details) !== content(build.catalogue, build.details)) {
    return false
  }
  await db.pg.query(
    'update private.catalogue_state set salt = $1::uuid where revision = $2::bigint',
    [build.state.salt, build.state.revision],
  )
  // The notice makes the server's catalogue cache forget the version it knew.
  await db.pg.query('select pg_notify($1, $2)', [CATALOGUE_CHANNEL, ''])
  const adopted = await readCatalogueState(db)
  if (adopted.salt !== build.state.salt) return false
  log("the catalogue is the prebuilt pages' own: they keep it on a first visit")
  await resaltOnFirstChange(db, build.state.revision)
  return true
}

/** A new random salt, and a notice (the server's catalogue cache forgets the version it knew). */
async function resalt(db: Pick<LocalDb, 'pg'>): Promise<void> {
  await db.pg.query('update private.catalogue_state set salt = gen_random_uuid()')
  await db.pg.query('select pg_notify($1, $2)', [CATALOGUE_CHANNEL, ''])
}

/** At the first change after `revision`, a new random salt; then it stops listening. */
async function resaltOnFirstChange(db: Pick<LocalDb, 'pg'>, revision: string): Promise<void> {
  let done = false
  const listening = { stop: async () => {} }
  const check = async () => {
    if (done) return
    const now = await readCatalogueState(db)
    if (BigInt(now.revision) <= BigInt(revision)) return
    done = true
    await listening.stop()
    await resalt(db)
  }
  listening.stop = await db.pg.listen(CATALOGUE_CHANNEL, () => {
    void check().catch(() => {})
  })
}

/** What the build recorded about its prebuilt pages' catalogue (`prerendered.json`). */
interface PrebuiltInfo {
  snapshot?: string
  catalogueState?: BuildCatalogueState
  /** The day the seeded catalogue was seeded on; absent when the build read a running store. */
  catalogueSeedDay?: string
}

/** `prerendered.json` of a build directory; undefined for a build without prebuilt pages. */
function readPrebuiltInfo(distDir: string): PrebuiltInfo | undefined {
  const infoFile = join(distDir, 'prerendered.json')
  if (!existsSync(infoFile)) return undefined
  return JSON.parse(readFileSync(infoFile, 'utf8')) as PrebuiltInfo
}

/**
 * The same for a build directory: reads what the build recorded (`prerendered.json`) and the snapshot it
 * rendered the pages from. A build without prebuilt pages leaves the server's salt alone.
 */
export async function adoptPrebuiltCatalogueVersion(
  db: Pick<LocalDb, 'pg'>,
  distDir: string,
  log: (message: string) => void = () => {},
): Promise<boolean> {
  const info = readPrebuiltInfo(distDir)
  if (!info?.snapshot || !info.catalogueState) return false
  const documents = JSON.parse(readFileSync(join(distDir, info.snapshot), 'utf8')) as {
    catalogue: unknown
    details: unknown
  }
  return adoptBuildCatalogueVersion(db, { ...documents, state: info.catalogueState }, log)
}

/**
 * The day the build's prebuilt pages were seeded on, when a database about to be made (seeded `today`)
 * cannot share their catalogue: the seed lists each product so many days before the day it runs, so a
 * build seeded on another day lists every product on another day, the versions never agree, and every
 * first visit reads the whole list again. Undefined when they can agree: the database is not new (it
 * was seeded when it was made, and the build may be its own), or the build read a running store.
 */
export function prebuiltSeededOnAnotherDay(
  distDir: string,
  options: { newDatabase: boolean; today: string },
): string | undefined {
  if (!options.newDatabase) return undefined
  const day = readPrebuiltInfo(distDir)?.catalogueSeedDay
  return day && day !== options.today ? day : undefined
}
