/**
 * Completes the second sign-in step for a supabase-js client signed in with a password, the way a
 * person with an authenticator app would: staff without a factor enrol one first (staff rights need
 * an aal2 session), and the code is computed from the factor's secret. As on hosted Supabase, the
 * challenge is single-use, not the code: the current step's code opens any number of challenges.
 * The aal2 token reaches realtime through the client's auth listener, as in the app.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { totpCode, totpStep } from '../../supabase/local/auth/totp'
import { LOCAL_STAFF } from '../../supabase/local/staff-seed'
import type { TestServer } from './server'

interface FactorState {
  id: string
  secret: string
}

async function verifiedFactor(server: TestServer, userId: string) {
  const res = await server.server.db.pg.query<FactorState>(
    `select id, secret from auth.mfa_factors
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

/** Over HTTP only (a running `npm start`, as the benchmarks use): a local staff account's code. */
async function completeOverHttp(client: SupabaseClient, email: string | undefined) {
  const staff = LOCAL_STAFF.find((s) => s.email === email)
  if (!staff) return
  const { data } = await client.auth.mfa.listFactors()
  const factor = data?.totp[0]
  if (!factor) return
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totpCode(staff.totpSecret, totpStep(Date.now())),
  })
  if (verified.error) throw verified.error
}

export async function completeSecondFactor(server: TestServer, client: SupabaseClient) {
  const { data } = await client.auth.getSession()
  const userId = data.session?.user.id
  if (!userId) throw new Error('completeSecondFactor: the client is not signed in')
  if (!(server as Partial<TestServer>).server) {
    return completeOverHttp(client, data.session?.user.email)
  }
  let factor = await verifiedFactor(server, userId)
  if (!factor) {
    if (!(await isStaff(server, userId))) return
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
    if (enrolled.error) throw enrolled.error
    factor = { id: enrolled.data.id, secret: enrolled.data.totp.secret }
  }
  const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
  if (challenge.error) throw challenge.error
  const verified = await client.auth.mfa.verify({
    factorId: factor.id,
    challengeId: challenge.data.id,
    code: totpCode(factor.secret, totpStep(server.server.clock.now())),
  })
  if (verified.error) throw verified.error
}
