/**
 * src/lib/database.types.ts is generated from the migrations; this fails while it is out of date, so a
 * new migration cannot land without the types the app compiles against.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { generateTypes, typesFile } from '../../../supabase/local/gen-types'
import { freshDb } from '../../support/test-db'
import type { LocalDb } from './db-kit'

let db: LocalDb

beforeAll(async () => {
  db = await freshDb({ seed: false })
})

afterAll(async () => {
  await db?.close()
})

it('matches what npm run db:types generates from the migrations', async () => {
  const generated = await generateTypes(db)
  expect(generated).toContain(
    "status: 'pending' | 'confirmed' | 'dispatched' | 'delivered' | 'cancelled' | 'refunded'",
  )
  expect(generated).toContain('place_order: { Args: { payload: Json }; Returns: Json }')
  expect(readFileSync(typesFile, 'utf8')).toBe(generated)
})
