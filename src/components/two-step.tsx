import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useEffect, useState, type FormEvent } from 'react'
import { fieldAria } from '@/components/field-aria'
import { FormField } from '@/components/form-field'
import { Button } from '@chakra-ui/react/button'
import {
  CodeError,
  SignInEndedError,
  startTotpSetup,
  verifyCode,
  type TotpSetup,
} from '@/lib/two-step'

/**
 * The 6-digit code from an authenticator app. A wrong code says so next to the field and keeps the
 * form as it was, so the person can type the next code. When the sign-in itself has ended, a screen
 * that can start it again is told (`onSignInEnded`); elsewhere the form says so.
 */
export function CodeForm({
  factorId,
  onVerified,
  onSignInEnded,
  submitLabel = 'Verify',
  idPrefix = 'second-step',
}: {
  factorId: string
  onVerified: () => void
  onSignInEnded?: () => void
  submitLabel?: string
  idPrefix?: string
}) {
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const fieldId = `${idPrefix}-code`

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem('Enter the 6-digit code from your authenticator app.')
      document.getElementById(fieldId)?.focus()
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await verifyCode(factorId, code)
      onVerified()
    } catch (error) {
      setBusy(false)
      if (error instanceof SignInEndedError && onSignInEnded) {
        onSignInEnded()
        return
      }
      setProblem(error instanceof CodeError ? error.message : (error as Error).message)
      document.getElementById(fieldId)?.focus()
    }
  }

  return (
    <chakra.form
      onSubmit={onSubmit}
      noValidate
      aria-label="Authentication code"
      display="grid"
      gap="5"
    >
      <FormField id={fieldId} label="Authentication code" error={problem ?? undefined}>
        <Input
          {...fieldAria(fieldId, { error: problem ?? undefined })}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          size="lg"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          aria-required="true"
        />
      </FormField>
      <Button
        type="submit"
        size="lg"
        width="100%"
        bg="brand.ink"
        color="white"
        borderRadius="0"
        fontWeight="semibold"
        _hover={{ bg: 'brand.charcoal' }}
        loading={busy}
        loadingText="Checking..."
      >
        {submitLabel}
      </Button>
    </chakra.form>
  )
}

/** Sets up an authenticator app: the QR code, the key to type instead, then a first code. */
export function TotpSetupPanel({ onEnabled }: { onEnabled: () => void }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    startTotpSetup().then(
      (made) => live && setSetup(made),
      (error: unknown) => live && setProblem((error as Error).message),
    )
    return () => {
      live = false
    }
  }, [])

  if (problem) {
    return (
      <chakra.div
        role="alert"
        p="4"
        bg="brand.cream"
        borderLeftWidth="3px"
        borderColor="brand.sale"
      >
        <chakra.p fontWeight="semibold">Two-step sign-in could not be set up</chakra.p>
        <chakra.p>{problem}</chakra.p>
      </chakra.div>
    )
  }
  if (!setup) return <chakra.p role="status">Preparing your code…</chakra.p>
  return (
    <Box display="grid" gap="5">
      <chakra.ol display="grid" gap="2" ps="5" listStyleType="decimal" color="brand.charcoal">
        <li>Open an authenticator app on your phone (for example Google Authenticator).</li>
        <li>Scan this QR code, or enter the key below.</li>
        <li>Type the 6-digit code the app shows.</li>
      </chakra.ol>
      <chakra.img
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        width="48"
        height="48"
        bg="white"
      />
      <chakra.p fontSize="sm">
        Key:{' '}
        <chakra.code data-testid="totp-secret" fontFamily="mono" wordBreak="break-all">
          {setup.secret}
        </chakra.code>
      </chakra.p>
      <CodeForm
        factorId={setup.factorId}
        onVerified={onEnabled}
        submitLabel="Turn on"
        idPrefix="totp-setup"
      />
    </Box>
  )
}
