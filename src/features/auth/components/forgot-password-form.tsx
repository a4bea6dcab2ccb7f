import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState, type FormEvent } from 'react'
import { fieldAria } from '@/components/field-aria'
import { FormField } from '@/components/form-field'
import { notify } from '@/components/toaster'
import { requestPasswordReset } from '../api/auth-api'
import { emailError } from '../credentials'
import { SubmitButton } from './form-parts'
import { Notice } from '@/components/ui/notice'

const emailId = 'reset-email'

/** Asks for a reset link; it opens /auth in reset mode, where the shopper sets a new password. */
export function ForgotPasswordForm({
  initialEmail = '',
  redirect,
  onOffline,
}: {
  initialEmail?: string
  redirect?: string
  onOffline: () => void
}) {
  const [email, setEmail] = useState(initialEmail)
  const [error, setError] = useState<string>()
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    const problem = emailError(email)
    setError(problem)
    if (problem) {
      document.getElementById(emailId)?.focus()
      return
    }
    if (!navigator.onLine) return onOffline()
    setBusy(true)
    try {
      await requestPasswordReset(email.trim(), redirect)
      setSentTo(email.trim())
    } catch (failure) {
      notify({
        title: 'Reset link not sent',
        description: (failure as Error).message,
        type: 'error',
      })
    } finally {
      setBusy(false)
    }
  }

  if (sentTo) {
    return (
      <Notice tone="success" role="status" title="Check your email for a reset link">
        If an account exists for <chakra.strong>{sentTo}</chakra.strong>, the link is on its way. It
        works once, for one hour; open it on this device to choose a new password.
      </Notice>
    )
  }

  return (
    <chakra.form
      onSubmit={onSubmit}
      noValidate
      aria-label="Reset your password"
      display="grid"
      gap="5"
    >
      <chakra.p color="brand.charcoal">
        Enter the email address of your account and we will send you a link to choose a new
        password.
      </chakra.p>
      <FormField id={emailId} label="Email address" error={error}>
        <Input
          {...fieldAria(emailId, { error })}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          size="lg"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            if (submitted) setError(emailError(e.target.value))
          }}
          aria-required="true"
        />
      </FormField>
      <SubmitButton loading={busy} loadingText="Sending...">
        Send reset link
      </SubmitButton>
    </chakra.form>
  )
}
