/**
 * Accounts: the sign-up trigger makes a profile from what the sign-up form sends (and nothing else),
 * saved addresses keep one default, and affiliates apply for themselves with a code of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDb } from '../../support/test-db'
import { act, attempt, createUser, type LocalDb } from './db-kit'

let db: LocalDb

beforeAll(async () => {
  db = await freshDb({ seed: false })
})

afterAll(async () => {
  await db?.close()
})

async function profileOf(id: string) {
  const res = await db.pg.query<{ full_name: string | null; phone: string | null }>(
    'select full_name, phone from public.profiles where id = $1',
    [id],
  )
  return res.rows[0]
}

describe('profiles', () => {
  it('are created at sign-up with the full name and a normalised phone', async () => {
    const user = await createUser(db, 'Signup', {
      full_name: '  Amina Hassan ',
      phone: '0712 345 678',
    })
    expect(await profileOf(user.id)).toEqual({ full_name: 'Amina Hassan', phone: '254712345678' })
    const own = await act(db, user, 'select full_name from public.profiles')
    expect(own.rows).toEqual([{ full_name: 'Amina Hassan' }])
  })

  it('never fail a sign-up over odd metadata, and ignore a role in it', async () => {
    const user = await createUser(db, 'Odd', {
      full_name: 'x'.repeat(500),
      phone: 'call me',
      role: 'admin',
    })
    const profile = await profileOf(user.id)
    expect(profile?.full_name).toHaveLength(100)
    expect(profile?.phone).toBeNull()
    const roles = await db.pg.query('select 1 from public.user_roles where user_id = $1', [user.id])
    expect(roles.rows).toEqual([])
  })

  it('let the owner change name and phone but not the id or timestamps', async () => {
    const user = await createUser(db, 'Editor', { full_name: 'Old Name' })
    await act(
      db,
      user,
      "update public.profiles set full_name = 'New Name', phone = '254700111222' where id = $1",
      [user.id],
    )
    expect(await profileOf(user.id)).toEqual({ full_name: 'New Name', phone: '254700111222' })
    const idChange = await attempt(
      db,
      user,
      'update public.profiles set id = gen_random_uuid() where id = $1',
      [user.id],
    )
    expect(idChange.error?.code).toBe('42501')
    const badPhone = await attempt(
      db,
      user,
      "update public.profiles set phone = '12345' where id = $1",
      [user.id],
    )
    expect(badPhone.error?.code).toBe('23514')
  })
})

describe('addresses', () => {
  it('keep a single default per user and accept only Kenyan counties', async () => {
    const user = await createUser(db, 'Addresses')
    const add = (county: string, isDefault: boolean) =>
      attempt(
        db,
        user,
        'insert into public.addresses (county, town, street, is_default) values ($1, $2, $3, $4)',
        [county, 'Town', 'Street', isDefault],
      )
    expect((await add('Nairobi', true)).error).toBeNull()
    expect((await add('Kisumu', true)).error).toBeNull()
    expect((await add('Mombasa', false)).error).toBeNull()
    const rows = await act<{ county: string; is_default: boolean }>(
      db,
      user,
      'select county, is_default from public.addresses order by created_at, county',
    )
    expect(rows.rows.filter((r) => r.is_default).map((r) => r.county)).toEqual(['Kisumu'])
    await act(db, user, "update public.addresses set is_default = true where county = 'Mombasa'")
    const after = await act<{ county: string }>(
      db,
      user,
      'select county from public.addresses where is_default',
    )
    expect(after.rows).toEqual([{ county: 'Mombasa' }])
    expect((await add('Atlantis', false)).error?.code).toBe('23503')
  })
})

describe('affiliate applications', () => {
  it('start pending at the default rate with a clean code; one per user', async () => {
    const user = await createUser(db, 'Applicant')
    await act(
      db,
      user,
      "insert into public.affiliates (code, payout_phone) values (' Mama-Mboga ', '+254 711 222 333')",
    )
    const row = await act(
      db,
      user,
      'select code, status, commission_percent, payout_phone from public.affiliates',
    )
    expect(row.rows).toEqual([
      {
        code: 'mama-mboga',
        status: 'pending',
        commission_percent: 10,
        payout_phone: '254711222333',
      },
    ])
    const twice = await attempt(db, user, "insert into public.affiliates (code) values ('second')")
    expect(twice.error?.code).toBe('23505')
    const selfApprove = await attempt(
      db,
      user,
      "insert into public.affiliates (code, status) values ('boss', 'approved')",
    )
    expect(selfApprove.error?.code).toBe('42501')
  })

  it('get a random code when none is chosen, and reject codes that are not URL-safe', async () => {
    const user = await createUser(db, 'No Code')
    await act(db, user, 'insert into public.affiliates (payout_phone) values (null)')
    const row = await act<{ code: string }>(db, user, 'select code from public.affiliates')
    expect(row.rows[0]!.code).toMatch(/^[0-9a-f]{8}$/)
    const other = await createUser(db, 'Bad Code')
    const bad = await attempt(
      db,
      other,
      `insert into public.affiliates (code) values ('<b>hi</b>')`,
    )
    expect(bad.error?.code).toBe('23514')
  })
})
