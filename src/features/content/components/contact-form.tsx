import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useRef, useState, type ChangeEvent, type ComponentProps, type FormEvent } from 'react'
import { controlStyle, fieldAria, FormField, plainLabel } from '@/components/form-field'
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

function Field({
  field,
  ...props
}: { field: ContactField } & Omit<ComponentProps<typeof FormField>, 'id' | 'labelProps'>) {
  return <FormField id={fieldId(field)} labelProps={plainLabel} {...props} />
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
            {...aria('name')}
            name="name"
            autoComplete="name"
            maxLength={contactLimits.name + 20}
            value={draft.name}
            onChange={update('name')}
            aria-required="true"
          />
        </Field>
        <Field field="email" label="Email address" error={errors.email}>
          <Input
            {...aria('email')}
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
          <Input
            {...aria('phone', true)}
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
          <chakra.select
            {...aria('subject')}
            name="subject"
            css={controlStyle}
            h="10"
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
          </chakra.select>
        </Field>
        <Field field="message" label="Message" error={errors.message}>
          <chakra.textarea
            {...aria('message')}
            name="message"
            css={controlStyle}
            py="2"
            rows={6}
            minH="32"
            value={draft.message}
            onChange={update('message')}
            aria-required="true"
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
