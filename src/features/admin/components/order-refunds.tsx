import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState } from 'react'
import { formatPrice } from '@/lib/money'
import type { OrderDetail, RefundRow } from '../api/orders-api'
import { useStaff } from '../staff-context'
import { AdminButton, formatDateTime, StatusBadge } from './admin-ui'
import { OrderRecords, OrderSection } from './order-section'
import { RefundDialog } from './refund-dialog'

const statusWords: Record<RefundRow['status'], string> = {
  pending: 'Sending',
  completed: 'Refunded',
  failed: 'Refused',
}
const statusTone = { pending: 'orange', completed: 'green', failed: 'red' } as const

/**
 * The order's refund panel: its refunds (sending, refunded by the provider or by hand, refused with
 * why), and for an admin the Refund button while some of the payment is left.
 */
export function OrderRefunds({ order, onChanged }: { order: OrderDetail; onChanged: () => void }) {
  const { isAdmin } = useStaff()
  const [open, setOpen] = useState(false)
  const canRefund = isAdmin && order.payment_status === 'paid'
  if (!canRefund && order.refunds.length === 0) return null
  return (
    <OrderSection title="Refunds" label="Refunds">
      <OrderRecords records={order.refunds} empty="Nothing refunded.">
        {(refund) => (
          <>
            <Box display="flex" flexWrap="wrap" gap="2" alignItems="center">
              <StatusBadge tone={statusTone[refund.status]}>
                {statusWords[refund.status]}
              </StatusBadge>
              <chakra.strong>{formatPrice(refund.amount, 'KSH')}</chakra.strong>
              <chakra.span color="brand.muted">
                {refund.channel === 'manual'
                  ? 'by hand'
                  : refund.method === 'mpesa'
                    ? 'through M-Pesa'
                    : 'through the provider'}{' '}
                · {formatDateTime(refund.created_at)}
              </chakra.span>
            </Box>
            <chakra.p mt="1">{refund.reason}</chakra.p>
            {refund.reference ? <chakra.p mt="1">Reference {refund.reference}</chakra.p> : null}
            {refund.failure ? (
              <chakra.p mt="1" color="brand.sale">
                {refund.failure}
              </chakra.p>
            ) : null}
          </>
        )}
      </OrderRecords>
      {canRefund ? (
        <Box mt="2">
          <AdminButton tone="secondary" onClick={() => setOpen(true)}>
            Refund
          </AdminButton>
        </Box>
      ) : null}
      <RefundDialog
        order={order}
        open={open}
        onClose={() => setOpen(false)}
        onRefunded={onChanged}
      />
    </OrderSection>
  )
}
