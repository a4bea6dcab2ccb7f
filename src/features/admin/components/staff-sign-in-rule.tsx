import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState } from 'react'
import { notify } from '@/components/toaster'
import { getSupabase } from '@/lib/supabase'
import { errorMessage } from '../api/admin-api-error'
import { setStaffSecondStepRequired } from '../api/staff-api'
import { staffNeedSecondStep } from '../api/staff-roles-api'
import { useAdminQuery } from '../use-admin-query'
import { AdminButton, ErrorState, LoadingState, Panel } from './admin-ui'
import { ConfirmDialog } from './confirm-dialog'

/**
 * The store's rule that staff sign in in two steps (on by default). Turning it off asks first: staff
 * rights then hold with a password alone. Each change is in the audit trail.
 */
export function StaffSignInRule() {
  const [revision, setRevision] = useState(0)
  const rule = useAdminQuery(`staff-sign-in-rule:${revision}`, staffNeedSecondStep)
  const [confirmingOff, setConfirmingOff] = useState(false)
  const [busy, setBusy] = useState(false)
  const required = rule.data ?? rule.previous

  const save = async (next: boolean) => {
    setBusy(true)
    try {
      await setStaffSecondStepRequired(await getSupabase(), next)
      notify({
        title: next ? 'Staff must use two-step sign-in' : 'Two-step sign-in is optional for staff',
        type: 'success',
      })
      setConfirmingOff(false)
      setRevision((r) => r + 1)
    } catch (error) {
      notify({ title: errorMessage(error), type: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Panel title="Two-step sign-in for staff">
      {rule.error ? <ErrorState message={rule.error} onRetry={rule.reload} /> : null}
      {required === undefined && !rule.error ? <LoadingState /> : null}
      {required !== undefined ? (
        <Box display="grid" gap="3" justifyItems="start">
          <chakra.p role="status">
            {required
              ? 'Required: staff enter a code from an authenticator app after their password.'
              : 'Optional: staff rights hold with a password alone.'}
          </chakra.p>
          <AdminButton
            tone="secondary"
            loading={busy}
            onClick={() => (required ? setConfirmingOff(true) : void save(true))}
          >
            {required ? 'Make it optional' : 'Require two-step sign-in'}
          </AdminButton>
        </Box>
      ) : null}
      <ConfirmDialog
        open={confirmingOff}
        title="Let staff sign in with a password alone?"
        confirmLabel="Make it optional"
        danger
        busy={busy}
        onConfirm={() => void save(false)}
        onCancel={() => setConfirmingOff(false)}
      >
        Anyone who learns a staff password could then refund orders, change prices and read customer
        details. Staff who set up an authenticator still need its code.
      </ConfirmDialog>
    </Panel>
  )
}
