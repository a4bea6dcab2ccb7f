import { Flex } from '@chakra-ui/react/flex'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import type { User } from '@supabase/supabase-js'
import { useRef, useState, type FormEvent } from 'react'
import { fieldAria } from '@/components/field-aria'
import { FormField } from '@/components/form-field'
import { notify, toaster } from '@/components/toaster'
import { signInWithEmail } from '../api/auth-api'
import { validateSignIn, type SignInErrors } from '../credentials'
import { SubmitButton, TextButton } from './form-parts'
import { PasswordField } from './password-input'
import { Notice } from '@/components/ui/notice'

const ids = { email: 'signin-email', password: 'signin-password', form: 'signin-problem' }

/** Email and password sign-in; failures are the 'Login failed' toast with the server's words. */
export function SignInForm({
  onSignedIn,
  onForgotPassword,
  onOffline,
}: {
  onSignedIn: (user: User) => void
  onForgotPassword: (email: string) => void
  onOffline: () => void
}) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<SignInErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const lastFailure = useRef<string | null>(null)

  const revalidate = (nextEmail: string, nextPassword: string) => {
    if (submitted) setErrors(validateSignIn(nextEmail, nextPassword))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    const found = validateSignIn(email, password)
    setErrors(found)
    if (found.email || found.password) {
      document.getElementById(found.email ? ids.email : ids.password)?.focus()
      return
    }
    if (!navigator.onLine) return onOffline()
    setBusy(true)
    try {
      const user = await signInWithEmail(email.trim(), password)
      onSignedIn(user)
    } catch (error) {
      setBusy(false)
      // A new failure replaces the last one's toast: the newest reason (a lock-out after many tries)
      // must not wait in the queue behind older 'Invalid login credentials'.
      if (lastFailure.current) toaster.dismiss(lastFailure.current)
      lastFailure.current = notify({
        title: 'Login failed',
        description: (error as Error).message,
        type: 'error',
      })
      document.getElementById(ids.password)?.focus()
    }
  }

  return (
    <chakra.form
      onSubmit={onSubmit}
      noValidate
      aria-label="Sign in"
      aria-describedby={errors.form ? ids.form : undefined}
      display="grid"
      gap="5"
    >
      {errors.form ? (
        <Notice tone="error" role="alert" id={ids.form}>
          {errors.form}
        </Notice>
      ) : null}
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
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            revalidate(e.target.value, password)
          }}
          aria-required="true"
        />
      </FormField>
      <FormField id={ids.password} label="Password" error={errors.password}>
        <PasswordField
          id={ids.password}
          error={errors.password}
          value={password}
          autoComplete="current-password"
          onChange={(value) => {
            setPassword(value)
            revalidate(email, value)
          }}
        />
      </FormField>
      <Flex justify="flex-end" mt="-3">
        <TextButton onClick={() => onForgotPassword(email.trim())}>Forgot password?</TextButton>
      </Flex>
      <SubmitButton loading={busy} loadingText="Signing in...">
        Sign in
      </SubmitButton>
    </chakra.form>
  )
}
