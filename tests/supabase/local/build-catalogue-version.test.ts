import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  adoptBuildCatalogueVersion,
  catalogueStateQuery,
  prebuiltSeededOnAnotherDay,
  type BuildCatalogueState,
} from '../../../supabase/local/build-catalogue-version'
import type { LocalDb } from '../../../supabase/local/db'
import { freshDb } from '../../support/test-db'

/**
 * The local server takes the build database's version salt while its catalogue is the build's, and a
 * new one at its first change; another catalogue keeps its own.
 */
let build: LocalDb
let recorded: { state: BuildCatalogueState; catalogue: unknown; details: unknown }
const opened: LocalDb[] = []

async function version(db: LocalDb): Promise<string> {
  const { rows } = await db.pg.query<{ v: string }>('select public.catalogue_version() as v')
  return rows[0]!.v
}

/** A database of its own, as every new one is: the same seed, another salt. */
async function serverDb(): Promise<LocalDb> {
  const db = await freshDb()
  opened.push(db)
  await db.pg.query('update private.catalogue_state set salt = gen_random_uuid()')
  return db
}

async function changePrice(db: LocalDb) {
  await db.pg.query(
    'update public.products set price = price + 100 where id = (select min(id) from public.products where active)',
  )
}

beforeAll(async () => {
  build = await freshDb()
  const state = (await build.pg.query<BuildCatalogueState>(catalogueStateQuery)).rows[0]!
  const { rows } = await build.pg.query<{ catalogue: unknown; details: unknown }>(
    'select public.catalogue() as catalogue, public.catalogue_details() as details',
  )
  recorded = { state, ...rows[0]! }
})
afterAll(async () => {
  await Promise.all([build, ...opened].map((db) => db.pg.close()))
})

describe("the prebuilt pages' catalogue version", () => {
  it('is the server’s while its catalogue is the build’s, and no longer after a change', async () => {
    const db = await serverDb()
    expect(await version(db)).not.toBe(await version(build))
    expect(await adoptBuildCatalogueVersion(db, recorded)).toBe(true)
    expect(await version(db)).toBe(await version(build))

    await changePrice(db)
    // At the first change the server takes a salt of its own again (after the database's notice).
    await expect
      .poll(async () => (await db.pg.query<BuildCatalogueState>(catalogueStateQuery)).rows[0]!.salt)
      .not.toBe(recorded.state.salt)
    const changed = await version(db)
    await changePrice(build)
    expect(changed).not.toBe(await version(build))
  })

  it('is kept by a server started again on it, and dropped at start if it changed meanwhile', async () => {
    const db = await serverDb()
    expect(await adoptBuildCatalogueVersion(db, recorded)).toBe(true)
    // Started again: still the build's catalogue.
    expect(await adoptBuildCatalogueVersion(db, recorded)).toBe(true)
    const { rows } = await db.pg.query<{ v: string }>(
      "select left(md5($1 || ':' || $2), 16) as v",
      [recorded.state.salt, recorded.state.revision],
    )
    expect(await version(db)).toBe(rows[0]!.v)

    // A change the server did not see (stopped before it could drop the salt).
    const stopped = await serverDb()
    expect(await adoptBuildCatalogueVersion(stopped, recorded)).toBe(true)
    await stopped.pg.query(
      'update private.catalogue_state set revision = revision + 1, salt = $1::uuid',
      [recorded.state.salt],
    )
    expect(await adoptBuildCatalogueVersion(stopped, recorded)).toBe(false)
    const salt = (await stopped.pg.query<BuildCatalogueState>(catalogueStateQuery)).rows[0]!.salt
    expect(salt).not.toBe(recorded.state.salt)
  })

  it('is not taken by a server whose catalogue differs, even at the same revision', async () => {
    const moved = await serverDb()
    await changePrice(moved)
    expect(await adoptBuildCatalogueVersion(moved, recorded)).toBe(false)

    const same = await serverDb()
    await changePrice(same)
    await same.pg.query('update private.catalogue_state set revision = $1::bigint', [
      recorded.state.revision,
    ])
    const own = await version(same)
    expect(await adoptBuildCatalogueVersion(same, recorded)).toBe(false)
    expect(await version(same)).toBe(own)
  })
})

describe('prebuilt pages seeded on another day', () => {
  const dist = (info?: object) => {
    const dir = mkdtempSync(join(tmpdir(), 'luxe-dist-'))
    if (info) writeFileSync(join(dir, 'prerendered.json'), JSON.stringify(info))
    return dir
  }
  const dirs: string[] = []
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('are built again for a new database seeded on a later day, and only then', () => {
    const built = dist({ snapshot: '/assets/s.json', catalogueSeedDay: '2026-12-03' })
    const fromStore = dist({ snapshot: '/assets/s.json' })
    const none = dist()
    dirs.push(built, fromStore, none)
    const today = '2026-12-04'
    expect(prebuiltSeededOnAnotherDay(built, { newDatabase: true, today })).toBe('2026-12-03')
    // The same day: the new database's catalogue is the build's.
    expect(
      prebuiltSeededOnAnotherDay(built, { newDatabase: true, today: '2026-12-03' }),
    ).toBeUndefined()
    // A database seeded earlier may be the one the build was made beside: left as it is.
    expect(prebuiltSeededOnAnotherDay(built, { newDatabase: false, today })).toBeUndefined()
    // Read from a running store, or no prebuilt pages: nothing to say about days.
    expect(prebuiltSeededOnAnotherDay(fromStore, { newDatabase: true, today })).toBeUndefined()
    expect(prebuiltSeededOnAnotherDay(none, { newDatabase: true, today })).toBeUndefined()
  })
})
