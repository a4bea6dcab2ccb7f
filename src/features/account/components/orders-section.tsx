import { Badge } from '@chakra-ui/react/badge'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import { useAppSelector } from '@/lib/app-state'
import { buttonLinkStyle } from '@/components/button-link'
import { ChevronDownIcon, ChevronUpIcon } from '@/components/icons'
import { store } from '@/config/site'
import { selectCurrency } from '@/features/currency/currency-slice'
import { formatPrice, type Currency } from '@/lib/money'
import { listOrders, type Order } from '../api/orders'
import { useOnlineStatus } from '@/lib/use-online-status'
import { useRemote } from '@/lib/use-remote'
import { LoadProblem, Loading, SectionCard } from './account-ui'
import { Notice } from '@/components/ui/notice'

const statusText: Record<Order['status'], string> = {
  pending: 'Received',
  confirmed: 'Confirmed',
  dispatched: 'On its way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

const paymentText: Record<Order['payment_status'], string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Payment cancelled',
  refunded: 'Refunded',
}

const methodText: Record<Order['payment_method'], string> = {
  mpesa: 'M-Pesa',
  cod: 'Cash on delivery',
  bank: 'Bank transfer',
  card: 'Card',
}

const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium' })

/** Queued on this device while offline; the outbox sends it when the connection returns. */
export interface WaitingOrder {
  id: string
  createdAt: string
  itemCount: number
  /** The session expired before it could be sent: signing in again sends it. */
  needsSignIn: boolean
}

/** The shopper's orders, newest first; each opens to show its lines, delivery and payment. */
export function OrdersSection({
  userId,
  waiting = [],
}: {
  userId: string
  waiting?: WaitingOrder[]
}) {
  const online = useOnlineStatus()
  const currency = useAppSelector(selectCurrency)
  const { state, reload } = useRemote(userId, () => listOrders())
  const orders = state.status === 'ready' ? state.data : (state.data ?? [])

  const failed = state.status === 'error'
  const loading = state.status === 'loading' && !state.data
  const rows =
    waiting.length + orders.length > 0 ? (
      <chakra.ul listStyleType="none" display="grid" gap="3">
        {waiting.map((order) => (
          <WaitingOrderRow key={order.id} order={order} />
        ))}
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} currency={currency} />
        ))}
      </chakra.ul>
    ) : null

  let content: ReactNode
  if (failed || loading) {
    // Orders waiting on this device show even when the server cannot be reached (that is when they wait).
    content = (
      <chakra.div display="grid" gap="4">
        {rows}
        {failed ? (
          <LoadProblem online={online} what="orders" message={state.message} onRetry={reload} />
        ) : (
          <Loading label="Loading your orders" />
        )}
      </chakra.div>
    )
  } else if (!rows) {
    content = (
      <chakra.div display="grid" gap="4" justifyItems="start">
        <Notice title="No orders yet">When you place an order, you can follow it here.</Notice>
        <Link to="/new-arrivals">
          <chakra.span css={buttonLinkStyle('outline')}>Browse new arrivals</chakra.span>
        </Link>
      </chakra.div>
    )
  } else {
    content = rows
  }

  return (
    <SectionCard
      id="orders"
      title="Orders"
      description={`Your orders with ${store.name}, newest first.`}
    >
      {content}
    </SectionCard>
  )
}

function StatusBadge({
  tone,
  children,
}: {
  tone: 'ink' | 'gold' | 'muted' | 'sale'
  children: string
}) {
  const colours = {
    ink: { bg: 'brand.ink', color: 'white' },
    gold: { bg: 'brand.cream', color: 'brand.goldDeep' },
    muted: { bg: 'brand.ivory', color: 'brand.charcoal' },
    sale: { bg: 'brand.cream', color: 'brand.sale' },
  }[tone]
  return (
    <Badge {...colours} borderRadius="0" px="2" py="0.5" fontSize="2xs" letterSpacing="0.06em">
      {children}
    </Badge>
  )
}

const statusTone = (status: Order['status']) =>
  status === 'delivered' ? 'ink' : status === 'cancelled' ? 'sale' : 'gold'

function WaitingOrderRow({ order }: { order: WaitingOrder }) {
  return (
    <chakra.li
      aria-label="Order waiting to send"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="brand.gold"
      p={{ base: '4', sm: '5' }}
      display="grid"
      gap="1"
    >
      <chakra.div display="flex" flexWrap="wrap" alignItems="center" gap="2">
        <chakra.span fontWeight="semibold" color="brand.ink">
          New order
        </chakra.span>
        <StatusBadge tone="muted">Waiting to send</StatusBadge>
      </chakra.div>
      <chakra.p fontSize="sm" color="brand.charcoal">
        <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time> ·{' '}
        {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
      </chakra.p>
      <chakra.p fontSize="sm" color="brand.muted">
        {order.needsSignIn
          ? 'Sign in to finish your order: it is sent as soon as your session is renewed.'
          : 'Saved on this device while you were offline; it is sent as soon as you are back online.'}
      </chakra.p>
    </chakra.li>
  )
}

function OrderRow({ order, currency }: { order: Order; currency: Currency }) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const itemCount = order.order_items.reduce((sum, item) => sum + item.quantity, 0)
  return (
    <chakra.li borderWidth="1px" borderColor="brand.line">
      <chakra.button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={detailsId}
        w="100%"
        textAlign="start"
        p={{ base: '4', sm: '5' }}
        display="grid"
        gridTemplateColumns="1fr auto"
        alignItems="center"
        gap="3"
        _hover={{ bg: 'brand.cream' }}
      >
        <chakra.span display="grid" gap="1">
          <chakra.span display="flex" flexWrap="wrap" alignItems="center" gap="2">
            <chakra.span fontWeight="semibold" color="brand.ink">
              Order {order.order_number}
            </chakra.span>
            <StatusBadge tone={statusTone(order.status)}>{statusText[order.status]}</StatusBadge>
          </chakra.span>
          <chakra.span fontSize="sm" color="brand.charcoal">
            <time dateTime={order.created_at}>{dateFormat.format(new Date(order.created_at))}</time>{' '}
            · {itemCount} {itemCount === 1 ? 'item' : 'items'} ·{' '}
            <chakra.span fontWeight="semibold" color="brand.ink" whiteSpace="nowrap">
              {formatPrice(order.total, currency)}
            </chakra.span>
          </chakra.span>
        </chakra.span>
        <chakra.span color="brand.muted" aria-hidden="true">
          {open ? <ChevronUpIcon /> : <ChevronDownIcon />}
        </chakra.span>
      </chakra.button>
      <chakra.div
        id={detailsId}
        hidden={!open}
        px={{ base: '4', sm: '5' }}
        pb="5"
        borderTopWidth="1px"
        borderColor="brand.line"
      >
        <chakra.ul listStyleType="none" display="grid" gap="3" pt="4">
          {order.order_items.map((item) => (
            <chakra.li
              key={item.line_no}
              display="grid"
              gridTemplateColumns="1fr auto"
              gap="3"
              fontSize="sm"
            >
              <chakra.span>
                <chakra.span display="block" color="brand.ink" fontWeight="medium">
                  {item.name}
                </chakra.span>
                <chakra.span display="block" color="brand.muted">
                  {[item.size && `Size ${item.size}`, item.color, `Qty ${item.quantity}`]
                    .filter(Boolean)
                    .join(' · ')}
                </chakra.span>
              </chakra.span>
              <chakra.span whiteSpace="nowrap" color="brand.ink">
                {formatPrice(item.line_total, currency)}
              </chakra.span>
            </chakra.li>
          ))}
        </chakra.ul>
        <chakra.dl
          mt="4"
          pt="4"
          borderTopWidth="1px"
          borderColor="brand.line"
          display="grid"
          gridTemplateColumns="1fr auto"
          gap="1.5"
          fontSize="sm"
        >
          <Row label="Subtotal" value={formatPrice(order.subtotal, currency)} />
          {order.discount_total > 0 ? (
            <Row label="Discount" value={`−${formatPrice(order.discount_total, currency)}`} />
          ) : null}
          <Row
            label="Delivery"
            value={order.delivery_fee === 0 ? 'Free' : formatPrice(order.delivery_fee, currency)}
          />
          <Row label="Total" value={formatPrice(order.total, currency)} strong />
        </chakra.dl>
        <chakra.div mt="4" display="grid" gap="1" fontSize="sm" color="brand.charcoal">
          <chakra.p>
            <chakra.span color="brand.muted">
              {order.delivery_method === 'pickup' ? 'Pickup: ' : 'Delivery to: '}
            </chakra.span>
            {order.delivery_method === 'pickup'
              ? order.pickup_points
                ? `${order.pickup_points.name}, ${order.pickup_points.town}`
                : 'Pickup point'
              : [order.street, order.town, order.county && `${order.county} County`]
                  .filter(Boolean)
                  .join(', ')}
          </chakra.p>
          <chakra.p>
            <chakra.span color="brand.muted">Payment: </chakra.span>
            {methodText[order.payment_method]} · {paymentText[order.payment_status]}
          </chakra.p>
        </chakra.div>
      </chakra.div>
    </chakra.li>
  )
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <chakra.dt
        color={strong ? 'brand.ink' : 'brand.muted'}
        fontWeight={strong ? 'semibold' : 'normal'}
      >
        {label}
      </chakra.dt>
      <chakra.dd
        textAlign="end"
        color="brand.ink"
        fontWeight={strong ? 'semibold' : 'normal'}
        whiteSpace="nowrap"
      >
        {value}
      </chakra.dd>
    </>
  )
}
