import { chakra } from '@chakra-ui/react/styled-system'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useAppDispatch } from '@/lib/app-state'
import { notify } from '@/components/toaster'
import { signOut } from '@/features/auth/auth-slice'
import { PrimaryButton, SecondaryButton, SectionCard } from './account-ui'
import { Notice } from '@/components/ui/notice'

/**
 * Sign-out (spec §7, §8). Orders still waiting on this device to be sent are the shopper's and are
 * cancelled with the session (the outbox drops them on `signedOut`), so the shopper is warned first
 * with the outbox's own words (reliability items 20 and 25).
 */
export function SignOutCard({ warning = null }: { warning?: string | null }) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)

  const doSignOut = async () => {
    if (busy) return
    setBusy(true)
    const result = await dispatch(signOut())
    if (result.status === 'failed') {
      setBusy(false)
      setConfirming(false)
      notify({ title: 'Sign out failed', description: result.message, type: 'error' })
      return
    }
    notify(
      result.status === 'signed-out'
        ? { title: 'Signed out', description: 'See you soon.', type: 'success' }
        : {
            title: 'Signed out on this device',
            description:
              'You are offline, so other devices where you are signed in stay signed in for now.',
            type: 'info',
          },
    )
    void navigate({ to: '/' })
  }

  const onSignOut = () => {
    if (warning && !confirming) setConfirming(true)
    else void doSignOut()
  }

  return (
    <SectionCard
      id="sign-out"
      title="Sign out"
      description="Signing out removes your session and personal details from this device."
    >
      {confirming ? (
        <chakra.div role="alertdialog" aria-labelledby="sign-out-warning" display="grid" gap="4">
          <Notice tone="error">
            <chakra.p id="sign-out-warning" color="brand.ink" fontWeight="semibold">
              {warning}
            </chakra.p>
            <chakra.p>Stay signed in until you are back online and it has been sent.</chakra.p>
          </Notice>
          <chakra.div display="flex" flexWrap="wrap" gap="3">
            <PrimaryButton onClick={() => setConfirming(false)} autoFocus>
              Stay signed in
            </PrimaryButton>
            <SecondaryButton
              onClick={() => void doSignOut()}
              loading={busy}
              loadingText="Signing out..."
            >
              Sign out anyway
            </SecondaryButton>
          </chakra.div>
        </chakra.div>
      ) : (
        <SecondaryButton onClick={onSignOut} loading={busy} loadingText="Signing out...">
          Sign out
        </SecondaryButton>
      )}
    </SectionCard>
  )
}
