import { fieldAria } from '@/components/field-aria'
import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { store } from '@/config/site'
import { useOnlineStatus } from '@/lib/use-online-status'
import { sendContactMessage } from '../api/send-contact-message'
import {
  contactLimits,
  contactRow,
  contactSubjects,
  emptyContactDraft,
  validateContact,
  type ContactDraft,
  type ContactErrors,
  type ContactField,
} from '../contact-validation'
import { newClientId } from '../new-client-id'
import './contact-form.css'

type Status = 'idle' | 'sending' | 'sent' | 'failed' | 'offline'

const fieldOrder: ContactField[] = ['name', 'email', 'phone', 'subject', 'message']
const fieldId = (field: ContactField) => `contact-${field}`

/**
 * A labelled field: label, optional hint above the control, the control, and its error below. The
 * control takes its ids from `fieldAria`, so the hint and the error are read out with it.
 */
function Field({
  field,
  label,
  hint,
  error,
  children,
}: {
  field: ContactField
  label: string
  hint?: string
  error?: string
  children: ReactNode
}) {
  const id = fieldId(field)
  return (
    <div>
      <label htmlFor={id} className="contact-field__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="contact-field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="contact-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export type SendContactMessage = typeof sendContactMessage

/**
 * The contact form. Rules are checked on submit, then again as the shopper corrects each field; the
 * first field in error takes the focus. A message is sent once even if the button is pressed twice.
 */
export function ContactForm({ send = sendContactMessage }: { send?: SendContactMessage }) {
  const [draft, setDraft] = useState<ContactDraft>(emptyContactDraft)
  const [errors, setErrors] = useState<ContactErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [status, setStatus] = useState<Status>('idle')
  const [sentTo, setSentTo] = useState<{ name: string; email: string } | null>(null)
  const clientId = useRef(newClientId())
  const online = useOnlineStatus()

  const update =
    (field: ContactField) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const next = { ...draft, [field]: event.target.value }
      setDraft(next)
      if (submitted) setErrors(validateContact(next))
      if (status === 'failed' || status === 'offline' || status === 'sent') setStatus('idle')
    }

  const aria = (field: ContactField, hint = false) =>
    fieldAria(fieldId(field), { error: errors[field], hint })

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (status === 'sending') return
    setSubmitted(true)
    const found = validateContact(draft)
    setErrors(found)
    const firstInvalid = fieldOrder.find((field) => found[field])
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus()
      return
    }
    if (!navigator.onLine) {
      setStatus('offline')
      return
    }
    setStatus('sending')
    try {
      await send(contactRow(draft), clientId.current)
      setSentTo({ name: draft.name.trim().split(/\s+/)[0]!, email: draft.email.trim() })
      setStatus('sent')
      setDraft(emptyContactDraft)
      setSubmitted(false)
      clientId.current = newClientId()
    } catch {
      setStatus(navigator.onLine ? 'failed' : 'offline')
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="contact-form__title">
        Send us a message
      </h2>
      <p className="contact-form__intro">
        We reply within one working day. Fields marked optional can be left empty.
      </p>

      <div className="contact-form__fields">
        <Field field="name" label="Your name" error={errors.name}>
          <input
            {...aria('name')}
            className="contact-field__input"
            name="name"
            autoComplete="name"
            maxLength={contactLimits.name + 20}
            value={draft.name}
            onChange={update('name')}
            aria-required="true"
          />
        </Field>
        <Field field="email" label="Email address" error={errors.email}>
          <input
            {...aria('email')}
            className="contact-field__input"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={draft.email}
            onChange={update('email')}
            aria-required="true"
          />
        </Field>
        <Field
          field="phone"
          label="Phone number (optional)"
          hint="If you would like us to call or WhatsApp you back."
          error={errors.phone}
        >
          <input
            {...aria('phone', true)}
            className="contact-field__input"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            value={draft.phone}
            onChange={update('phone')}
          />
        </Field>
        <Field field="subject" label="Subject" error={errors.subject}>
          <select
            {...aria('subject')}
            className="contact-field__control contact-field__control--select"
            name="subject"
            value={draft.subject}
            onChange={update('subject')}
            aria-required="true"
          >
            <option value="">Choose a subject</option>
            {contactSubjects.map((subject) => (
              <option key={subject} value={subject}>
                {subject}
              </option>
            ))}
          </select>
        </Field>
        <Field field="message" label="Message" error={errors.message}>
          <textarea
            {...aria('message')}
            className="contact-field__control contact-field__control--textarea"
            name="message"
            rows={6}
            value={draft.message}
            onChange={update('message')}
            aria-required="true"
          />
        </Field>
      </div>

      {!online ? (
        <p className="contact-form__note contact-form__note--offline">
          You are offline. You can send your message once you are back online; what you have typed
          stays here.
        </p>
      ) : null}

      <div className="contact-form__status" role="status" aria-live="polite">
        {status === 'sent' && sentTo ? (
          <p className="contact-form__note contact-form__note--sent">
            Thank you, {sentTo.name}. Your message has been sent; we will reply to {sentTo.email}{' '}
            within one working day.
          </p>
        ) : null}
        {status === 'offline' ? (
          <p className="contact-form__note">
            Your message was not sent because you are offline. Please send it again once you are
            back online.
          </p>
        ) : null}
      </div>
      <div role="alert">
        {status === 'failed' ? (
          <p className="contact-form__note contact-form__note--failed">
            Sorry, your message could not be sent. Please try again in a moment, or call us on{' '}
            {store.phoneDisplay}.
          </p>
        ) : null}
      </div>

      <button
        type="submit"
        className="contact-form__submit"
        disabled={status === 'sending'}
        data-loading={status === 'sending' ? '' : undefined}
      >
        {status === 'sending' ? (
          <>
            <span className="contact-form__spinner" />
            Sending...
          </>
        ) : (
          'Send message'
        )}
      </button>
    </form>
  )
}
