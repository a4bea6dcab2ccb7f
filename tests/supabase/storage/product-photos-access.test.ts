/**
 * Who may write the product-photo bucket, decided by the RLS policies on storage.objects under the
 * caller's own role and token: staff upload, replace and delete; shoppers and visitors only read.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail, type TestServer } from '../../support/server'
import { signIn, startAdminServer } from '../admin/admin-kit'

let server: TestServer
let anon: SupabaseClient
let shopper: SupabaseClient
let manager: SupabaseClient
let photo: Buffer

const BUCKET = 'product-photos'
const rowCount = async (name: string) =>
  (
    await server.server.db.pg.query(
      'select 1 from storage.objects where bucket_id = $1 and name = $2',
      [BUCKET, name],
    )
  ).rows.length

beforeAll(async () => {
  server = await startAdminServer()
  anon = server.client()
  shopper = (await server.signUpUser(uniqueEmail('shopper'))).client
  manager = await signIn(server, 'manager@luxekenya.test')
  photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#224466' } })
    .jpeg()
    .toBuffer()
})

afterAll(async () => {
  await server?.close()
})

describe('the product-photo bucket', () => {
  it('refuses uploads from visitors and shoppers, and keeps nothing of them', async () => {
    for (const [who, client] of [
      ['anon', anon],
      ['shopper', shopper],
    ] as const) {
      const name = `test/${who}.jpg`
      const { error } = await client.storage
        .from(BUCKET)
        .upload(name, photo, { contentType: 'image/jpeg' })
      expect(error, who).toMatchObject({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      })
      expect(await rowCount(name)).toBe(0)
    }
  })

  it('lets staff upload, replace and delete, and everyone read', async () => {
    const bucket = manager.storage.from(BUCKET)
    expect(
      (await bucket.upload('test/staff.jpg', photo, { contentType: 'image/jpeg' })).error,
    ).toBeNull()
    expect(
      (await bucket.upload('test/staff.jpg', photo, { contentType: 'image/jpeg', upsert: true }))
        .error,
    ).toBeNull()

    for (const client of [anon, shopper]) {
      const read = await client.storage.from(BUCKET).download('test/staff.jpg')
      expect(read.error).toBeNull()
      expect(read.data?.size).toBe(photo.length)
      // Reading is not writing: their remove and move touch nothing.
      expect((await client.storage.from(BUCKET).remove(['test/staff.jpg'])).data).toEqual([])
      expect(
        (await client.storage.from(BUCKET).move('test/staff.jpg', 'test/moved.jpg')).error,
      ).toMatchObject({
        statusCode: '404',
      })
      const replaced = await client.storage
        .from(BUCKET)
        .upload('test/staff.jpg', photo, { contentType: 'image/jpeg', upsert: true })
      expect(replaced.error).toMatchObject({ statusCode: '403' })
    }
    expect(await rowCount('test/staff.jpg')).toBe(1)
    const url = anon.storage.from(BUCKET).getPublicUrl('test/staff.jpg').data.publicUrl
    expect((await fetch(url)).status).toBe(200)

    expect((await bucket.remove(['test/staff.jpg'])).data?.map((o) => o.name)).toEqual([
      'test/staff.jpg',
    ])
    expect(await rowCount('test/staff.jpg')).toBe(0)
  })

  it('signs upload URLs for staff only; the token then lets its holder upload that one photo', async () => {
    for (const [who, client] of [
      ['anon', anon],
      ['shopper', shopper],
    ] as const) {
      const refused = await client.storage.from(BUCKET).createSignedUploadUrl(`test/${who}.jpg`)
      expect(refused.error, who).toMatchObject({
        statusCode: '403',
        message: 'new row violates row-level security policy',
      })
    }
    const signed = await manager.storage.from(BUCKET).createSignedUploadUrl('test/signed.jpg')
    expect(signed.error).toBeNull()
    expect(await rowCount('test/signed.jpg')).toBe(0)
    const up = await shopper.storage
      .from(BUCKET)
      .uploadToSignedUrl('test/signed.jpg', signed.data!.token, photo, {
        contentType: 'image/jpeg',
      })
    expect(up.error).toBeNull()
    // The photo is the staff member's, who signed for it.
    const owner = await server.server.db.pg.query<{ owner_id: string; email: string }>(
      `select o.owner_id, u.email from storage.objects o join auth.users u on u.id = o.owner
       where o.bucket_id = $1 and o.name = 'test/signed.jpg'`,
      [BUCKET],
    )
    expect(owner.rows[0]?.email).toBe('manager@luxekenya.test')
    expect((await manager.storage.from(BUCKET).remove(['test/signed.jpg'])).error).toBeNull()
  })

  it('takes only pictures, at most 5 MB', async () => {
    const bucket = manager.storage.from(BUCKET)
    const text = await bucket.upload('test/notes.txt', 'not a picture', {
      contentType: 'text/plain',
    })
    expect(text.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    })
    const huge = await bucket.upload('test/huge.jpg', Buffer.alloc(5 * 1024 * 1024 + 1), {
      contentType: 'image/jpeg',
    })
    expect(huge.error).toMatchObject({ statusCode: '413' })
    expect(await rowCount('test/notes.txt')).toBe(0)
    expect(await rowCount('test/huge.jpg')).toBe(0)
  })
})

describe('photo rows', () => {
  it('staff add them; shoppers cannot; the catalogue lists them by product and colour', async () => {
    const product = await server.server.db.pg.query<{ id: string; colors: string[] }>(
      `select id, colors from public.products where active and cardinality(colors) >= 2 order by id limit 1`,
    )
    const { id, colors } = product.rows[0]!
    const row = (colour: string, position: number, path: string) => ({
      product_id: id,
      colour,
      position,
      path,
      alt: `${colour} view ${position}`,
      width: 1200,
      height: 1500,
    })

    const refused = await shopper.from('product_photos').insert(row(colors[0]!, 0, `${id}/x.jpg`))
    expect(refused.error?.code).toBe('42501')
    const escaping = await manager
      .from('product_photos')
      .insert(row(colors[0]!, 0, `${id}/../x.jpg`))
    expect(escaping.error?.code).toBe('23514')

    const added = await manager
      .from('product_photos')
      .insert([
        row(colors[1]!, 1, `${id}/b2.jpg`),
        row(colors[1]!, 0, `${id}/b1.jpg`),
        row(colors[0]!, 0, `${id}/a1.jpg`),
        row('Not A Colour Of It', 0, `${id}/stray.jpg`),
      ])
      .select('id')
    expect(added.error).toBeNull()

    const { data } = await anon.rpc('catalogue')
    const doc = data as {
      dict: { colour: string[] }
      products: { id: string[] }
      photos: Record<string, unknown[]>
    }
    const { expandCatalogue } = await import('../../../supabase/functions/_shared/catalogue-format')
    const listed = expandCatalogue(doc)!.products.find((p) => p.id === id)!
    expect(listed.photos.map((p) => [p.colour, p.path])).toEqual(
      [
        [colors[0], `${id}/a1.jpg`],
        [colors[1], `${id}/b1.jpg`],
        [colors[1], `${id}/b2.jpg`],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0)),
    )
    expect(listed.photos[0]).toMatchObject({ width: 1200, height: 1500 })

    // Switched off, its photos leave the shop window with it.
    await server.server.db.pg.query('update public.products set active = false where id = $1', [id])
    expect((await anon.from('product_photos').select('id').eq('product_id', id)).data).toEqual([])
    expect(
      (await manager.from('product_photos').select('id').eq('product_id', id)).data,
    ).toHaveLength(4)
    await server.server.db.pg.query('update public.products set active = true where id = $1', [id])
  })
})
