import { chakra } from '@chakra-ui/react/styled-system'
import { useState, type FormEvent } from 'react'
import { FormField } from '@/components/form-field'
import { notify } from '@/components/toaster'
import { updatePassword } from '../api/auth-api'
import { MIN_PASSWORD_LENGTH, newPasswordError } from '../credentials'
import { SubmitButton } from './form-parts'
import { PasswordField } from './password-input'

const ids = { password: 'new-password', confirm: 'new-password-confirm' }

interface Errors {
  password?: string
  confirm?: string
}

function validate(password: string, confirm: string): Errors {
  const errors: Errors = {}
  errors.password = newPasswordError(password)
  if (!errors.password && confirm !== password) errors.confirm = 'The passwords do not match'
  if (!confirm) errors.confirm = 'Type the new password again'
  return errors
}

/** The last step of a reset: the recovery session may set a new password, then the shopper is in. */
export function NewPasswordForm({
  email,
  onSaved,
  onOffline,
}: {
  email: string
  onSaved: () => void
  onOffline: () => void
}) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    const found = validate(password, confirm)
    setErrors(found)
    if (found.password || found.confirm) {
      document.getElementById(found.password ? ids.password : ids.confirm)?.focus()
      return
    }
    if (!navigator.onLine) return onOffline()
    setBusy(true)
    try {
      await updatePassword(password)
      onSaved()
    } catch (error) {
      setBusy(false)
      notify({
        title: 'Password not updated',
        description: (error as Error).message,
        type: 'error',
      })
    }
  }

  return (
    <chakra.form
      onSubmit={onSubmit}
      noValidate
      aria-label="Set a new password"
      display="grid"
      gap="5"
    >
      <chakra.p color="brand.charcoal">
        Choose a new password for <chakra.strong>{email}</chakra.strong>.
      </chakra.p>
      {/* Lets password managers file the new password under the right account. */}
      <chakra.input
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        readOnly
        hidden
      />
      <FormField
        id={ids.password}
        label="New password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password}
      >
        <PasswordField
          id={ids.password}
          name="new-password"
          hint
          error={errors.password}
          value={password}
          autoComplete="new-password"
          onChange={(value) => {
            setPassword(value)
            if (submitted) setErrors(validate(value, confirm))
          }}
        />
      </FormField>
      <FormField id={ids.confirm} label="Confirm new password" error={errors.confirm}>
        <PasswordField
          id={ids.confirm}
          name="confirm-password"
          error={errors.confirm}
          value={confirm}
          autoComplete="new-password"
          onChange={(value) => {
            setConfirm(value)
            if (submitted) setErrors(validate(password, value))
          }}
        />
      </FormField>
      <SubmitButton loading={busy} loadingText="Saving...">
        Save new password
      </SubmitButton>
    </chakra.form>
  )
}
