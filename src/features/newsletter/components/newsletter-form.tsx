import { useContext, useId, useState, type FormEvent } from 'react'
import { ReactReduxContext } from 'react-redux'
import type { AppDispatch } from '@/lib/app-state'
import { notify } from '@/components/toaster'
import { VisuallyHidden } from '@/components/visually-hidden'
import { WelcomeCodeNotice } from '@/components/welcome-code-notice'
import { timings } from '@/config/site'
import type { WelcomeCode } from '@/lib/welcome-offer'
import type { SubscribeSource } from '../api/subscribe'
import './newsletter-form.css'

/** The rule: something was typed and it contains '@'. The server checks the rest. */
export function isAcceptableEmail(value: string): boolean {
  const email = value.trim()
  return email.length > 0 && email.includes('@')
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms))

export interface NewsletterFormProps {
  source: SubscribeSource
  /** `dark` for the ink footer, `light` for ivory sections. */
  tone?: 'dark' | 'light'
}

/**
 * Email field and Subscribe button. While sending, the field and button are disabled
 * and the button reads 'Subscribing...'; the state lasts at least one second so it never
 * flickers. The address is stored through `subscribe()`, loaded only when someone subscribes.
 */
export function NewsletterForm({ source, tone = 'light' }: NewsletterFormProps) {
  const inputId = useId()
  const [email, setEmail] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const [welcome, setWelcome] = useState<WelcomeCode | null>(null)
  // The app's store, when there is one: a sign-up that cannot reach the server then waits in the outbox.
  const redux = useContext(ReactReduxContext)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    if (!isAcceptableEmail(email)) {
      notify({
        title: 'Invalid Email',
        description: 'Please enter a valid email address.',
        type: 'error',
      })
      return
    }
    setSubmitting(true)
    const minimumWait = wait(timings.newsletterSimulatedWaitMs)
    const clientId = crypto.randomUUID()
    const result = await import('../api/subscribe')
      .then(({ subscribe }) => subscribe({ email: email.trim(), clientId, source }))
      .catch(() => ({ ok: false as const, reason: 'network' as const, retryable: true }))
    await minimumWait
    setSubmitting(false)
    if (!result.ok && result.retryable && redux) {
      // Same client id: if the first request did arrive, the server keeps one sign-up. The outbox loads
      // only now, so the form alone does not pull in the app's session code.
      const { enqueue } = await import('@/features/outbox/outbox')
      const dispatch = redux.store.dispatch as AppDispatch
      await dispatch(enqueue('newsletter', { email: email.trim(), source }, { id: clientId }))
      setEmail('')
      notify({
        title: 'Waiting to send',
        description: "You're offline. We'll subscribe you as soon as the connection returns.",
        type: 'info',
      })
    } else if (result.ok) {
      setEmail('')
      setWelcome(result.welcome)
      notify({
        title: 'Successfully Subscribed!',
        description: "You'll receive our latest fashion updates and exclusive offers.",
        type: 'success',
      })
    } else if (result.reason === 'invalid_email') {
      notify({
        title: 'Invalid Email',
        description: 'Please enter a valid email address.',
        type: 'error',
      })
    } else {
      notify({
        title: 'Subscription Failed',
        description: 'Something went wrong. Please try again.',
        type: 'error',
      })
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Newsletter signup"
      className={tone === 'dark' ? 'newsletter-form newsletter-form--dark' : 'newsletter-form'}
    >
      <div className="newsletter-form__row">
        <label htmlFor={inputId} className="newsletter-form__label">
          <VisuallyHidden>Email address</VisuallyHidden>
          <input
            id={inputId}
            className="newsletter-form__input"
            type="email"
            name="email"
            inputMode="email"
            autoComplete="email"
            placeholder="Enter your email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={submitting}
          />
        </label>
        <button type="submit" disabled={submitting} className="newsletter-form__button">
          {submitting ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      {welcome ? <WelcomeCodeNotice welcome={welcome} tone={tone} /> : null}
    </form>
  )
}
