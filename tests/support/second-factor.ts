/**
 * Completes the second sign-in step for a supabase-js client signed in with a password, the way a
 * person with an authenticator app would: staff without a factor enrol one first (staff rights need
 * an aal2 session), and the code is computed from the factor's secret. Each code works once, so the
 * kit takes the oldest unused code the server still accepts, waiting for a fresh one if needed.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { totpCode, totpStep, TOTP_PERIOD_SECONDS, TOTP_SKEW } from '../../supabase/local/auth/totp'
import { LOCAL_STAFF } from '../../supabase/local/staff-seed'
import type { TestServer } from './server'

interface FactorState {
  id: string
  secret: string
  last: string | null
}

async function verifiedFactor(server: TestServer, userId: string) {
  const res = await server.server.db.pg.query<FactorState>(
    `select id, secret, last_verified_step::text as last from auth.mfa_factors
      where user_id = $1 and status = 'verified' and factor_type = 'totp'
      order by created_at limit 1`,
    [userId],
  )
  return res.rows[0]
}

async function isStaff(server: TestServer, userId: string) {
  const res = await server.server.db.pg.query(
    'select 1 from public.user_roles where user_id = $1',
    [userId],
  )
  return res.rows.length > 0
}

/**
 * The current step's code, or the next step's when the current one was used (waits when both were).
 * The previous step's code is never taken: on a busy machine it can leave the window before it arrives.
 */
async function freshCode(server: TestServer, factor: FactorState): Promise<string> {
  const last = factor.last === null ? -Infinity : Number(factor.last)
  for (;;) {
    const now = server.server.clock.now()
    const current = totpStep(now)
    for (let step = current; step <= current + TOTP_SKEW; step++) {
      if (step > last) return totpCode(factor.secret, step)
    }
    const wait = TOTP_PERIOD_SECONDS * 1000 - (now % (TOTP_PERIOD_SECONDS * 1000)) + 50
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

/**
 * Over HTTP only (a running `npm start`, as the benchmarks use): a local staff account's codes, tried
 * oldest first, since which ones were used is not known from outside.
 */
async function completeByTrying(client: SupabaseClient, email: string | undefined) {
  const staff = LOCAL_STAFF.find((s) => s.email === email)
  if (!staff) return
  const { data } = await client.auth.mfa.listFactors()
  const factor = data?.totp[0]
  if (!factor) return
  for (let attempt = 0; attempt < 8; attempt++) {
    const current = totpStep(Date.now())
    for (let step = current; step <= current + TOTP_SKEW; step++) {
      const verified = await client.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: totpCode(staff.totpSecret, step),
      })
      if (!verified.error) {
        await client.realtime.setAuth(verified.data.access_token)
        return
      }
    }
    await new Promise((resolve) => setTimeout(resolve, TOTP_PERIOD_SECONDS * 1000))
  }
  throw new Error(`no sign-in code worked for ${email}`)
}

export async function completeSecondFactor(server: TestServer, client: SupabaseClient) {
  const { data } = await client.auth.getSession()
  const userId = data.session?.user.id
  if (!userId) throw new Error('completeSecondFactor: the client is not signed in')
  if (!(server as Partial<TestServer>).server) {
    return completeByTrying(client, data.session?.user.email)
  }
  let factor = await verifiedFactor(server, userId)
  if (!factor) {
    if (!(await isStaff(server, userId))) return
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
    if (enrolled.error) throw enrolled.error
    factor = { id: enrolled.data.id, secret: enrolled.data.totp.secret, last: null }
  }
  const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
  if (challenge.error) throw challenge.error
  const verified = await client.auth.mfa.verify({
    factorId: factor.id,
    challengeId: challenge.data.id,
    code: await freshCode(server, factor),
  })
  if (verified.error) throw verified.error
  // As the app does: supabase-js gives realtime the new token on sign-in and refresh only.
  await client.realtime.setAuth(verified.data.access_token)
}
