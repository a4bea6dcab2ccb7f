import { createHash, randomBytes } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, uniqueEmail, type TestServer } from '../../../support/server'

/**
 * Email links in the PKCE flow, as supabase-js with `flowType: 'pkce'` uses them: the request carries a
 * code challenge, the link lands with `?code=` (never a session in the address), and the code is traded
 * once, with its verifier, within five minutes, for a session. Secure email change needs both links.
 */
let t: TestServer
let defaults: string
const landing = 'http://127.0.0.1:4173/account'

beforeAll(async () => {
  t = await startTestServer()
  defaults = JSON.stringify(t.server.authSettings)
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => {
  Object.assign(t.server.authSettings, JSON.parse(defaults))
})

/** A browser-like client in the PKCE flow; its code verifier stays in its own memory storage. */
function pkceClient(): SupabaseClient {
  const memory = new Map<string, string>()
  return createClient(t.url, t.anonKey, {
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: {
      flowType: 'pkce',
      autoRefreshToken: false,
      detectSessionInUrl: false,
      persistSession: true,
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    },
  })
}

const api = (path: string, body: unknown) =>
  fetch(`${t.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: t.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify(body),
  })

const exchange = (authCode: string, verifier: string) =>
  api('/token?grant_type=pkce', { auth_code: authCode, code_verifier: verifier })

/** Opens an emailed link as a browser would and returns where it redirects. */
async function open(link: string): Promise<URL> {
  const answer = await fetch(link, { redirect: 'manual' })
  expect(answer.status).toBe(303)
  return new URL(answer.headers.get('location')!)
}

const newVerifier = () => randomBytes(48).toString('base64url')
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

describe('PKCE sign-up confirmation', () => {
  it('lands with ?code= and no tokens; the same client trades it for a confirmed session', async () => {
    t.server.authSettings.mailerAutoconfirm = false
    const client = pkceClient()
    const email = uniqueEmail('pkce-signup')
    const signedUp = await client.auth.signUp({
      email,
      password: 'secret-pass-1',
      options: { emailRedirectTo: landing },
    })
    expect(signedUp.error).toBeNull()
    expect(signedUp.data.session).toBeNull()

    const mail = t.server.inbox.latest(email, 'signup')!
    expect(new URL(mail.link).searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/)
    const location = await open(mail.link)
    expect(`${location.origin}${location.pathname}`).toBe(landing)
    expect(location.hash).toBe('')
    const code = location.searchParams.get('code')!
    expect(code).toMatch(/^[0-9a-f-]{36}$/)
    expect(location.href).not.toContain('access_token')

    const { data, error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toBeTruthy()
    const me = await client.auth.getUser()
    expect(me.data.user?.id).toBe(data.user?.id)

    // Used once: the same code again is refused, whoever holds a verifier.
    const again = await client.auth.exchangeCodeForSession(code)
    expect(again.error).toBeTruthy()
  })

  it('a client without the verifier (another browser) cannot use the code', async () => {
    t.server.authSettings.mailerAutoconfirm = false
    const email = uniqueEmail('pkce-other')
    await pkceClient().auth.signUp({
      email,
      password: 'secret-pass-1',
      options: { emailRedirectTo: landing },
    })
    const code = (await open(t.server.inbox.latest(email, 'signup')!.link)).searchParams.get(
      'code',
    )!
    const elsewhere = await pkceClient().auth.exchangeCodeForSession(code)
    expect(elsewhere.error?.name).toBe('AuthPKCECodeVerifierMissingError')
    const guessed = await exchange(code, newVerifier())
    expect(guessed.status).toBe(400)
    expect(await guessed.json()).toEqual({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    })
  })
})

describe('PKCE recovery', () => {
  it('supabase-js: the code signs in for recovery, and the password can then be changed', async () => {
    const { email } = await t.signUpUser()
    const client = pkceClient()
    const events: string[] = []
    client.auth.onAuthStateChange((event) => void events.push(event))
    expect(
      (await client.auth.resetPasswordForEmail(email, { redirectTo: `${landing}?mode=reset` }))
        .error,
    ).toBeNull()
    const location = await open(t.server.inbox.latest(email, 'recovery')!.link)
    expect(location.searchParams.get('mode')).toBe('reset')
    const { data, error } = await client.auth.exchangeCodeForSession(
      location.searchParams.get('code')!,
    )
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(events).toContain('PASSWORD_RECOVERY')
    const amr = JSON.parse(
      Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    ) as { amr: { method: string }[] }
    expect(amr.amr.map((entry) => entry.method)).toEqual(['recovery'])

    expect((await client.auth.updateUser({ password: 'brand-new-pass' })).error).toBeNull()
    const signIn = await t.client().auth.signInWithPassword({ email, password: 'brand-new-pass' })
    expect(signIn.error).toBeNull()
  })

  it('GoTrue’s answers: wrong verifier 400, right one 200 once, then 404; plain challenges too', async () => {
    for (const method of ['s256', 'plain'] as const) {
      const { email } = await t.signUpUser()
      const verifier = newVerifier()
      const challenge = method === 's256' ? s256(verifier) : verifier
      const asked = await api(`/recover?redirect_to=${encodeURIComponent(landing)}`, {
        email,
        code_challenge: challenge,
        code_challenge_method: method,
      })
      expect(asked.status).toBe(200)
      const code = (await open(t.server.inbox.latest(email, 'recovery')!.link)).searchParams.get(
        'code',
      )!

      const wrong = await exchange(code, newVerifier())
      expect(wrong.status).toBe(400)
      expect(((await wrong.json()) as { code: string }).code).toBe('bad_code_verifier')

      const right = await exchange(code, verifier)
      expect(right.status).toBe(200)
      const session = (await right.json()) as { access_token: string; user: { email: string } }
      expect(session.user.email).toBe(email)
      expect(session.access_token).toBeTruthy()

      const reused = await exchange(code, verifier)
      expect(reused.status).toBe(404)
      expect(await reused.json()).toEqual({
        code: 'flow_state_not_found',
        message: 'invalid flow state, no valid flow state found',
      })
    }
  })

  it('a code is refused after five minutes: 422 flow_state_expired', async () => {
    const { email } = await t.signUpUser()
    const verifier = newVerifier()
    await api('/recover', { email, code_challenge: s256(verifier), code_challenge_method: 's256' })
    const code = (await open(t.server.inbox.latest(email, 'recovery')!.link)).searchParams.get(
      'code',
    )!
    t.server.clock.advance(301_000)
    const late = await exchange(code, verifier)
    expect(late.status).toBe(422)
    expect(await late.json()).toEqual({
      code: 'flow_state_expired',
      message: 'invalid flow state, flow state has expired',
    })
  })

  it('refuses malformed PKCE requests and incomplete exchanges as GoTrue does', async () => {
    const { email } = await t.signUpUser()
    const half = await api('/recover', { email, code_challenge: s256(newVerifier()) })
    expect(half.status).toBe(400)
    expect(((await half.json()) as { message: string }).message).toBe(
      'PKCE flow requires code_challenge_method and code_challenge',
    )
    const short = await api('/recover', {
      email,
      code_challenge: 'short',
      code_challenge_method: 's256',
    })
    expect(((await short.json()) as { message: string }).message).toBe(
      'code challenge has to be between 43 and 128 characters',
    )
    const empty = await exchange('', '')
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({
      code: 'validation_failed',
      message: 'invalid request: both auth code and code verifier should be non-empty',
    })
  })

  it('a used or expired PKCE link redirects with the error in the query and the fragment', async () => {
    const { email } = await t.signUpUser()
    await pkceClient().auth.resetPasswordForEmail(email, { redirectTo: landing })
    const link = t.server.inbox.latest(email, 'recovery')!.link
    await open(link)
    const second = await open(link)
    expect(second.searchParams.get('error_code')).toBe('otp_expired')
    expect(second.searchParams.get('error_description')).toBe(
      'Email link is invalid or has expired',
    )
    expect(second.searchParams.get('code')).toBeNull()
    expect(new URLSearchParams(second.hash.slice(1)).get('error_code')).toBe('otp_expired')
  })
})

describe('secure email change', () => {
  it('needs the links sent to both addresses, and the last one lands with ?code=', async () => {
    const { email, password } = await t.signUpUser()
    const client = pkceClient()
    await client.auth.signInWithPassword({ email, password })
    t.server.authSettings.mailerAutoconfirm = false
    const next = uniqueEmail('pkce-moving')
    const { data, error } = await client.auth.updateUser(
      { email: next },
      { emailRedirectTo: landing },
    )
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.new_email).toBe(next)

    const toNew = t.server.inbox.latest(next, 'email_change')!
    const toCurrent = t.server.inbox.latest(email, 'email_change')!
    expect(toNew.link).not.toBe(toCurrent.link)

    const first = await open(toCurrent.link)
    expect(first.searchParams.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    )
    expect(first.searchParams.get('code')).toBeNull()
    const halfway = await t.admin().auth.admin.getUserById(data.user!.id)
    expect(halfway.data.user?.email).toBe(email)
    // The used link stays used.
    expect((await open(toCurrent.link)).searchParams.get('error_code')).toBe('otp_expired')

    const second = await open(toNew.link)
    const code = second.searchParams.get('code')!
    expect(code).toBeTruthy()
    const exchanged = await client.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email).toBe(next)
    expect((await t.client().auth.signInWithPassword({ email: next, password })).error).toBeNull()
  })

  it('the new address alone does not change it; with the setting off it does', async () => {
    const { client, email, userId } = await t.signUpUser()
    t.server.authSettings.mailerAutoconfirm = false
    const next = uniqueEmail('half')
    await client.auth.updateUser({ email: next })
    const onlyNew = await t.client().auth.verifyOtp({
      email: next,
      token: t.server.inbox.latest(next, 'email_change')!.otp,
      type: 'email_change',
    })
    expect(onlyNew.error).toBeNull()
    expect(onlyNew.data.session).toBeNull()
    expect((await t.admin().auth.admin.getUserById(userId)).data.user?.email).toBe(email)

    t.server.authSettings.secureEmailChange = false
    t.server.clock.advance(61_000)
    const other = uniqueEmail('single')
    const toCurrent = () => t.server.inbox.list(email).filter((m) => m.kind === 'email_change')
    const before = toCurrent().length
    expect((await client.auth.updateUser({ email: other })).error).toBeNull()
    expect(toCurrent()).toHaveLength(before)
    const verified = await t.client().auth.verifyOtp({
      email: other,
      token: t.server.inbox.latest(other, 'email_change')!.otp,
      type: 'email_change',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe(other)
  })
})
