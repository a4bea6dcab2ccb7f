/**
 * Specifications of watches and jewellery (`products.specs`): staff write them, the database keeps them
 * to the known keys, short texts and the categories that carry them, and catalogue_details() gives them
 * to every shopper (the list, read on every visit, leaves them out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  expandCatalogue,
  expandDetails,
} from '../../../supabase/functions/_shared/catalogue-format'
import { freshDb } from '../../support/test-db'
import {
  addProduct,
  anon,
  attempt,
  call,
  createUser,
  grantRole,
  type Actor,
  type LocalDb,
} from './db-kit'

let db: LocalDb
let staff: Actor
let shopper: Actor

beforeAll(async () => {
  db = await freshDb()
  staff = await createUser(db, 'Specs manager')
  await grantRole(db, staff, 'manager')
  shopper = await createUser(db, 'Specs shopper')
  await addProduct(db, { id: 'spec-watch', price: 500000, stock: 2, category: 'luxury-watches' })
  await addProduct(db, { id: 'spec-dress', price: 5000, stock: 2, category: 'women' })
})

afterAll(async () => {
  await db?.close()
})

const setSpecs = (actor: Actor, id: string, specs: unknown) =>
  attempt(db, actor, 'update public.products set specs = $2::jsonb where id = $1 returning id', [
    id,
    JSON.stringify(specs),
  ])

async function listedSpecs(id: string): Promise<unknown> {
  const { value } = await call(db, anon, 'select public.catalogue_details() as value')
  return expandDetails(value)!.products.get(id)?.specs
}

/** The list's `details` (the version of the details it goes with) and the details' own version. */
async function detailsVersions() {
  const list = await call(db, anon, 'select public.catalogue() as value')
  const details = await call(db, anon, 'select public.catalogue_details() as value')
  return {
    list: expandCatalogue(list.value)!.detailsVersion,
    details: expandDetails(details.value)!.version,
  }
}

describe('products.specs', () => {
  it('gives anon the seeded specifications of a luxury watch in catalogue_details(), not in the list', async () => {
    expect(await listedSpecs('luxe-rolex-001')).toMatchObject({
      reference: '126610LN',
      movement: expect.stringContaining('Automatic'),
    })
    // Products without specifications carry none.
    expect(await listedSpecs('spec-dress')).toBeUndefined()
    const { value } = await call<Record<string, unknown>>(
      db,
      anon,
      'select public.catalogue() as value',
    )
    expect(value).not.toHaveProperty('specs')
    expect(expandCatalogue(value)!.products.every((row) => row.specs === undefined)).toBe(true)
  })

  it('lets staff write a watch’s specifications; the details show them under a new version', async () => {
    const before = await detailsVersions()
    expect(before.list).toBe(before.details)
    const specs = { reference: 'T-1', case: 'Steel, 40 mm', box_papers: 'Box only' }
    const outcome = await setSpecs(staff, 'spec-watch', specs)
    expect(outcome.error).toBeNull()
    expect(outcome.rows).toHaveLength(1)
    expect(await listedSpecs('spec-watch')).toEqual(specs)
    // A device holding the older details sees from the list that they changed, and reads them again.
    const after = await detailsVersions()
    expect(after.list).toBe(after.details)
    expect(after.details).not.toBe(before.details)
  })

  it('refuses anon and shoppers (no row changes)', async () => {
    for (const actor of [anon, shopper]) {
      const outcome = await setSpecs(actor, 'spec-watch', { reference: 'forged' })
      if (outcome.error) expect(outcome.error.code).toBe('42501')
      else expect(outcome.rows).toHaveLength(0)
    }
    expect(await listedSpecs('spec-watch')).toMatchObject({ reference: 'T-1' })
  })

  it.each([
    ['an unknown key', { colour: 'red' }],
    ['a number', { reference: 42 }],
    ['an empty text', { reference: '' }],
    ['a text over 200 characters', { case: 'x'.repeat(201) }],
    ['a list', ['reference']],
  ])('refuses %s with products_specs_check', async (_, specs) => {
    const outcome = await setSpecs(staff, 'spec-watch', specs)
    expect(outcome.error?.code).toBe('23514')
    expect(outcome.error?.message).toContain('products_specs_check')
  })

  it('keeps specifications to watches and jewellery', async () => {
    const outcome = await setSpecs(staff, 'spec-dress', { reference: 'D-1' })
    expect(outcome.error?.code).toBe('23514')
    expect(outcome.error?.message).toContain('products_specs_check')
  })
})
