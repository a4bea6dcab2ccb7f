/**
 * The local mailer: emails auth would send (sign-up confirmation, password recovery, magic link, email
 * change) and the store's own emails (welcome code, order news) are kept in memory and shown at
 * `/__dev/inbox` (and `/__dev/inbox.json`), newest first. Nothing is sent anywhere. Only loopback
 * clients may read it.
 */
export type EmailKind =
  'signup' | 'recovery' | 'magiclink' | 'email_change' | 'invite' | 'reauthentication'

export interface DevEmail {
  id: number
  to: string
  subject: string
  /** An auth email's kind, or `store` for the store's own emails (welcome code, order news). */
  kind: EmailKind | 'store'
  /** The link in the email (GoTrue's ConfirmationURL). */
  link: string
  /** The 6-digit code for `verifyOtp`. */
  otp: string
  tokenHash: string
  /** The text of a store email (auth emails carry a link and code instead). */
  text?: string
  sentAt: string
}

export interface DevInbox {
  send(email: Omit<DevEmail, 'id' | 'sentAt'>): DevEmail
  /** Newest first; optionally only the emails to one address. */
  list(to?: string): DevEmail[]
  latest(to: string, kind?: EmailKind | 'store'): DevEmail | undefined
  clear(): void
}

export function createDevInbox(
  options: { limit?: number; now?: () => number; log?: (message: string) => void } = {},
): DevInbox {
  const limit = options.limit ?? 500
  const now = options.now ?? Date.now
  const log = options.log ?? ((m: string) => console.info(m))
  const emails: DevEmail[] = []
  let nextId = 1

  return {
    send(email) {
      const entry: DevEmail = { ...email, id: nextId++, sentAt: new Date(now()).toISOString() }
      emails.unshift(entry)
      if (emails.length > limit) emails.length = limit
      log(
        entry.text
          ? `[dev inbox] ${entry.subject} → ${entry.to}`
          : `[dev inbox] ${entry.subject} → ${entry.to}: ${entry.link} (code ${entry.otp})`,
      )
      return entry
    },
    list(to) {
      const address = to?.toLowerCase()
      return address ? emails.filter((e) => e.to === address) : [...emails]
    },
    latest(to, kind) {
      const address = to.toLowerCase()
      return emails.find((e) => e.to === address && (!kind || e.kind === kind))
    },
    clear() {
      emails.length = 0
    },
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** A local staff account's sign-in code as the inbox page shows it. */
export interface DevStaffCode {
  email: string
  code: string
  seconds: number
}

function renderStaffCodes(codes: DevStaffCode[]): string {
  if (codes.length === 0) return ''
  const items = codes
    .map(
      (c) =>
        `<li><strong>${escapeHtml(c.email)}</strong>: <code>${escapeHtml(c.code)}</code> (works for ${c.seconds} s)</li>`,
    )
    .join('\n')
  return `<section aria-labelledby="staff-codes">
<h2 id="staff-codes">Local staff sign-in codes</h2>
<ul>
${items}
</ul>
</section>`
}

function renderInbox(emails: DevEmail[], codes: DevStaffCode[] = []): string {
  const rows = emails
    .map(
      (e) => `<article>
  <h2>${escapeHtml(e.subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(e.to)}</dd>
    <dt>Sent</dt><dd><time datetime="${e.sentAt}">${escapeHtml(e.sentAt)}</time></dd>
    ${e.otp ? `<dt>Code</dt><dd><code>${escapeHtml(e.otp)}</code></dd>` : ''}
    ${e.link ? `<dt>Link</dt><dd><a href="${escapeHtml(e.link)}">${escapeHtml(e.link)}</a></dd>` : ''}
  </dl>
  ${e.text ? `<pre>${escapeHtml(e.text)}</pre>` : ''}
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local inbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
  article { border: 1px solid #ccc; border-radius: 8px; padding: 0 1rem; margin: 1rem 0; }
  dl { display: grid; grid-template-columns: 5rem 1fr; } dd { margin: 0; overflow-wrap: anywhere; }
  code { font-size: 1.25rem; letter-spacing: 0.1em; }
  pre { white-space: pre-wrap; font: inherit; }
</style>
</head>
<body>
<main>
<h1>Local inbox</h1>
<p>Emails the local server would have sent, newest first. Nothing leaves this machine.</p>
${renderStaffCodes(codes)}
${rows || '<p>No emails yet.</p>'}
</main>
</body>
</html>`
}

const loopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1')

/** Handles `/__dev/inbox` and `/__dev/inbox.json`; `null` for other paths. */
export function handleDevRequest(
  inbox: DevInbox,
  url: URL,
  method: string,
  remoteAddress: string | undefined,
  /** The local staff accounts' current sign-in codes (local server only). */
  staffCodes: DevStaffCode[] = [],
): Response | null {
  const paths = ['/__dev/inbox', '/__dev/inbox.json', '/__dev/staff-codes.json']
  if (!paths.includes(url.pathname)) return null
  if (!loopback(remoteAddress)) return new Response('Not Found', { status: 404 })
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD' } })
  }
  const headers = { 'cache-control': 'no-store' }
  if (url.pathname === '/__dev/staff-codes.json') return Response.json(staffCodes, { headers })
  const emails = inbox.list(url.searchParams.get('to') ?? undefined)
  if (url.pathname.endsWith('.json')) return Response.json(emails, { headers })
  return new Response(renderInbox(emails, staffCodes), {
    headers: { ...headers, 'content-type': 'text/html; charset=utf-8' },
  })
}
