import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
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

type Status = 'idle' | 'sending' | 'sent' | 'failed' | 'offline'

const fieldOrder: ContactField[] = ['name', 'email', 'phone', 'subject', 'message']
const fieldId = (field: ContactField) => `contact-${field}`

/** Textarea and select have no Chakra recipe in our trimmed theme: they borrow the input's look. */
const controlStyle = {
  width: '100%',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  bg: 'bg',
  px: '3',
  fontSize: 'md',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.gold', outlineOffset: '0' },
  _invalid: { borderColor: 'brand.sale' },
} as const

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
  return (
    <Box>
      <chakra.label htmlFor={fieldId(field)} display="block" fontWeight="medium" mb="1.5">
        {label}
      </chakra.label>
      {hint ? (
        <chakra.p id={`${fieldId(field)}-hint`} fontSize="sm" color="brand.muted" mb="1.5">
          {hint}
        </chakra.p>
      ) : null}
      {children}
      {error ? (
        <chakra.p id={`${fieldId(field)}-error`} mt="1.5" fontSize="sm" color="brand.sale">
          {error}
        </chakra.p>
      ) : null}
    </Box>
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

  const describedBy = (field: ContactField, hint = false) =>
    [hint ? `${fieldId(field)}-hint` : '', errors[field] ? `${fieldId(field)}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined

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
    <chakra.form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <chakra.h2
        id="contact-form-title"
        fontFamily="heading"
        fontSize="2xl"
        color="brand.ink"
        mb="2"
      >
        Send us a message
      </chakra.h2>
      <chakra.p color="brand.muted" mb="6">
        We reply within one working day. Fields marked optional can be left empty.
      </chakra.p>

      <chakra.div display="grid" gap="5">
        <Field field="name" label="Your name" error={errors.name}>
          <Input
            id={fieldId('name')}
            name="name"
            autoComplete="name"
            maxLength={contactLimits.name + 20}
            value={draft.name}
            onChange={update('name')}
            aria-required="true"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
        </Field>
        <Field field="email" label="Email address" error={errors.email}>
          <Input
            id={fieldId('email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={draft.email}
            onChange={update('email')}
            aria-required="true"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
          />
        </Field>
        <Field
          field="phone"
          label="Phone number (optional)"
          hint="If you would like us to call or WhatsApp you back."
          error={errors.phone}
        >
          <Input
            id={fieldId('phone')}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            value={draft.phone}
            onChange={update('phone')}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy('phone', true)}
          />
        </Field>
        <Field field="subject" label="Subject" error={errors.subject}>
          <chakra.select
            id={fieldId('subject')}
            name="subject"
            css={controlStyle}
            h="10"
            value={draft.subject}
            onChange={update('subject')}
            aria-required="true"
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={describedBy('subject')}
          >
            <option value="">Choose a subject</option>
            {contactSubjects.map((subject) => (
              <option key={subject} value={subject}>
                {subject}
              </option>
            ))}
          </chakra.select>
        </Field>
        <Field field="message" label="Message" error={errors.message}>
          <chakra.textarea
            id={fieldId('message')}
            name="message"
            css={controlStyle}
            py="2"
            rows={6}
            minH="32"
            value={draft.message}
            onChange={update('message')}
            aria-required="true"
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message')}
          />
        </Field>
      </chakra.div>

      {!online ? (
        <chakra.p
          mt="6"
          p="3"
          bg="brand.cream"
          borderLeftWidth="3px"
          borderColor="brand.gold"
          fontSize="sm"
        >
          You are offline. You can send your message once you are back online; what you have typed
          stays here.
        </chakra.p>
      ) : null}

      <Box mt="6" role="status" aria-live="polite">
        {status === 'sent' && sentTo ? (
          <chakra.p p="3" bg="brand.cream" borderLeftWidth="3px" borderColor="brand.kenyaGreen">
            Thank you, {sentTo.name}. Your message has been sent; we will reply to {sentTo.email}{' '}
            within one working day.
          </chakra.p>
        ) : null}
        {status === 'offline' ? (
          <chakra.p p="3" bg="brand.cream" borderLeftWidth="3px" borderColor="brand.gold">
            Your message was not sent because you are offline. Please send it again once you are
            back online.
          </chakra.p>
        ) : null}
      </Box>
      <Box role="alert">
        {status === 'failed' ? (
          <chakra.p p="3" bg="brand.cream" borderLeftWidth="3px" borderColor="brand.sale">
            Sorry, your message could not be sent. Please try again in a moment, or call us on{' '}
            {store.phoneDisplay}.
          </chakra.p>
        ) : null}
      </Box>

      <Button
        type="submit"
        mt="6"
        size="lg"
        bg="brand.ink"
        color="white"
        borderRadius="0"
        width={{ base: '100%', sm: 'auto' }}
        loading={status === 'sending'}
        loadingText="Sending..."
      >
        Send message
      </Button>
    </chakra.form>
  )
}
