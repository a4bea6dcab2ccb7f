import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { useCallback, useEffect, useState } from 'react'
import { notify } from '@/components/toaster'
import { CodeForm, TotpSetupPanel } from '@/components/two-step'
import { assurance, turnOffTotp, type Assurance } from '@/lib/two-step'
import { PrimaryButton, SecondaryButton, SectionCard } from './account-ui'
import { Notice } from '@/components/ui/notice'

type Step = 'idle' | 'setting-up' | 'confirm-off'

/**
 * Two-step sign-in for any account: turn it on with an authenticator app (QR code, key, a first code)
 * and off again. Turning it off in a session that signed in with a password only asks for a code first,
 * as the auth server requires.
 */
export function TwoStepSection() {
  const [level, setLevel] = useState<Assurance | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [step, setStep] = useState<Step>('idle')
  const [busy, setBusy] = useState(false)

  const refresh = useCallback(() => {
    assurance().then(setLevel, (error: unknown) => setProblem((error as Error).message))
  }, [])
  useEffect(refresh, [refresh])

  const turnOff = async (factorId: string) => {
    setBusy(true)
    try {
      await turnOffTotp(factorId)
      notify({ title: 'Two-step sign-in is off', type: 'success' })
      setStep('idle')
      refresh()
    } catch (error) {
      setProblem((error as Error).message)
    } finally {
      setBusy(false)
    }
  }

  let body
  if (problem) {
    body = (
      <Notice tone="error" role="alert">
        {problem}
      </Notice>
    )
  } else if (!level) {
    body = <chakra.p role="status">Checking…</chakra.p>
  } else if (level.factorId) {
    const factorId = level.factorId
    body = (
      <Box display="grid" gap="4">
        <chakra.p color="brand.charcoal">
          Two-step sign-in is on: signing in asks for a code from your authenticator app.
        </chakra.p>
        {step === 'confirm-off' && level.current !== 'aal2' ? (
          <>
            <chakra.p>Enter a code from your authenticator app to turn it off.</chakra.p>
            <CodeForm
              factorId={factorId}
              submitLabel="Turn off"
              idPrefix="two-step-off"
              onVerified={() => void turnOff(factorId)}
            />
          </>
        ) : (
          <Box>
            <SecondaryButton
              loading={busy}
              onClick={() =>
                level.current === 'aal2' ? void turnOff(factorId) : setStep('confirm-off')
              }
            >
              Turn off two-step sign-in
            </SecondaryButton>
          </Box>
        )}
      </Box>
    )
  } else if (step === 'setting-up') {
    body = (
      <TotpSetupPanel
        onEnabled={() => {
          notify({ title: 'Two-step sign-in is on', type: 'success' })
          setStep('idle')
          refresh()
        }}
      />
    )
  } else {
    body = (
      <Box display="grid" gap="4">
        <chakra.p color="brand.charcoal">
          Two-step sign-in is off. Turn it on to ask for a code from your phone each time you sign
          in.
        </chakra.p>
        <Box>
          <PrimaryButton onClick={() => setStep('setting-up')}>
            Turn on two-step sign-in
          </PrimaryButton>
        </Box>
      </Box>
    )
  }

  return (
    <SectionCard
      id="two-step"
      title="Two-step sign-in"
      description="A code from an authenticator app, asked for after your password."
    >
      {body}
    </SectionCard>
  )
}
