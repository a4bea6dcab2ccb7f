/**
 * The functions' view of the project's API keys: new publishable and secret keys beside the legacy
 * anon and service-role JWTs, read as the edge runtime provides them, and the caller's key recognised
 * in `apikey` or as the Bearer token.
 */
import { describe, expect, it } from 'vitest'
import {
  callerKey,
  projectKeys,
  publicKey,
  serverKey,
} from '../../../supabase/functions/_shared/api-keys'

const env =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name]

const both = env({
  SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({
    default: 'sb_publishable_a',
    web: 'sb_publishable_b',
  }),
  SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_a' }),
  SUPABASE_ANON_KEY: 'eyJ.anon.jwt',
  SUPABASE_SERVICE_ROLE_KEY: 'eyJ.service.jwt',
})

const request = (headers: Record<string, string>) =>
  new Request('http://localhost/functions/v1/x', { method: 'POST', headers })

describe('project keys', () => {
  it('reads the JSON dictionaries and the legacy keys, new keys first', () => {
    expect(projectKeys(both)).toEqual({
      publishable: ['sb_publishable_a', 'sb_publishable_b', 'eyJ.anon.jwt'],
      secret: ['sb_secret_a', 'eyJ.service.jwt'],
    })
    expect(serverKey(both)).toBe('sb_secret_a')
    expect(publicKey(both)).toBe('sb_publishable_a')
  })

  it('falls back to the singular variables and to the legacy keys alone', () => {
    const single = env({
      SUPABASE_SECRET_KEY: 'sb_secret_s',
      SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_s',
    })
    expect(projectKeys(single)).toEqual({
      publishable: ['sb_publishable_s'],
      secret: ['sb_secret_s'],
    })
    const legacy = env({ SUPABASE_ANON_KEY: 'eyJ.anon', SUPABASE_SERVICE_ROLE_KEY: 'eyJ.service' })
    expect(serverKey(legacy)).toBe('eyJ.service')
    expect(publicKey(legacy)).toBe('eyJ.anon')
  })

  it('ignores a malformed dictionary instead of failing', () => {
    expect(projectKeys(env({ SUPABASE_SECRET_KEYS: 'not json' })).secret).toEqual([])
  })
})

describe('the caller’s key', () => {
  const keys = projectKeys(both)
  it.each([
    [{ apikey: 'sb_publishable_b' }, 'publishable'],
    [{ apikey: 'sb_secret_a' }, 'secret'],
    [{ apikey: 'eyJ.anon.jwt', Authorization: 'Bearer eyJ.user.session' }, 'publishable'],
    [{ Authorization: 'Bearer eyJ.service.jwt' }, 'secret'],
    [{ Authorization: 'Bearer sb_publishable_a' }, 'publishable'],
  ])('knows %o as %s', (headers, kind) => {
    expect(callerKey(request(headers), keys)).toBe(kind)
  })

  it.each([
    [{}],
    [{ apikey: 'sb_publishable_c' }],
    [{ apikey: 'sb_secret_a ' + 'x' }],
    [{ Authorization: 'Bearer eyJ.user.session' }],
  ])('refuses %o', (headers) => {
    expect(callerKey(request(headers), keys)).toBeNull()
  })
})
