import { Input } from '@chakra-ui/react/input'
import { useId, useState } from 'react'
import { notify } from '@/components/toaster'
import { getSupabase } from '@/lib/supabase'
import { errorMessage } from '../api/admin-api-error'
import { changeOrderStatus } from '../api/orders-api'
import { describe, Field } from './admin-ui'
import { FormDialog } from './form-dialog'

/**
 * "Mark as dispatched" asks who carries the order and how the shopper follows it; the database checks
 * both, and the shopper's order page and email show them.
 */
export function DispatchDialog({
  order,
  open,
  onClose,
  onDispatched,
}: {
  order: { id: string; order_number: string }
  open: boolean
  onClose: () => void
  onDispatched: () => void
}) {
  const id = useId()
  const [courier, setCourier] = useState('')
  const [tracking, setTracking] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const submit = async () => {
    setBusy(true)
    setProblem(null)
    try {
      await changeOrderStatus(await getSupabase(), order.id, 'dispatched', { courier, tracking })
      notify({ type: 'success', title: `Order ${order.order_number} is on its way` })
      onClose()
      onDispatched()
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      open={open}
      title={`Dispatch order ${order.order_number}`}
      submitLabel="Mark as dispatched"
      busy={busy}
      problem={problem}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field
        id={`${id}-courier`}
        label="Courier or rider"
        hint="For example G4S, Sendy or the rider's name."
      >
        <Input
          id={`${id}-courier`}
          value={courier}
          onChange={(event) => setCourier(event.target.value)}
          maxLength={60}
          autoComplete="off"
          required
          bg="white"
          {...describe(`${id}-courier`, undefined, true)}
        />
      </Field>
      <Field
        id={`${id}-tracking`}
        label="Tracking number or rider's phone"
        hint="The shopper sees it on their order page and in their email."
      >
        <Input
          id={`${id}-tracking`}
          value={tracking}
          onChange={(event) => setTracking(event.target.value)}
          maxLength={40}
          autoComplete="off"
          required
          bg="white"
          {...describe(`${id}-tracking`, undefined, true)}
        />
      </Field>
    </FormDialog>
  )
}
