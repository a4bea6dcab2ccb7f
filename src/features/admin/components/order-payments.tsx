import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { formatPrice } from '@/lib/money'
import type { OrderDetail } from '../api/orders-api'
import { paymentMethodLabel, paymentStatusLabel, paymentStatusTone } from '../labels'
import { formatDateTime, StatusBadge } from './admin-ui'
import { OrderSection } from './order-section'

/** Every payment tried for the order, newest first, with its receipt and the provider's words. */
export function OrderPayments({ order }: { order: OrderDetail }) {
  return (
    <OrderSection title="Payments">
      {order.payments.length === 0 ? (
        <chakra.p fontSize="sm" color="brand.muted">
          {order.payment_method === 'cod'
            ? 'Cash on delivery: recorded when the order is delivered.'
            : 'No M-Pesa request yet.'}
        </chakra.p>
      ) : (
        <chakra.ul listStyleType="none" display="grid" gap="2">
          {order.payments.map((payment) => (
            <chakra.li
              key={payment.id}
              borderWidth="1px"
              borderColor="brand.line"
              p="3"
              fontSize="sm"
            >
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
            </chakra.li>
          ))}
        </chakra.ul>
      )}
    </OrderSection>
  )
}
