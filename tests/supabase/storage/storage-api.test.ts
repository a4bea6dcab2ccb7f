/**
 * supabase-js's own storage client against the embedded Storage API: buckets, every object call,
 * signed URLs and their expiry, limits and refused uploads, in hosted Storage's error dialect.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/server'

let server: TestServer
let service: SupabaseClient
const storageDir = () => server.server.storageDir

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a2be2' } })
    .jpeg({ quality: 90 })
    .toBuffer()

const objectNames = async () =>
  (
    await server.server.db.pg.query<{ name: string }>(
      'select bucket_id, name from storage.objects order by bucket_id, name',
    )
  ).rows

const storedFiles = () => readdirSync(join(storageDir(), 'objects')).length

beforeAll(async () => {
  server = await startTestServer()
  service = server.admin()
  const created = await service.storage.createBucket('docs', {
    public: false,
    fileSizeLimit: '1KB',
    allowedMimeTypes: ['text/plain', 'image/*'],
  })
  expect(created.error).toBeNull()
  expect((await service.storage.createBucket('open', { public: true })).error).toBeNull()
})

afterAll(async () => {
  await server?.close()
})

describe('buckets', () => {
  it('lists, reads, updates and refuses a duplicate', async () => {
    const list = await service.storage.listBuckets()
    expect(list.error).toBeNull()
    expect(list.data?.map((b) => b.id)).toEqual(
      expect.arrayContaining(['docs', 'open', 'product-photos']),
    )
    const docs = await service.storage.getBucket('docs')
    expect(docs.data).toMatchObject({
      id: 'docs',
      public: false,
      file_size_limit: 1000,
      allowed_mime_types: ['text/plain', 'image/*'],
    })
    const dup = await service.storage.createBucket('docs')
    expect(dup.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
    const missing = await service.storage.getBucket('nope')
    expect(missing.error).toMatchObject({
      status: 400,
      statusCode: '404',
      message: 'Bucket not found',
    })
    const bad = await service.storage.createBucket('a/b')
    expect(bad.error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' })
  })

  it('is created, emptied and deleted only by the service role', async () => {
    const anon = server.client()
    const refused = await anon.storage.createBucket('sneaky')
    expect(refused.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
    expect((await anon.storage.listBuckets()).data).toEqual([])
    expect((await service.storage.createBucket('scratch')).error).toBeNull()
    await service.storage.from('scratch').upload('a.txt', 'hello', { contentType: 'text/plain' })
    const notEmpty = await service.storage.deleteBucket('scratch')
    expect(notEmpty.error).toMatchObject({ statusCode: '409' })
    expect((await service.storage.emptyBucket('scratch')).error).toBeNull()
    expect((await service.storage.deleteBucket('scratch')).data).toEqual({
      message: 'Successfully deleted',
    })
  })
})

describe('objects', () => {
  it('uploads, downloads, lists, moves, copies and removes', async () => {
    const bucket = service.storage.from('docs')
    const up = await bucket.upload('notes/a.txt', 'first', {
      contentType: 'text/plain',
      cacheControl: '60',
    })
    expect(up.error).toBeNull()
    expect(up.data).toMatchObject({ path: 'notes/a.txt', fullPath: 'docs/notes/a.txt' })
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/)

    const down = await bucket.download('notes/a.txt')
    expect(await down.data?.text()).toBe('first')
    const info = await bucket.info('notes/a.txt')
    expect(info.data).toMatchObject({
      size: 5,
      contentType: 'text/plain',
      cacheControl: 'max-age=60',
    })

    const again = await bucket.upload('notes/a.txt', 'second', { contentType: 'text/plain' })
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' })
    const upsert = await bucket.upload('notes/a.txt', 'second', {
      contentType: 'text/plain',
      upsert: true,
    })
    expect(upsert.error).toBeNull()
    expect(await (await bucket.download('notes/a.txt')).data?.text()).toBe('second')
    const update = await bucket.update('notes/a.txt', new Blob(['third'], { type: 'text/plain' }))
    expect(update.error).toBeNull()
    expect(await (await bucket.download('notes/a.txt')).data?.text()).toBe('third')

    await bucket.upload('notes/deeper/b.txt', 'b', { contentType: 'text/plain' })
    const list = await bucket.list('notes')
    expect(list.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['deeper', true],
      ['a.txt', false],
    ])
    const searched = await bucket.list('notes', { search: 'a' })
    expect(searched.data?.map((e) => e.name)).toEqual(['a.txt'])

    expect((await bucket.move('notes/a.txt', 'moved/a.txt')).data).toEqual({
      message: 'Successfully moved',
    })
    expect((await bucket.download('notes/a.txt')).error).toMatchObject({ status: 400 })
    const copy = await bucket.copy('moved/a.txt', 'copied/a.txt')
    expect(copy.data).toEqual({ path: 'docs/copied/a.txt' })
    expect(await (await bucket.download('copied/a.txt')).data?.text()).toBe('third')

    const removed = await bucket.remove(['moved/a.txt', 'copied/a.txt', 'notes/deeper/b.txt'])
    expect(removed.data?.map((o) => o.name).sort()).toEqual([
      'copied/a.txt',
      'moved/a.txt',
      'notes/deeper/b.txt',
    ])
    const gone = await bucket.download('moved/a.txt')
    expect(gone.error).toMatchObject({
      status: 400,
      statusCode: '404',
      message: 'Object not found',
    })
  })

  it('answers public URLs only for public buckets', async () => {
    await service.storage
      .from('open')
      .upload('hello.txt', 'public text', { contentType: 'text/plain' })
    const { publicUrl } = service.storage.from('open').getPublicUrl('hello.txt').data
    const ok = await fetch(publicUrl)
    expect(ok.status).toBe(200)
    expect(await ok.text()).toBe('public text')
    await service.storage.from('docs').upload('secret.txt', 'secret', { contentType: 'text/plain' })
    const hidden = await fetch(
      service.storage.from('docs').getPublicUrl('secret.txt').data.publicUrl,
    )
    expect(hidden.status).toBe(400)
    expect(await hidden.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' })
  })

  it('opens a private object only through a signed URL, until it expires', async () => {
    const bucket = service.storage.from('docs')
    await bucket.upload('private/report.txt', 'for staff', {
      contentType: 'text/plain',
      upsert: true,
    })
    const anon = server.client()
    expect((await anon.storage.from('docs').download('private/report.txt')).error).toMatchObject({
      statusCode: '404',
    })
    expect(
      (await anon.storage.from('docs').createSignedUrl('private/report.txt', 60)).error,
    ).toMatchObject({
      statusCode: '404',
    })

    const signed = await bucket.createSignedUrl('private/report.txt', 60)
    expect(signed.error).toBeNull()
    const opened = await fetch(signed.data!.signedUrl)
    expect(await opened.text()).toBe('for staff')

    const batch = await bucket.createSignedUrls(['private/report.txt', 'private/none.txt'], 60)
    expect(batch.data?.[0]?.signedUrl).toContain('/object/sign/docs/private/report.txt?token=')
    expect(batch.data?.[1]).toMatchObject({
      signedUrl: null,
      error: 'Either the object does not exist or you do not have access to it',
    })
    expect((await fetch(batch.data![0]!.signedUrl!)).status).toBe(200)

    // A token names one object: it opens no other.
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')
    const other = await fetch(`${server.url}/storage/v1/object/sign/docs/secret.txt?token=${token}`)
    expect(other.status).toBe(400)
    expect((await other.json()).error).toBe('InvalidSignature')

    server.server.clock.advance(61_000)
    const expired = await fetch(signed.data!.signedUrl)
    expect(expired.status).toBe(400)
    expect(await expired.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' })
  })
})

describe('signed upload URLs', () => {
  const tokenPayload = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >

  it('let anyone holding the token upload that one object, once, within two hours', async () => {
    const bucket = service.storage.from('docs')
    const signed = await bucket.createSignedUploadUrl('inbox/letter.txt')
    expect(signed.error).toBeNull()
    expect(signed.data).toMatchObject({ path: 'inbox/letter.txt' })
    expect(signed.data!.signedUrl).toBe(
      `${server.url}/storage/v1/object/upload/sign/docs/inbox/letter.txt?token=${signed.data!.token}`,
    )
    const claims = tokenPayload(signed.data!.token)
    expect(claims).toMatchObject({ url: 'docs/inbox/letter.txt', upsert: false, scope: 'upload' })
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7200)
    // Signing keeps nothing: the object exists only once uploaded.
    expect((await objectNames()).some((o) => o.name === 'inbox/letter.txt')).toBe(false)

    // A visitor with no rights on the bucket uploads through the token.
    const anon = server.client().storage.from('docs')
    const up = await anon.uploadToSignedUrl('inbox/letter.txt', signed.data!.token, 'dear staff', {
      contentType: 'text/plain',
    })
    expect(up.error).toBeNull()
    expect(up.data).toEqual({ path: 'inbox/letter.txt', fullPath: 'docs/inbox/letter.txt' })
    expect(await (await bucket.download('inbox/letter.txt')).data?.text()).toBe('dear staff')

    // Without upsert in the token, the object is not replaced; a Blob goes as form data.
    const again = await anon.uploadToSignedUrl(
      'inbox/letter.txt',
      signed.data!.token,
      new Blob(['replaced'], { type: 'text/plain' }),
      { upsert: true },
    )
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' })
    // The token names one object.
    const elsewhere = await anon.uploadToSignedUrl('inbox/other.txt', signed.data!.token, 'x', {
      contentType: 'text/plain',
    })
    expect(elsewhere.error).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })
    // Signing an object that exists is refused unless replacing is asked for.
    const taken = await bucket.createSignedUploadUrl('inbox/letter.txt')
    expect(taken.error).toMatchObject({ statusCode: '409' })
    const replace = await bucket.createSignedUploadUrl('inbox/letter.txt', { upsert: true })
    expect(tokenPayload(replace.data!.token)).toMatchObject({ upsert: true })
    const replaced = await anon.uploadToSignedUrl(
      'inbox/letter.txt',
      replace.data!.token,
      new Blob(['replaced'], { type: 'text/plain' }),
    )
    expect(replaced.error).toBeNull()
    expect(await (await bucket.download('inbox/letter.txt')).data?.text()).toBe('replaced')

    const late = await bucket.createSignedUploadUrl('inbox/late.txt')
    server.server.clock.advance(7201_000)
    const expired = await anon.uploadToSignedUrl('inbox/late.txt', late.data!.token, 'late', {
      contentType: 'text/plain',
    })
    expect(expired.error).toMatchObject({ statusCode: '400', code: 'InvalidJWT' })
  })

  it('keep the bucket limits, and no download token uploads nor upload token downloads', async () => {
    const before = storedFiles()
    const names = await objectNames()
    const bucket = service.storage.from('docs')
    const anon = server.client().storage.from('docs')
    const big = await bucket.createSignedUploadUrl('inbox/big.txt')
    expect(
      (
        await anon.uploadToSignedUrl('inbox/big.txt', big.data!.token, 'x'.repeat(1001), {
          contentType: 'text/plain',
        })
      ).error,
    ).toMatchObject({ statusCode: '413' })
    expect(
      (
        await anon.uploadToSignedUrl('inbox/big.txt', big.data!.token, '<b>hi</b>', {
          contentType: 'text/html',
        })
      ).error,
    ).toMatchObject({ statusCode: '415' })
    expect(
      (
        await anon.uploadToSignedUrl('inbox/big.txt', `${big.data!.token}x`, 'x', {
          contentType: 'text/plain',
        })
      ).error,
    ).toMatchObject({ statusCode: '400', code: 'InvalidJWT' })

    await bucket.upload('inbox/read.txt', 'read me', { contentType: 'text/plain', upsert: true })
    const download = await bucket.createSignedUrl('inbox/read.txt', 60)
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!
    const replay = await anon.uploadToSignedUrl('inbox/read.txt', downloadToken, 'overwritten', {
      contentType: 'text/plain',
    })
    expect(replay.error).toMatchObject({
      statusCode: '400',
      code: 'InvalidSignature',
      message: 'Token is not scoped for upload',
    })
    const opened = await fetch(
      `${server.url}/storage/v1/object/sign/docs/inbox/big.txt?token=${big.data!.token}`,
    )
    expect(await opened.json()).toMatchObject({ error: 'InvalidSignature' })

    const bad = await bucket.createSignedUploadUrl('inbox/..%2F..%2Fescape.txt')
    expect(bad.error).toMatchObject({
      statusCode: '400',
      message: expect.stringContaining('Invalid key'),
    })
    const noBucket = await service.storage.from('nope').createSignedUploadUrl('a.txt')
    expect(noBucket.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })

    expect((await objectNames()).filter((o) => !names.some((n) => n.name === o.name))).toEqual([
      { bucket_id: 'docs', name: 'inbox/read.txt' },
    ])
    expect(storedFiles()).toBe(before + (names.some((n) => n.name === 'inbox/read.txt') ? 0 : 1))
  })
})

describe('refused uploads leave nothing behind', () => {
  it('too big, wrong type, or a key escaping the bucket', async () => {
    const bucket = service.storage.from('docs')
    const before = storedFiles()
    const names = await objectNames()
    const big = await bucket.upload('big.txt', 'x'.repeat(1001), { contentType: 'text/plain' })
    expect(big.error).toMatchObject({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    })
    const bigBlob = await bucket.upload(
      'big.txt',
      new Blob(['x'.repeat(1001)], { type: 'text/plain' }),
    )
    expect(bigBlob.error).toMatchObject({ statusCode: '413' })
    const wrongType = await bucket.upload('page.html', '<b>hi</b>', { contentType: 'text/html' })
    expect(wrongType.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/html is not supported',
    })
    for (const key of [
      '../x.txt',
      'a/../../x.txt',
      '..%2Fx.txt',
      'a/..%2F..%2Fx.txt',
      '.%2Fx.txt',
    ]) {
      const escaped = await bucket.upload(key, 'x', { contentType: 'text/plain' })
      expect(escaped.error, key).toMatchObject({
        statusCode: '400',
        message: expect.stringContaining('Invalid key'),
      })
    }
    const missing = await service.storage
      .from('nope')
      .upload('a.txt', 'x', { contentType: 'text/plain' })
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })

    expect(await objectNames()).toEqual(names)
    expect(storedFiles()).toBe(before)
    // The connection that carried a refused body still serves the next request.
    expect((await service.storage.getBucket('docs')).error).toBeNull()
  })
})

describe('image transformation', () => {
  it('resizes and re-encodes as the render endpoint does', async () => {
    const bucket = service.storage.from('open')
    await bucket.upload('photo.jpg', await jpeg(1200, 800), { contentType: 'image/jpeg' })

    const cover = await bucket.download('photo.jpg', {
      transform: { width: 300, height: 300, resize: 'cover' },
    })
    const coverMeta = await sharp(Buffer.from(await cover.data!.arrayBuffer())).metadata()
    expect([coverMeta.width, coverMeta.height, coverMeta.format]).toEqual([300, 300, 'jpeg'])

    const contain = bucket.getPublicUrl('photo.jpg', {
      transform: { width: 300, height: 300, resize: 'contain', quality: 50 },
    }).data.publicUrl
    expect(contain).toContain('/render/image/public/open/photo.jpg?width=300')
    const webp = await fetch(contain, { headers: { accept: 'image/avif,image/webp,*/*' } })
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect(webp.headers.get('vary')).toBe('Accept')
    const webpMeta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata()
    expect([webpMeta.width, webpMeta.height, webpMeta.format]).toEqual([300, 200, 'webp'])

    const fill = await fetch(
      `${server.url}/storage/v1/render/image/public/open/photo.jpg?width=100&height=300&resize=fill&format=avif`,
    )
    expect(fill.headers.get('content-type')).toBe('image/avif')
    const fillMeta = await sharp(Buffer.from(await fill.arrayBuffer())).metadata()
    expect([fillMeta.width, fillMeta.height, fillMeta.format]).toEqual([100, 300, 'heif'])

    const origin = await fetch(
      `${server.url}/storage/v1/render/image/public/open/photo.jpg?width=2000&format=origin`,
      {
        headers: { accept: 'image/webp' },
      },
    )
    const originMeta = await sharp(Buffer.from(await origin.arrayBuffer())).metadata()
    expect([originMeta.width, originMeta.format]).toEqual([1200, 'jpeg']) // never enlarged

    const signed = await bucket.createSignedUrl('photo.jpg', 60, { transform: { width: 120 } })
    expect(signed.data?.signedUrl).toContain('/render/image/sign/open/photo.jpg?token=')
    const small = await fetch(signed.data!.signedUrl)
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(120)

    const notImage = await fetch(
      `${server.url}/storage/v1/render/image/public/open/hello.txt?width=10`,
    )
    expect(notImage.status).toBe(400)
  })
})
