import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useId, useState, type FormEvent } from 'react'
import { notify } from '@/components/toaster'
import { formatPrice } from '@/lib/money'
import { getSupabase } from '@/lib/supabase'
import { errorMessage, toAdminError } from '../api/admin-api-error'
import { AdminButton, describe, Field } from './admin-ui'

/** Staff record that a bank transfer arrived, with the bank's reference (the database pays it once). */
export function BankTransferReceived({
  order,
  onChanged,
}: {
  order: { id: string; order_number: string; total: number; payment_due_at: string | null }
  onChanged: () => void
}) {
  const id = useId()
  const [reference, setReference] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    try {
      const client = await getSupabase()
      const { error, status } = await client.rpc('confirm_bank_transfer', {
        order_id: order.id,
        reference,
      })
      if (error) throw toAdminError(error, status)
      notify({ type: 'success', title: `Transfer for ${order.order_number} recorded` })
      onChanged()
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <chakra.form
      onSubmit={(event) => void submit(event)}
      aria-label="Bank transfer received"
      mt="3"
    >
      <chakra.p fontSize="sm" color="brand.muted" mb="2">
        Waiting for a bank transfer of {formatPrice(order.total, 'KSH')} with reference{' '}
        {order.order_number}
        {order.payment_due_at
          ? `, due by ${new Date(order.payment_due_at).toLocaleString('en-KE', { timeZone: 'Africa/Nairobi' })}`
          : ''}
        .
      </chakra.p>
      <Box display="flex" gap="2" alignItems="flex-end" flexWrap="wrap">
        <Field id={`${id}-reference`} label="Bank reference" error={problem ?? undefined}>
          <Input
            id={`${id}-reference`}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            autoComplete="off"
            bg="white"
            {...describe(`${id}-reference`, problem ?? undefined)}
          />
        </Field>
        <AdminButton type="submit" loading={busy}>
          Mark transfer received
        </AdminButton>
      </Box>
    </chakra.form>
  )
}
