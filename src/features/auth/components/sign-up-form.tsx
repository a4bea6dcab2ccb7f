import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import type { User } from '@supabase/supabase-js'
import { useState, type FormEvent } from 'react'
import { fieldAria } from '@/components/field-aria'
import { FormField } from '@/components/form-field'
import { notify } from '@/components/toaster'
import { signUpWithEmail } from '../api/auth-api'
import {
  MAX_NAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  validateSignUp,
  type SignUpErrors,
} from '../credentials'
import { SubmitButton } from './form-parts'
import { PasswordField } from './password-input'
import { Notice } from '@/components/ui/notice'

const ids = { fullName: 'signup-name', email: 'signup-email', password: 'signup-password' }
const order = ['fullName', 'email', 'password'] as const

/**
 * Sign-up with full name, email and password. When the server asks for email confirmation,
 * the form gives way to 'Check your email to confirm your account'; failures are the
 * 'Registration failed' toast with the server's words.
 */
export function SignUpForm({
  onSignedUp,
  onOffline,
}: {
  onSignedUp: (user: User) => void
  onOffline: () => void
}) {
  const [draft, setDraft] = useState({ fullName: '', email: '', password: '' })
  const [errors, setErrors] = useState<SignUpErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null)

  const update = (field: keyof typeof draft, value: string) => {
    const next = { ...draft, [field]: value }
    setDraft(next)
    if (submitted) setErrors(validateSignUp(next))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    const found = validateSignUp(draft)
    setErrors(found)
    const first = order.find((field) => found[field])
    if (first) {
      document.getElementById(ids[first])?.focus()
      return
    }
    if (!navigator.onLine) return onOffline()
    setBusy(true)
    try {
      const email = draft.email.trim()
      const outcome = await signUpWithEmail({
        fullName: draft.fullName.trim().replace(/\s+/g, ' '),
        email,
        password: draft.password,
      })
      if (outcome.signedIn && outcome.user) return onSignedUp(outcome.user)
      setBusy(false)
      setAwaitingConfirmation(email)
    } catch (error) {
      setBusy(false)
      notify({ title: 'Registration failed', description: (error as Error).message, type: 'error' })
    }
  }

  if (awaitingConfirmation) {
    return (
      <Notice tone="success" role="status" title="Check your email to confirm your account">
        We sent a confirmation link to <chakra.strong>{awaitingConfirmation}</chakra.strong>. Open
        it on this device to finish creating your account; it brings you straight to your account
        page.
      </Notice>
    )
  }

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="Create account" display="grid" gap="5">
      <FormField id={ids.fullName} label="Full name" error={errors.fullName}>
        <Input
          {...fieldAria(ids.fullName, { error: errors.fullName })}
          name="name"
          autoComplete="name"
          size="lg"
          maxLength={MAX_NAME_LENGTH + 20}
          value={draft.fullName}
          onChange={(e) => update('fullName', e.target.value)}
          aria-required="true"
        />
      </FormField>
      <FormField id={ids.email} label="Email address" error={errors.email}>
        <Input
          {...fieldAria(ids.email, { error: errors.email })}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          size="lg"
          value={draft.email}
          onChange={(e) => update('email', e.target.value)}
          aria-required="true"
        />
      </FormField>
      <FormField
        id={ids.password}
        label="Password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password}
      >
        <PasswordField
          id={ids.password}
          hint
          error={errors.password}
          value={draft.password}
          autoComplete="new-password"
          name="new-password"
          onChange={(value) => update('password', value)}
        />
      </FormField>
      <SubmitButton loading={busy} loadingText="Creating account...">
        Create account
      </SubmitButton>
    </chakra.form>
  )
}
