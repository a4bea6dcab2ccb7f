import { chakra } from '@chakra-ui/react/styled-system'
import { store as storeInfo } from '@/config/site'
import { formatPrice } from '@/lib/money'
import type { OrderDocument, OrderRefund } from '../checkout-types'
import { Notice } from '@/components/ui/notice'

const when = (iso: string) =>
  new Intl.DateTimeFormat(storeInfo.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )

const refundedTo: Record<OrderRefund['method'], string> = {
  mpesa: 'to your M-Pesa',
  card: 'to your card',
  bank: 'by bank transfer',
  cod: 'to you',
}

/**
 * What happened to the order after it was paid: who carries it and how to follow it, when it was
 * delivered or cancelled, and every refund. The order page re-reads the order when it changes, so these
 * appear while the page is open.
 */
export function OrderProgress({ order }: { order: OrderDocument }) {
  const refunds = order.refunds ?? []
  const refunded = order.refundedTotal ?? 0
  return (
    <>
      {order.dispatch && order.status !== 'cancelled' ? (
        <Notice compact tone="success" role="status">
          <chakra.strong display="block">
            {order.status === 'delivered'
              ? `Delivered${order.deliveredAt ? ` ${when(order.deliveredAt)}` : ''}`
              : `Dispatched ${when(order.dispatch.dispatchedAt)}`}
          </chakra.strong>
          <chakra.dl
            display="grid"
            gridTemplateColumns="auto 1fr"
            columnGap="3"
            rowGap="1"
            mt="1"
            aria-label="Dispatch details"
          >
            <chakra.dt color="brand.muted">Courier</chakra.dt>
            <chakra.dd>{order.dispatch.courier ?? '—'}</chakra.dd>
            <chakra.dt color="brand.muted">Tracking</chakra.dt>
            <chakra.dd fontVariantNumeric="tabular-nums">
              {order.dispatch.tracking ?? '—'}
            </chakra.dd>
          </chakra.dl>
        </Notice>
      ) : null}
      {order.status === 'delivered' && !order.dispatch && order.deliveredAt ? (
        <Notice compact tone="success" role="status">
          Delivered {when(order.deliveredAt)}.
        </Notice>
      ) : null}
      {/* An expired order has its own notice on the order page. */}
      {order.cancelledAt && !order.expiredAt ? (
        <Notice compact tone="warning" role="status">
          This order was cancelled {when(order.cancelledAt)}.
          {order.paymentStatus === 'paid' && refunded < order.total
            ? ' The money you paid will be refunded to you.'
            : ''}
        </Notice>
      ) : null}
      {refunds.length > 0 ? (
        <Notice compact tone="info" role="status">
          <chakra.strong display="block">
            {refunded >= order.total
              ? `Refunded in full: ${formatPrice(refunded, 'KSH')}`
              : `Refunded ${formatPrice(refunded, 'KSH')} of ${formatPrice(order.total, 'KSH')}`}
          </chakra.strong>
          <chakra.ul listStyleType="none" mt="1" display="grid" gap="1" aria-label="Refunds">
            {refunds.map((refund) => (
              <li key={`${refund.refundedAt}-${refund.amount}`}>
                {formatPrice(refund.amount, 'KSH')} {refundedTo[refund.method]} on{' '}
                {when(refund.refundedAt)}: {refund.reason}
                {refund.reference ? ` (reference ${refund.reference})` : ''}
              </li>
            ))}
          </chakra.ul>
        </Notice>
      ) : null}
    </>
  )
}
