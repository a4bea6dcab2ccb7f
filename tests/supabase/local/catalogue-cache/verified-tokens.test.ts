import { describe, expect, it } from 'vitest'
import { createJwtTools, JwtError } from '../../../../supabase/local/jwt'
import { DEMO_JWT_SECRET } from '../../../../supabase/local/keys'

/**
 * Tokens are verified once and remembered (the catalogue's hot path verifies the anon key on every read).
 * A remembered token must still expire on time, honour each caller's leeway, and never stand in for
 * another token with the same payload.
 */
describe('remembered tokens', () => {
  let now = Date.UTC(2026, 10, 21)
  const tools = createJwtTools(DEMO_JWT_SECRET, () => now)
  const seconds = () => Math.floor(now / 1000)
  const reason = (token: string, leewaySeconds?: number) =>
    tools.verify(token, { leewaySeconds }).then(
      () => 'accepted',
      (error: unknown) => (error instanceof JwtError ? error.reason : 'other error'),
    )

  it('expire on the clock after they were accepted, with the leeway each caller asks for', async () => {
    const token = await tools.sign({ sub: 'u', role: 'authenticated', exp: seconds() + 60 })
    expect(await reason(token)).toBe('accepted')
    now += 59_000
    expect(await reason(token)).toBe('accepted')
    now += 1_000
    expect(await reason(token)).toBe('expired')
    expect(await reason(token, 30)).toBe('accepted')
    now += 30_000
    expect(await reason(token, 30)).toBe('expired')
  })

  it('are not valid before their nbf, even once accepted', async () => {
    const token = await tools.sign({ sub: 'u', nbf: seconds() - 5, exp: seconds() + 600 })
    expect(await reason(token)).toBe('accepted')
    now -= 10_000
    const refused = await tools.verify(token).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(JwtError)
    expect((refused as JwtError).reason).toBe('invalid_claims')
    expect((refused as JwtError).message).toBe('"nbf" claim timestamp check failed')
    now += 10_000
  })

  it('hand out copies, and a signature that was never checked is still checked', async () => {
    const token = await tools.sign({ sub: 'u', role: 'authenticated', app_metadata: { a: 1 } })
    const first = await tools.verify(token)
    ;(first.app_metadata as { a: number }).a = 2
    first.role = 'service_role'
    expect(await tools.verify(token)).toMatchObject({
      role: 'authenticated',
      app_metadata: { a: 1 },
    })

    const [header, payload] = token.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    expect(await reason(forged)).toBe('invalid_signature')
  })
})
