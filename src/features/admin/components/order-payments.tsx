import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { formatPrice } from '@/lib/money'
import type { OrderDetail } from '../api/orders-api'
import { paymentMethodLabel, paymentStatusLabel, paymentStatusTone } from '../labels'
import { formatDateTime, StatusBadge } from './admin-ui'
import { OrderRecords, OrderSection } from './order-section'

/** What the panel says before any payment is recorded, by how the order is paid. */
const noPaymentYet: Record<OrderDetail['payment_method'], string> = {
  cod: 'Cash on delivery: recorded when the order is delivered.',
  mpesa: 'No M-Pesa request yet.',
  card: 'No card payment yet.',
  bank: 'No bank transfer recorded yet.',
}

/** Every payment tried for the order, newest first, with its receipt and the provider's words. */
export function OrderPayments({ order }: { order: OrderDetail }) {
  return (
    <OrderSection title="Payments">
      <OrderRecords records={order.payments} empty={noPaymentYet[order.payment_method]}>
        {(payment) => (
          <>
            <Box display="flex" flexWrap="wrap" gap="2" alignItems="center">
              <StatusBadge tone={paymentStatusTone[payment.status]}>
                {paymentStatusLabel[payment.status]}
              </StatusBadge>
              <chakra.strong>{paymentMethodLabel[payment.provider]}</chakra.strong>
              <span>{formatPrice(payment.amount, 'KSH')}</span>
              <chakra.span color="brand.muted">{formatDateTime(payment.updated_at)}</chakra.span>
            </Box>
            {payment.mpesa_receipt ? (
              <chakra.p mt="1">Receipt {payment.mpesa_receipt}</chakra.p>
            ) : null}
            {payment.result_desc ? (
              <chakra.p mt="1" color="brand.muted">
                {payment.result_desc}
              </chakra.p>
            ) : null}
          </>
        )}
      </OrderRecords>
    </OrderSection>
  )
}
