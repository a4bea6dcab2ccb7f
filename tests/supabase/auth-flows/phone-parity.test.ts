/**
 * The app's phone helper and the database's normalize_ke_phone() must agree on every input: the form
 * accepts a number only if the database will store it, and shows it as the database stores it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normalizeKenyanPhone } from '@/lib/phone'
import { freshDb } from '../../support/test-db'

let db: Awaited<ReturnType<typeof freshDb>>

beforeAll(async () => {
  db = await freshDb({ seed: false })
})
afterAll(async () => {
  await db?.close()
})

const inputs = [
  '0712345678',
  '0112345678',
  '+254712345678',
  '254712345678',
  '+254112345678',
  '712345678',
  '112345678',
  '0712 345 678',
  '0712-345-678',
  '(0712) 345.678',
  '+254 712 345 678',
  '0812345678',
  '071234567',
  '07123456789',
  '+255712345678',
  '2540712345678',
  '++254712345678',
  '0712a45678',
  '00254712345678',
  '',
  '   ',
]

describe('phone normalisation parity', () => {
  it.each(inputs)('agrees on %j', async (input) => {
    const { rows } = await db.pg.query<{ phone: string | null }>(
      'select private.normalize_ke_phone($1) as phone',
      [input],
    )
    expect(normalizeKenyanPhone(input)).toBe(rows[0]!.phone)
  })
})
