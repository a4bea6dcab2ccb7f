// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { isHashedCode, servedUrl } from '../../../../sw/asset-paths'
import { buildVersion, cacheNames } from '../../../../sw/build-info'
import {
  CATALOGUE_DETAILS_PATH,
  CATALOGUE_PATH,
  isCatalogueRead,
  validSeed,
} from '../../../../sw/catalogue-reads'
import {
  SW_MESSAGES as WORKER_MESSAGES,
  OUTBOX_SYNC_TAG as WORKER_TAG,
} from '../../../../sw/messages'
import { isAnonymousRequest } from '../../../../sw/public-request'
import { OUTBOX_SYNC_TAG, SW_MESSAGES } from '@/app/pwa/sw-messages'
import { catalogueDetailsUrl, catalogueUrl } from '@/features/catalogue/api/fetch-catalogue'

/** A JWT-shaped token with the given claims (the worker reads the role; it never verifies). */
function token(claims: Record<string, unknown>): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`
}

const anon = token({ role: 'anon', iss: 'supabase-demo' })
const request = (headers: Record<string, string>) =>
  new Request('http://127.0.0.1/rest/v1/rpc/catalogue', { headers })

describe('what the worker may cache', () => {
  it('accepts requests made with the anonymous key only', () => {
    expect(isAnonymousRequest(request({}))).toBe(true)
    expect(isAnonymousRequest(request({ apikey: anon, Authorization: `Bearer ${anon}` }))).toBe(
      true,
    )
    // A publishable key that is not a JWT, sent as both apikey and bearer.
    const publishable = 'sb_publishable_abc123'
    expect(
      isAnonymousRequest(request({ apikey: publishable, Authorization: `Bearer ${publishable}` })),
    ).toBe(true)
  })

  it('refuses anything carrying a user or service token', () => {
    const user = token({ role: 'authenticated', sub: 'user-a' })
    const service = token({ role: 'service_role' })
    expect(isAnonymousRequest(request({ apikey: anon, Authorization: `Bearer ${user}` }))).toBe(
      false,
    )
    expect(isAnonymousRequest(request({ apikey: anon, Authorization: `Bearer ${service}` }))).toBe(
      false,
    )
    expect(isAnonymousRequest(request({ apikey: anon, Authorization: 'Bearer not-a-jwt' }))).toBe(
      false,
    )
  })
})

describe('the catalogue the worker keeps', () => {
  it('is what the app reads: the list and its details', () => {
    const path = (url: string) => new URL(url, 'http://127.0.0.1').pathname
    expect(path(catalogueUrl())).toBe(CATALOGUE_PATH)
    expect(path(catalogueDetailsUrl())).toBe(CATALOGUE_DETAILS_PATH)
  })

  it('is read from this origin or from the hosted project', () => {
    const read = (address: string, init: RequestInit = {}) =>
      isCatalogueRead(new URL(address), new Request(address, init))
    const keyed = { headers: { apikey: anon, Authorization: `Bearer ${anon}` } }
    expect(read('http://127.0.0.1:4173/rest/v1/rpc/catalogue', keyed)).toBe(true)
    // Production: the app on its own domain, the catalogue on the Supabase project's.
    expect(read('https://abcdefgh.supabase.co/rest/v1/rpc/catalogue', keyed)).toBe(true)
    expect(read('https://abcdefgh.supabase.co/rest/v1/rpc/catalogue_details', keyed)).toBe(true)
    expect(read('https://abcdefgh.supabase.co/rest/v1/rpc/catalogue_version', keyed)).toBe(false)
    expect(read('https://abcdefgh.supabase.co/rest/v1/products', keyed)).toBe(false)
    expect(read('https://abcdefgh.supabase.co/rest/v1/rpc/catalogue', { method: 'POST' })).toBe(
      false,
    )
    const user = token({ role: 'authenticated', sub: 'user-a' })
    expect(
      read('https://abcdefgh.supabase.co/rest/v1/rpc/catalogue', {
        headers: { apikey: anon, Authorization: `Bearer ${user}` },
      }),
    ).toBe(false)
  })

  it('is filed from a snapshot on this origin only, under the catalogue’s own addresses', () => {
    const origin = 'https://luxe.example'
    const seed = {
      snapshot: '/assets/catalogue-snapshot-0123456789ab.json',
      list: 'https://abcdefgh.supabase.co/rest/v1/rpc/catalogue',
      details: 'https://abcdefgh.supabase.co/rest/v1/rpc/catalogue_details',
    }
    expect(validSeed(seed, origin)).toBe(true)
    expect(validSeed({ ...seed, snapshot: `${origin}${seed.snapshot}` }, origin)).toBe(true)
    expect(
      validSeed({ ...seed, snapshot: `https://elsewhere.example${seed.snapshot}` }, origin),
    ).toBe(false)
    expect(validSeed({ ...seed, snapshot: '/assets/index-abc.js' }, origin)).toBe(false)
    expect(validSeed({ ...seed, snapshot: `${seed.snapshot}?x=1` }, origin)).toBe(false)
    expect(validSeed({ ...seed, list: seed.details }, origin)).toBe(false)
    expect(validSeed({ ...seed, list: `${seed.list}?select=*` }, origin)).toBe(false)
    expect(
      validSeed(
        { ...seed, details: 'https://other.supabase.co/rest/v1/rpc/catalogue_details' },
        origin,
      ),
    ).toBe(false)
    expect(validSeed({ snapshot: seed.snapshot }, origin)).toBe(false)
    expect(validSeed({ ...seed, list: 'not a url at all: %%' }, origin)).toBe(false)
  })
})

describe('cache versions', () => {
  it('change with the shipped files, not with their order', () => {
    const a = [
      { url: 'index.html', revision: '1' },
      { url: 'assets/app-abc.js', revision: null },
    ]
    expect(buildVersion(a)).toBe(buildVersion([...a].reverse()))
    expect(buildVersion(a)).not.toBe(buildVersion([{ url: 'index.html', revision: '2' }, a[1]!]))
    const names = cacheNames(buildVersion(a))
    expect(names.catalogue).toContain(buildVersion(a))
    expect(Object.values(names).every((name) => name.startsWith('luxe-'))).toBe(true)
  })
})

describe('the build’s files', () => {
  it('keeps hashed scripts and stylesheets apart from other files', () => {
    const url = (path: string) => new URL(path, 'http://127.0.0.1')
    expect(isHashedCode(url('/assets/admin.products-DieZx8Ny.js'))).toBe(true)
    expect(isHashedCode(url('/assets/start-DduLBPrx.css'))).toBe(true)
    expect(isHashedCode(url('/assets/catalogue-snapshot-819df31b5bea.json'))).toBe(false)
    expect(isHashedCode(url('/images/products/dress-001.svg'))).toBe(false)
    expect(isHashedCode(url('/sw.js'))).toBe(false)
  })

  it('fetches a folder’s index.html at the folder, as the browser loaded it', () => {
    expect(servedUrl('http://127.0.0.1/index.html')).toBe('http://127.0.0.1/')
    expect(servedUrl('http://127.0.0.1/women/index.html')).toBe('http://127.0.0.1/women/')
    expect(servedUrl('http://127.0.0.1/app-shell.html')).toBe('http://127.0.0.1/app-shell.html')
  })

  it('keeps the code cache across releases, like the pictures', () => {
    const a = cacheNames(buildVersion(['index.html']))
    const b = cacheNames(buildVersion(['index.html', 'assets/app-abc.js']))
    expect(a.assets).toBe(b.assets)
    expect(a.pages).not.toBe(b.pages)
  })
})

describe('page and worker', () => {
  it('speak the same messages', () => {
    expect(SW_MESSAGES).toEqual(WORKER_MESSAGES)
    expect(OUTBOX_SYNC_TAG).toBe(WORKER_TAG)
  })
})
