import { createClient } from '@supabase/supabase-js'

/**
 * POST `{ email, role }` from an admin's session: the database records the invitation (and refuses
 * anyone but an admin), then the auth server emails the invitee a link that confirms their address,
 * signs them in and opens the page where they choose a password. The role is granted by the database
 * when that link is opened; an existing account gets it at once and no email.
 */
type Env = (name: string) => string | undefined

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
} as const

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...cors, 'Content-Type': 'application/json; charset=utf-8' },
  })

const refuse = (status: number, code: string, message: string) => answer(status, { code, message })

/** Where the invitation link lands: the password form, then the admin area. */
export function invitationLanding(origin: string): string {
  const target = new URL('/auth', origin)
  target.searchParams.set('mode', 'reset')
  target.searchParams.set('redirect', '/admin')
  return target.href
}

export async function handleStaffInvite(req: Request, env: Env): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
  if (req.method !== 'POST') return refuse(405, 'method_not_allowed', 'Use POST.')
  const url = env('SUPABASE_URL')
  const anonKey = env('SUPABASE_ANON_KEY')
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY')
  if (!url || !anonKey || !serviceKey) {
    return refuse(503, 'not_configured', 'Invitations are not available right now.')
  }
  const authorization = req.headers.get('authorization') ?? ''
  if (!/^Bearer\s+\S+$/i.test(authorization)) {
    return refuse(401, 'signed_out', 'Sign in as an admin to invite staff.')
  }
  let body: { email?: unknown; role?: unknown }
  try {
    const raw = await req.text()
    if (raw.length > 4096) return refuse(413, 'body_too_large', 'The request is too large.')
    body = JSON.parse(raw) as typeof body
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object')
  } catch {
    return refuse(400, 'invalid_json', 'The request body must be a JSON object.')
  }
  const options = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  }
  const caller = createClient(url, anonKey, {
    ...options,
    global: { headers: { Authorization: authorization } },
  })
  const recorded = await caller.rpc('invite_staff', { email: body.email, role: body.role })
  if (recorded.error) {
    const { code, message, details } = recorded.error
    const status = /^PT(\d{3})$/.exec(code ?? '')?.[1]
    if (status) {
      let detail = 'refused'
      try {
        detail = (JSON.parse(details ?? '{}') as { code?: string }).code ?? detail
      } catch {
        // keep the generic code
      }
      return refuse(Number(status), detail, message)
    }
    if (code === '42501') return refuse(403, 'forbidden', 'Only admins can invite staff.')
    if (recorded.status === 401) return refuse(401, 'signed_out', 'Your session has ended.')
    console.error('[staff-invite] could not record the invitation:', code, message)
    return refuse(503, 'unavailable', 'The invitation could not be saved. Please try again.')
  }
  const invitation = recorded.data as {
    invitationId: string
    email: string
    role: string
    existingAccount: boolean
  }
  if (invitation.existingAccount) return answer(200, { ...invitation, emailed: false })

  const origin = req.headers.get('origin') ?? env('SITE_URL') ?? url
  const service = createClient(url, serviceKey, options)
  const sent = await service.auth.admin.inviteUserByEmail(invitation.email, {
    redirectTo: invitationLanding(origin),
  })
  if (sent.error) {
    console.error('[staff-invite] the invitation email failed:', sent.error.message)
    return refuse(
      sent.error.status === 429 ? 429 : 503,
      'email_failed',
      sent.error.status === 429
        ? 'An invitation was sent to this address moments ago. Try again in a minute.'
        : 'The invitation was saved but its email could not be sent. Try again.',
    )
  }
  return answer(200, { ...invitation, emailed: true })
}
