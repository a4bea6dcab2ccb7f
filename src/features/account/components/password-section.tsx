import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState, type FormEvent } from 'react'
import { fieldAria } from '@/components/field-aria'
import { FormField } from '@/components/form-field'
import { notify } from '@/components/toaster'
import { changePassword, PasswordChangeError, sendPasswordCode } from '../api/password'
import { PrimaryButton, SecondaryButton, SectionCard } from './account-ui'
import { Notice } from '@/components/ui/notice'

const ids = {
  code: 'password-code',
  password: 'changed-password',
  confirm: 'changed-password-confirm',
}

interface Errors {
  code?: string
  password?: string
  confirm?: string
}

const BAD_CODE = 'This code is wrong or has expired. Ask for a new code.'

function validate(code: string, password: string, confirm: string): Errors {
  const errors: Errors = {}
  if (!/^\d{6}$/.test(code.trim())) errors.code = 'Type the 6-digit code from the email'
  // Length and strength are the auth server's rules; its answer is shown as it comes.
  if (!password) errors.password = 'Type a new password'
  if (!errors.password && confirm !== password) errors.confirm = 'The passwords do not match'
  if (!confirm) errors.confirm = 'Type the new password again'
  return errors
}

/**
 * Changing the password of a signed-in account: a code is emailed first and goes along with the new
 * password, so a session left open on a shared phone cannot take the account over.
 */
export function PasswordSection({ email }: { email: string }) {
  const [step, setStep] = useState<'start' | 'code'>('start')
  const [sending, setSending] = useState(false)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)

  const sendCode = async () => {
    if (sending) return
    setSending(true)
    try {
      await sendPasswordCode()
      notify({ title: 'Code sent', description: `Check ${email} for a 6-digit code.` })
      setStep('code')
      requestAnimationFrame(() => document.getElementById(ids.code)?.focus())
    } catch (error) {
      notify({ title: 'Code not sent', description: (error as Error).message, type: 'error' })
    } finally {
      setSending(false)
    }
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    const found = validate(code, password, confirm)
    setErrors(found)
    const first = (['code', 'password', 'confirm'] as const).find((key) => found[key])
    if (first) {
      document.getElementById(ids[first])?.focus()
      return
    }
    setBusy(true)
    try {
      await changePassword(password, code)
      notify({
        title: 'Password changed',
        description: 'Use it the next time you sign in.',
        type: 'success',
      })
      setStep('start')
      setCode('')
      setPassword('')
      setConfirm('')
      setSubmitted(false)
    } catch (error) {
      const refusedCode =
        error instanceof PasswordChangeError &&
        (error.code === 'reauthentication_not_valid' || error.code === 'reauthentication_needed')
      if (refusedCode) {
        setErrors({ code: BAD_CODE })
        document.getElementById(ids.code)?.focus()
      } else {
        notify({
          title: 'Password not changed',
          description: (error as Error).message,
          type: 'error',
        })
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <SectionCard
      id="password"
      title="Password"
      description="To change your password, we first email you a code, so only you can do it."
    >
      {step === 'start' ? (
        <PrimaryButton type="button" loading={sending} loadingText="Sending..." onClick={sendCode}>
          Email me a code
        </PrimaryButton>
      ) : (
        <chakra.form
          onSubmit={onSubmit}
          noValidate
          aria-label="Change password"
          display="grid"
          gap="5"
        >
          <Notice role="status">
            We sent a 6-digit code to <chakra.strong>{email}</chakra.strong>. It works once, for an
            hour.
          </Notice>
          <chakra.input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            readOnly
            hidden
          />
          <FormField id={ids.code} label="Code from the email" error={errors.code}>
            <Input
              {...fieldAria(ids.code, { error: errors.code })}
              name="one-time-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => {
                setCode(e.target.value)
                if (submitted) setErrors(validate(e.target.value, password, confirm))
              }}
              aria-required="true"
            />
          </FormField>
          <FormField id={ids.password} label="New password" error={errors.password}>
            <Input
              {...fieldAria(ids.password, { error: errors.password })}
              type="password"
              name="new-password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value)
                if (submitted) setErrors(validate(code, e.target.value, confirm))
              }}
              aria-required="true"
            />
          </FormField>
          <FormField id={ids.confirm} label="Confirm new password" error={errors.confirm}>
            <Input
              {...fieldAria(ids.confirm, { error: errors.confirm })}
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => {
                setConfirm(e.target.value)
                if (submitted) setErrors(validate(code, password, e.target.value))
              }}
              aria-required="true"
            />
          </FormField>
          <chakra.div display="flex" flexWrap="wrap" gap="3">
            <PrimaryButton type="submit" loading={busy} loadingText="Saving...">
              Change password
            </PrimaryButton>
            <SecondaryButton type="button" loading={sending} onClick={sendCode}>
              Send a new code
            </SecondaryButton>
          </chakra.div>
        </chakra.form>
      )}
    </SectionCard>
  )
}
