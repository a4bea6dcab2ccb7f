import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useId, useState } from 'react'
import { notify } from '@/components/toaster'
import { formatPrice } from '@/lib/money'
import { getSupabase } from '@/lib/supabase'
import { refundOrder, refundableAmount, type RefundableOrder } from '../api/refunds-api'
import { AdminApiError, errorMessage } from '../api/admin-api-error'
import { describe, Field } from './admin-ui'
import { FormDialog } from './form-dialog'
import { controlStyle } from '@/components/form-field'

const methodWords: Record<string, string> = {
  mpesa: 'back to the M-Pesa number that paid',
  card: 'back to the card that paid',
  bank: 'by bank transfer (made by you, recorded here)',
  cod: 'in cash or by M-Pesa (made by you, recorded here)',
  hand: 'back the way you sent it (made by you, recorded here)',
}

/**
 * An admin refunds all or part of a paid order: how many of each line, any extra amount (the delivery
 * fee, goodwill) and why. The database works out the amount and refuses anything beyond what was paid;
 * M-Pesa and card money goes back through the provider, bank and cash refunds need the reference of the
 * refund staff made. When the provider cannot send it (`refund_by_hand`), the form keeps what was typed
 * and turns to recording the refund staff make by hand.
 */
export function RefundDialog({
  order,
  open,
  onClose,
  onRefunded,
}: {
  order: RefundableOrder
  open: boolean
  onClose: () => void
  onRefunded: () => void
}) {
  const id = useId()
  const [quantities, setQuantities] = useState<Record<number, string>>({})
  const [extra, setExtra] = useState('')
  const [reason, setReason] = useState('')
  const [reference, setReference] = useState('')
  const [byHand, setByHand] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const manual = order.payment_method === 'bank' || order.payment_method === 'cod' || byHand
  const lines = order.order_items
    .map((item) => ({ lineNo: item.line_no, quantity: Number(quantities[item.line_no] || 0) }))
    .filter((line) => line.quantity > 0)
  const extraAmount = Number(extra || 0)
  const amount = refundableAmount(order, lines) + (Number.isFinite(extraAmount) ? extraAmount : 0)
  const left = order.total - order.refunded_total

  const submit = async () => {
    setBusy(true)
    setProblem(null)
    try {
      const refund = await refundOrder(await getSupabase(), {
        orderId: order.id,
        lines,
        extraAmount: Number.isInteger(extraAmount) ? extraAmount : -1,
        reason,
        ...(manual ? { reference, byHand } : {}),
      })
      notify(
        refund.status === 'pending'
          ? {
              type: 'info',
              title: `Refund of ${formatPrice(refund.amount, 'KSH')} on ${order.order_number} is on its way`,
              description:
                refund.method === 'mpesa'
                  ? 'M-Pesa accepted it and is sending the money back; the order shows the refund once M-Pesa confirms. Do not refund it by hand.'
                  : 'The provider did not answer yet. The refund is sent again automatically; do not refund it by hand.',
            }
          : {
              type: 'success',
              title: `Refunded ${formatPrice(refund.amount, 'KSH')} on ${order.order_number}`,
            },
      )
      onClose()
      onRefunded()
    } catch (error) {
      setProblem(errorMessage(error))
      // The provider sends no refunds for this store: the message says where to send the money, and
      // the form turns to recording the refund made by hand.
      if (error instanceof AdminApiError && error.detailCode === 'refund_by_hand') setByHand(true)
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      open={open}
      title={`Refund order ${order.order_number}`}
      submitLabel="Refund"
      danger
      busy={busy}
      problem={problem}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <chakra.p fontSize="sm">
        {formatPrice(left, 'KSH')} of {formatPrice(order.total, 'KSH')} is left to refund. The money
        goes {methodWords[byHand ? 'hand' : order.payment_method] ?? 'back to the shopper'};
        refunded items go back into stock.
      </chakra.p>
      <chakra.fieldset display="grid" gap="3">
        <chakra.legend fontSize="sm" fontWeight="semibold" mb="1">
          Items to refund
        </chakra.legend>
        {order.order_items.map((item) => {
          const max = item.quantity - item.refunded_quantity
          const fieldId = `${id}-line-${item.line_no}`
          return (
            <Field
              key={item.line_no}
              id={fieldId}
              label={`${item.name}${item.size ? ` (size ${item.size})` : ''}: how many to refund`}
              hint={`${max} of ${item.quantity} can be refunded`}
            >
              <Input
                id={fieldId}
                type="number"
                inputMode="numeric"
                min={0}
                max={max}
                disabled={max === 0}
                value={quantities[item.line_no] ?? ''}
                placeholder="0"
                onChange={(event) =>
                  setQuantities((current) => ({ ...current, [item.line_no]: event.target.value }))
                }
                bg="white"
                {...describe(fieldId, undefined, true)}
              />
            </Field>
          )
        })}
      </chakra.fieldset>
      <Field
        id={`${id}-extra`}
        label="Extra amount (KSh)"
        hint={`The delivery fee (${formatPrice(order.delivery_fee, 'KSH')}) or a goodwill sum, if any.`}
      >
        <Input
          id={`${id}-extra`}
          type="number"
          inputMode="numeric"
          min={0}
          value={extra}
          placeholder="0"
          onChange={(event) => setExtra(event.target.value)}
          bg="white"
          {...describe(`${id}-extra`, undefined, true)}
        />
      </Field>
      <Field id={`${id}-reason`} label="Reason">
        <chakra.textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          rows={2}
          css={controlStyle}
        />
      </Field>
      {order.payment_method === 'mpesa' || order.payment_method === 'card' ? (
        <chakra.label display="flex" gap="2" alignItems="center" fontSize="sm">
          <input
            type="checkbox"
            checked={byHand}
            onChange={(event) => setByHand(event.target.checked)}
          />
          {order.payment_method === 'card'
            ? 'I already sent the money by hand (from the card provider’s dashboard)'
            : 'I already sent the money by hand (from the M-Pesa portal)'}
        </chakra.label>
      ) : null}
      {manual ? (
        <Field id={`${id}-reference`} label="Refund reference">
          <Input
            id={`${id}-reference`}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            maxLength={64}
            autoComplete="off"
            bg="white"
          />
        </Field>
      ) : null}
      <Box fontSize="sm" fontWeight="semibold" aria-live="polite">
        To refund: {formatPrice(Math.max(0, amount), 'KSH')}
      </Box>
    </FormDialog>
  )
}
