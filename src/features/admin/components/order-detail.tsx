import { BankTransferReceived } from './bank-transfer-received'
import { DispatchDialog } from './dispatch-dialog'
import { OrderPayments } from './order-payments'
import { OrderRefunds } from './order-refunds'
import { OrderRow, OrderSection } from './order-section'
import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState } from 'react'
import { Drawer } from '@/components/drawer'
import { notify } from '@/components/toaster'
import { formatPrice } from '@/lib/money'
import { formatKenyanPhone } from '@/lib/phone'
import { getSupabase } from '@/lib/supabase'
import type { OrderStatus } from '../admin-search'
import { errorMessage } from '../api/admin-api-error'
import {
  changeOrderStatus,
  fetchOrderDetail,
  nextStatuses,
  type OrderDetail,
} from '../api/orders-api'
import {
  commissionStatusLabel,
  commissionStatusTone,
  orderStateLabel,
  orderStatusTone,
  paymentMethodLabel,
  paymentStatusLabel,
  paymentStatusTone,
} from '../labels'
import { useStaff } from '../staff-context'
import { useAdminQuery } from '../use-admin-query'
import {
  AdminButton,
  ErrorState,
  formatDateTime,
  LoadingState,
  StatusBadge,
  Table,
  TableScroll,
} from './admin-ui'
import { SubjectHistory } from './audit-entries'
import { ConfirmDialog } from './confirm-dialog'
import { StaffHere } from './live-notes'

const actionLabel: Record<OrderStatus, string> = {
  pending: 'Back to pending',
  confirmed: 'Confirm order',
  dispatched: 'Mark as dispatched',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
  refunded: 'Refund',
}

const doneLabel: Record<OrderStatus, string> = {
  pending: 'is pending',
  confirmed: 'is confirmed',
  dispatched: 'is on its way',
  delivered: 'is delivered',
  cancelled: 'is cancelled',
  refunded: 'is refunded',
}

/** One order in a side panel: what was bought, by whom, where it goes, how it was paid, and the next step. */
export function OrderDetailPanel({
  orderNumber,
  onClose,
  onChanged,
}: {
  orderNumber: string
  onClose: () => void
  onChanged: () => void
}) {
  const { isAdmin } = useStaff()
  const query = useAdminQuery(`order:${orderNumber}`, (client) =>
    fetchOrderDetail(client, orderNumber),
  )
  return (
    <Drawer open onClose={onClose} title={`Order ${orderNumber}`} size="md">
      <StaffHere page={`order:${orderNumber}`} />
      {query.error && !query.data ? (
        <ErrorState message={query.error} onRetry={query.reload} />
      ) : !query.data ? (
        <LoadingState label="Loading the order…" />
      ) : (
        <>
          <OrderBody
            order={query.data}
            onChanged={() => {
              query.reload()
              onChanged()
            }}
          />
          {isAdmin ? (
            <SubjectHistory key={query.data.updated_at} kind="order" subjectId={query.data.id} />
          ) : null}
        </>
      )}
    </Drawer>
  )
}

function OrderBody({ order, onChanged }: { order: OrderDetail; onChanged: () => void }) {
  const [busy, setBusy] = useState<OrderStatus | null>(null)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [dispatching, setDispatching] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const next = nextStatuses(order)
  const waitingForMpesa =
    order.payment_method === 'mpesa' &&
    order.payment_status !== 'paid' &&
    order.status !== 'cancelled'
  const waitingForTransfer =
    order.payment_method === 'bank' &&
    order.payment_status !== 'paid' &&
    order.status !== 'cancelled'

  const move = async (status: OrderStatus) => {
    setBusy(status)
    setProblem(null)
    try {
      await changeOrderStatus(await getSupabase(), order.id, status)
      notify({ type: 'success', title: `Order ${order.order_number} ${doneLabel[status]}` })
      setConfirmCancel(false)
      onChanged()
    } catch (error) {
      setConfirmCancel(false)
      setProblem(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  const address =
    order.delivery_method === 'pickup'
      ? [`Pickup: ${order.pickup?.name ?? order.pickup_point ?? ''}`]
      : [order.street, order.town, order.county].filter((part): part is string => Boolean(part))

  return (
    <Box display="grid" gap="6" pb="4">
      <Box display="flex" flexWrap="wrap" gap="2" alignItems="center">
        <StatusBadge tone={orderStatusTone[order.status]}>{orderStateLabel(order)}</StatusBadge>
        <StatusBadge tone={paymentStatusTone[order.payment_status]}>
          {paymentMethodLabel[order.payment_method]}: {paymentStatusLabel[order.payment_status]}
        </StatusBadge>
        <chakra.span fontSize="sm" color="brand.muted">
          Placed {formatDateTime(order.created_at)}
        </chakra.span>
        {order.expired_at !== null && order.status === 'cancelled' && (
          <chakra.span fontSize="sm" color="brand.muted">
            Expired {formatDateTime(order.expired_at)}: unpaid in time, its stock released
          </chakra.span>
        )}
      </Box>

      {next.length > 0 ? (
        <OrderSection title="Next step">
          <Box display="flex" flexWrap="wrap" gap="2">
            {next
              .filter((status) => status !== 'cancelled')
              .map((status) => (
                <AdminButton
                  key={status}
                  onClick={() =>
                    status === 'dispatched' ? setDispatching(true) : void move(status)
                  }
                  loading={busy === status}
                  disabled={
                    busy !== null ||
                    (status === 'dispatched' && (waitingForMpesa || waitingForTransfer))
                  }
                >
                  {actionLabel[status]}
                </AdminButton>
              ))}
            <AdminButton
              tone="danger"
              onClick={() => setConfirmCancel(true)}
              disabled={busy !== null}
            >
              {actionLabel.cancelled}
            </AdminButton>
          </Box>
          {waitingForMpesa && next.includes('dispatched') ? (
            <chakra.p fontSize="sm" color="brand.muted" mt="2">
              Waiting for the M-Pesa payment: the order can be dispatched once it is paid.
            </chakra.p>
          ) : null}
          {waitingForTransfer ? <BankTransferReceived order={order} onChanged={onChanged} /> : null}
          {order.payment_method === 'cod' && next.includes('delivered') ? (
            <chakra.p fontSize="sm" color="brand.muted" mt="2">
              Marking it delivered records the cash collected ({formatPrice(order.total, 'KSH')}).
            </chakra.p>
          ) : null}
          {problem ? (
            <chakra.p role="alert" color="brand.sale" fontSize="sm" mt="2">
              {problem}
            </chakra.p>
          ) : null}
        </OrderSection>
      ) : null}

      <OrderSection title="Items">
        <TableScroll label="Items">
          <Table>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" data-numeric="">
                  Qty
                </th>
                <th scope="col" data-numeric="">
                  Price
                </th>
                <th scope="col" data-numeric="">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.order_items.map((item) => (
                <tr key={item.id}>
                  <td>
                    {item.name}
                    {item.size || item.color ? (
                      <chakra.span display="block" fontSize="xs" color="brand.muted">
                        {[item.size && `Size ${item.size}`, item.color].filter(Boolean).join(' · ')}
                      </chakra.span>
                    ) : null}
                  </td>
                  <td data-numeric="">{item.quantity}</td>
                  <td data-numeric="">
                    {formatPrice(item.discounted_unit_price, 'KSH')}
                    {item.discount > 0 ? (
                      <chakra.span display="block" fontSize="xs" color="brand.muted">
                        {item.discount}% off
                      </chakra.span>
                    ) : null}
                  </td>
                  <td data-numeric="">
                    {formatPrice(item.line_total, 'KSH')}
                    {item.code_discount > 0 ? (
                      <chakra.span display="block" fontSize="xs" color="brand.muted">
                        code −{formatPrice(item.code_discount, 'KSH')}
                      </chakra.span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
        <chakra.dl display="grid" gridTemplateColumns="1fr auto" gap="1" mt="3" fontSize="sm">
          <OrderRow label="Subtotal" value={formatPrice(order.subtotal, 'KSH')} />
          {order.discount_total - order.code_discount > 0 ? (
            <OrderRow
              label="Discounts"
              value={`−${formatPrice(order.discount_total - order.code_discount, 'KSH')}`}
            />
          ) : null}
          {order.code_discount > 0 ? (
            <OrderRow
              label={`${order.discount_codes.length > 1 ? 'Codes' : 'Code'} ${order.discount_codes.join(', ')}`}
              value={`−${formatPrice(order.code_discount, 'KSH')}`}
            />
          ) : null}
          <OrderRow
            label="Delivery"
            value={order.delivery_fee === 0 ? 'Free' : formatPrice(order.delivery_fee, 'KSH')}
          />
          <OrderRow label="Total" value={formatPrice(order.total, 'KSH')} strong />
        </chakra.dl>
      </OrderSection>

      <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="6">
        <OrderSection title="Customer">
          <chakra.p fontWeight="medium">{order.customer_name}</chakra.p>
          <chakra.p>
            <chakra.a href={`tel:+${order.phone}`} textDecoration="underline">
              {formatKenyanPhone(order.phone)}
            </chakra.a>
          </chakra.p>
          <chakra.p wordBreak="break-all">
            <chakra.a href={`mailto:${order.email}`} textDecoration="underline">
              {order.email}
            </chakra.a>
          </chakra.p>
          <chakra.p fontSize="sm" color="brand.muted" mt="1">
            {order.user_id ? 'Signed-in shopper' : 'Guest checkout'}
          </chakra.p>
        </OrderSection>
        <OrderSection title={order.delivery_method === 'pickup' ? 'Pickup' : 'Delivery'}>
          {address.map((line) => (
            <chakra.p key={line}>{line}</chakra.p>
          ))}
          {order.courier ? (
            <chakra.p fontSize="sm" mt="2">
              <chakra.span color="brand.muted">Dispatched with </chakra.span>
              {order.courier} · {order.tracking}
            </chakra.p>
          ) : null}
          {order.rider_note ? (
            <chakra.p fontSize="sm" mt="2">
              <chakra.span color="brand.muted">Note for the rider: </chakra.span>
              {order.rider_note}
            </chakra.p>
          ) : null}
        </OrderSection>
      </Box>

      <OrderPayments order={order} />

      <OrderRefunds order={order} onChanged={onChanged} />

      <OrderSection title="Referral">
        {order.affiliate ? (
          <Box fontSize="sm">
            <chakra.p>
              Referred by <strong>{order.affiliate.code.toUpperCase()}</strong>
            </chakra.p>
            {order.commission ? (
              <Box display="flex" gap="2" alignItems="center" mt="1">
                <span>
                  Commission {formatPrice(order.commission.amount, 'KSH')} (
                  {order.commission.commission_percent}%)
                </span>
                <StatusBadge tone={commissionStatusTone[order.commission.status] ?? 'gray'}>
                  {commissionStatusLabel[order.commission.status]}
                </StatusBadge>
              </Box>
            ) : (
              <chakra.p color="brand.muted" mt="1">
                Commission is earned once the order is paid.
              </chakra.p>
            )}
          </Box>
        ) : (
          <chakra.p fontSize="sm" color="brand.muted">
            No affiliate referral.
          </chakra.p>
        )}
      </OrderSection>

      <OrderSection title="History">
        <chakra.dl
          display="grid"
          gridTemplateColumns="auto 1fr"
          columnGap="4"
          rowGap="1"
          fontSize="sm"
        >
          <OrderRow label="Placed" value={formatDateTime(order.created_at)} />
          {order.paid_at ? <OrderRow label="Paid" value={formatDateTime(order.paid_at)} /> : null}
          {order.confirmed_at ? (
            <OrderRow label="Confirmed" value={formatDateTime(order.confirmed_at)} />
          ) : null}
          {order.dispatched_at ? (
            <OrderRow label="Dispatched" value={formatDateTime(order.dispatched_at)} />
          ) : null}
          {order.delivered_at ? (
            <OrderRow label="Delivered" value={formatDateTime(order.delivered_at)} />
          ) : null}
          {order.cancelled_at ? (
            <OrderRow label="Cancelled" value={formatDateTime(order.cancelled_at)} />
          ) : null}
        </chakra.dl>
      </OrderSection>

      <DispatchDialog
        order={order}
        open={dispatching}
        onClose={() => setDispatching(false)}
        onDispatched={onChanged}
      />
      <ConfirmDialog
        open={confirmCancel}
        title={`Cancel order ${order.order_number}?`}
        confirmLabel="Cancel order"
        cancelLabel="Keep the order"
        danger
        busy={busy === 'cancelled'}
        onConfirm={() => void move('cancelled')}
        onCancel={() => setConfirmCancel(false)}
      >
        <chakra.p>
          The items go back into stock
          {order.affiliate ? ' and the affiliate’s commission is reversed' : ''}. This cannot be
          undone.
          {order.payment_status === 'paid'
            ? ' The order is paid: refund it afterwards with Refund.'
            : ''}
        </chakra.p>
      </ConfirmDialog>
    </Box>
  )
}
