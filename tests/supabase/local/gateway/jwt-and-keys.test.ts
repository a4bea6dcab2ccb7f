import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { createJwtTools, JwtError } from '../../../../supabase/local/jwt'
import {
  DEMO_ANON_KEY,
  DEMO_JWT_SECRET,
  DEMO_PUBLISHABLE_KEY,
  DEMO_SECRET_KEY,
  DEMO_SERVICE_ROLE_KEY,
  loadKeys,
  signApiKey,
} from '../../../../supabase/local/keys'

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('API keys', () => {
  it('are the CLI demo keys, which the demo secret really signed', () => {
    expect(signApiKey('anon', DEMO_JWT_SECRET)).toBe(DEMO_ANON_KEY)
    expect(signApiKey('service_role', DEMO_JWT_SECRET)).toBe(DEMO_SERVICE_ROLE_KEY)
    expect(loadKeys({})).toEqual({
      jwtSecret: DEMO_JWT_SECRET,
      anonKey: DEMO_ANON_KEY,
      serviceRoleKey: DEMO_SERVICE_ROLE_KEY,
      publishableKey: DEMO_PUBLISHABLE_KEY,
      secretKey: DEMO_SECRET_KEY,
    })
    expect(DEMO_PUBLISHABLE_KEY).toMatch(/^sb_publishable_/)
    expect(DEMO_SECRET_KEY).toMatch(/^sb_secret_/)
  })

  it('follow a custom JWT_SECRET unless keys are given too', async () => {
    const secret = 'a-custom-secret-of-more-than-thirty-two-chars'
    const keys = loadKeys({ JWT_SECRET: secret })
    const tools = createJwtTools(secret)
    expect(await tools.verify(keys.anonKey)).toMatchObject({ role: 'anon' })
    expect(await tools.verify(keys.serviceRoleKey)).toMatchObject({ role: 'service_role' })
    expect(loadKeys({ JWT_SECRET: secret, ANON_KEY: 'given' }).anonKey).toBe('given')
    expect(() => loadKeys({ JWT_SECRET: 'short' })).toThrow(/at least 32/)
  })
})

describe('verify', () => {
  const now = Date.UTC(2026, 10, 21) // fixed clock
  const tools = createJwtTools(DEMO_JWT_SECRET, () => now)
  const iat = Math.floor(now / 1000)

  const reason = async (token: string, leewaySeconds?: number) =>
    tools.verify(token, { leewaySeconds }).then(
      () => 'accepted',
      (error: unknown) => (error instanceof JwtError ? error.reason : 'other error'),
    )

  it('accepts its own tokens and the demo keys', async () => {
    const token = await tools.sign({ sub: 'u', role: 'authenticated', iat, exp: iat + 60 })
    expect(await tools.verify(token)).toMatchObject({ sub: 'u', role: 'authenticated' })
    expect(await reason(DEMO_ANON_KEY)).toBe('accepted')
  })

  it('rejects alg none, other algorithms, wrong signatures, edited payloads and garbage', async () => {
    const claims = { sub: 'u', role: 'service_role', exp: iat + 60 }
    expect(await reason(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).toBe('malformed')
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(DEMO_JWT_SECRET))
    expect(await reason(hs512)).toBe('malformed')
    const other = await createJwtTools('another-secret-that-is-also-32-chars-long').sign(claims)
    expect(await reason(other)).toBe('invalid_signature')
    const [header, , signature] = DEMO_ANON_KEY.split('.')
    const edited = `${header}.${b64({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 })}.${signature}`
    expect(await reason(edited)).toBe('invalid_signature')
    expect(await reason('not.a.jwt')).toBe('malformed')
    expect(await reason('two.parts')).toBe('malformed')
  })

  it('rejects expired tokens, with the leeway the caller asks for', async () => {
    const expired = await tools.sign({ sub: 'u', exp: iat - 10 })
    expect(await reason(expired)).toBe('expired')
    expect(await reason(expired, 30)).toBe('accepted')
    const long = await tools.sign({ sub: 'u', exp: iat - 31 })
    expect(await reason(long, 30)).toBe('expired')
  })
})
