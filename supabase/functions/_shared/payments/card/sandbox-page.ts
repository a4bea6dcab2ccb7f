import {
  SANDBOX_3DS_CODE,
  SANDBOX_CARDS,
  SESSION_PURPOSE,
  sandboxEvent,
  type SandboxSession,
} from './sandbox.ts'
import { openToken, sealToken, signWebhook, SIGNATURE_HEADER } from './signing.ts'

/**
 * The sandbox's hosted payment page (served by the `card-sandbox` function): a plain HTML form that
 * takes a test card, asks for a 3-D Secure code when the card needs one, tells the store the outcome
 * with a signed webhook and sends the shopper back to the order page. Nothing is stored: the session
 * and the 3-D Secure step travel in sealed tokens.
 */
export interface SandboxPageOptions {
  secret: string
  /** The store's card-webhook function. */
  webhookUrl: string
  now?: () => number
  fetch?: typeof fetch
}

const CHALLENGE_PURPOSE = 'card-sandbox-3ds'
const CHALLENGE_TRIES = 3

interface Challenge {
  /** Session reference. */ r: string
  /** Last four digits. */ l: string
  /** Tries left. */ t: number
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const kes = (amount: number) => `KSh ${amount.toLocaleString('en-KE')}`

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f6f4ef;color:#1c1c1c;margin:0}
main{max-width:28rem;margin:2rem auto;background:#fff;border:1px solid #d6d2c8;padding:1.5rem}
.badge{display:inline-block;background:#fff3c4;color:#5c4400;padding:.2rem .5rem;font-size:.85rem}
label{display:block;font-weight:600;margin-top:1rem}
input{display:block;width:100%;box-sizing:border-box;font-size:1rem;padding:.6rem;border:1px solid #6b6b6b;margin-top:.3rem}
button{margin-top:1.25rem;width:100%;font-size:1rem;font-weight:600;padding:.8rem;background:#1c1c1c;color:#fff;border:0;cursor:pointer}
:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
.error{color:#a11;font-weight:600;border-left:4px solid #a11;padding-left:.6rem}
.hint{color:#4a4a4a;font-size:.9rem}
code{font-size:.95rem}`

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · Card payment sandbox</title><style>${STYLE}</style></head>
<body><main><p class="badge">Sandbox: no real money moves</p>${body}</main></body></html>`
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    },
  })
}

const errorBlock = (message: string | undefined) =>
  message ? `<p class="error" role="alert" id="form-error">${escape(message)}</p>` : ''

function cardForm(
  token: string,
  session: SandboxSession,
  error?: string,
  values?: URLSearchParams,
) {
  const value = (name: string) => escape(values?.get(name) ?? '')
  const described = error ? ' aria-describedby="form-error"' : ''
  return page(
    `Pay ${kes(session.a)}`,
    `<h1>Pay ${kes(session.a)}</h1>
<p>Luxe Kenya, order <strong>${escape(session.o)}</strong></p>
${errorBlock(error)}
<form method="post">
<input type="hidden" name="session" value="${escape(token)}">
<input type="hidden" name="step" value="card">
<label for="card-number">Card number</label>
<input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" required value="${value('card_number')}"${described}>
<label for="expiry">Expiry date (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required value="${value('expiry')}">
<label for="cvc">Security code (CVC)</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<label for="card-name">Name on card</label>
<input id="card-name" name="name" autocomplete="cc-name" required value="${value('name')}">
<button type="submit">Pay ${kes(session.a)}</button>
</form>
<h2>Test cards</h2>
<ul class="hint">
<li><code>4242 4242 4242 4242</code>: approved</li>
<li><code>4000 0000 0000 0002</code>: declined</li>
<li><code>4000 0000 0000 3220</code>: needs 3-D Secure (code <code>${SANDBOX_3DS_CODE}</code>)</li>
</ul>
<p class="hint">Any future expiry date, any 3-digit CVC, any name.</p>
<p><a href="${escape(session.u)}">Cancel and return to Luxe Kenya</a></p>`,
    error ? 400 : 200,
  )
}

function challengeForm(
  token: string,
  challengeToken: string,
  challenge: Challenge,
  error?: string,
) {
  return page(
    'Verify your payment',
    `<h1>Verify your payment</h1>
<p>Your bank sent a one-time code for the card ending ${escape(challenge.l)}. (Sandbox: the code is <code>${SANDBOX_3DS_CODE}</code>.)</p>
${errorBlock(error)}
<form method="post">
<input type="hidden" name="session" value="${escape(token)}">
<input type="hidden" name="step" value="challenge">
<input type="hidden" name="challenge" value="${escape(challengeToken)}">
<label for="code">Verification code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required${error ? ' aria-describedby="form-error"' : ''}>
<button type="submit">Verify and pay</button>
</form>`,
    error ? 400 : 200,
  )
}

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

/** The card form's problem in words, or null when it is a card the sandbox can charge. */
function cardProblem(form: URLSearchParams, now: number): string | null {
  const number = (form.get('card_number') ?? '').replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return 'Enter a valid card number.'
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(form.get('expiry') ?? '')
  const month = Number(expiry?.[1])
  const year = 2000 + Number(expiry?.[2])
  if (!expiry || month < 1 || month > 12) return 'Enter the expiry date as MM/YY.'
  const today = new Date(now)
  if (
    year < today.getUTCFullYear() ||
    (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
  ) {
    return 'This card has expired.'
  }
  if (!/^\d{3,4}$/.test((form.get('cvc') ?? '').trim())) return 'Enter the 3-digit security code.'
  if (!(form.get('name') ?? '').trim()) return 'Enter the name on the card.'
  if (!Object.values(SANDBOX_CARDS).includes(number as never)) {
    return 'The sandbox does not know this card. Use one of the test cards below.'
  }
  return null
}

export async function handleSandboxPage(
  req: Request,
  options: SandboxPageOptions,
): Promise<Response> {
  const now = options.now ?? Date.now
  const send = options.fetch ?? fetch
  if (req.method !== 'GET' && req.method !== 'POST') {
    return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, POST' } })
  }
  let form = new URL(req.url).searchParams
  if (req.method === 'POST') {
    const raw = await req.text()
    if (raw.length > 8 * 1024) return page('Payment', '<h1>The form is too large.</h1>', 413)
    form = new URLSearchParams(raw)
  }
  const token = form.get('session') ?? ''
  const session = await openToken<SandboxSession>(options.secret, SESSION_PURPOSE, token)
  if (!session) {
    return page(
      'Payment link not valid',
      '<h1>This payment link is not valid.</h1><p>Return to the store and choose Pay by card again.</p>',
      400,
    )
  }
  if (session.e < now()) {
    return page(
      'Payment link expired',
      `<h1>This payment page has expired.</h1><p><a href="${escape(session.u)}">Return to Luxe Kenya</a> and choose Pay by card again.</p>`,
      410,
    )
  }
  if (req.method === 'GET') return cardForm(token, session)

  const finish = async (succeeded: boolean, message: string) => {
    const event = sandboxEvent(session, succeeded, message, now())
    const body = JSON.stringify(event)
    // The store is told before the shopper is sent back, so the order page shows the outcome.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const answer = await send(options.webhookUrl, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [SIGNATURE_HEADER]: await signWebhook(options.secret, body, Math.floor(now() / 1000)),
          },
          body,
        })
        await answer.body?.cancel()
        if (answer.status < 500) break
      } catch (error) {
        console.error('[card-sandbox] webhook not delivered:', error)
      }
    }
    return new Response(null, {
      status: 303,
      headers: { Location: session.u, 'Cache-Control': 'no-store' },
    })
  }

  if (form.get('step') === 'challenge') {
    const challengeToken = form.get('challenge') ?? ''
    const challenge = await openToken<Challenge>(options.secret, CHALLENGE_PURPOSE, challengeToken)
    if (!challenge || challenge.r !== session.r)
      return cardForm(token, session, 'Please enter your card again.')
    if ((form.get('code') ?? '').trim() === SANDBOX_3DS_CODE) {
      return finish(true, `Approved after 3-D Secure (Visa ending ${challenge.l})`)
    }
    if (challenge.t <= 1) return finish(false, '3-D Secure verification failed')
    const next: Challenge = { ...challenge, t: challenge.t - 1 }
    return challengeForm(
      token,
      await sealToken(options.secret, CHALLENGE_PURPOSE, next),
      next,
      `That code is not right. ${next.t} ${next.t === 1 ? 'try' : 'tries'} left.`,
    )
  }

  const problem = cardProblem(form, now())
  if (problem) return cardForm(token, session, problem, form)
  const number = (form.get('card_number') ?? '').replace(/[\s-]/g, '')
  const last4 = number.slice(-4)
  if (number === SANDBOX_CARDS.declined)
    return finish(false, `Declined by the card issuer (Visa ending ${last4})`)
  if (number === SANDBOX_CARDS.threeDSecure) {
    const challenge: Challenge = { r: session.r, l: last4, t: CHALLENGE_TRIES }
    return challengeForm(
      token,
      await sealToken(options.secret, CHALLENGE_PURPOSE, challenge),
      challenge,
    )
  }
  return finish(true, `Approved (Visa ending ${last4})`)
}
