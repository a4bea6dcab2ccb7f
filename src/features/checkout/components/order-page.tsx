import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Grid } from '@chakra-ui/react/grid'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { useAppSelector } from '@/lib/app-state'
import { paths } from '@/config/paths'
import { store as storeInfo } from '@/config/site'
import { selectAuthUser } from '@/features/auth/auth-slice'
import { selectCurrency } from '@/features/currency/currency-slice'
import { formatPrice } from '@/lib/money'
import { useLiveRefresh } from '@/lib/use-live-refresh'
import { formatKenyanPhone } from '@/lib/phone'
import { fetchOrder, fetchOwnOrderToken } from '../api/checkout-api'
import { CheckoutError } from '../api/checkout-error'
import type { OrderDocument, OrderStatus, PaymentStatus } from '../checkout-types'
import { orderKeyTopic } from '../order-key-topic'
import { findSavedOrder, saveOrderLink } from '../saved-orders'
import { primaryButton, secondaryButton } from './form-controls'
import { BankTransferPanel } from './bank-transfer-panel'
import { CardPanel } from './card-panel'
import { MpesaPanel } from './mpesa-panel'
import { OrderDiscountRows } from './order-discount-rows'
import { OrderProgress } from './order-progress'
import { optionsText, TotalRow } from './order-summary'
import { Notice } from '@/components/ui/notice'

const statusText: Record<OrderStatus, string> = {
  pending: 'Received',
  confirmed: 'Confirmed',
  dispatched: 'On its way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

function paymentText(order: OrderDocument): string {
  const byStatus: Record<PaymentStatus, string> = {
    pending: order.paymentMethod === 'cod' ? 'Pay on delivery' : 'Awaiting payment',
    paid: 'Paid',
    failed: 'Payment failed',
    cancelled: 'Payment not completed',
    refunded: 'Refunded',
  }
  return byStatus[order.paymentStatus]
}

const placedAt = (iso: string) =>
  new Intl.DateTimeFormat(storeInfo.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )

type Load =
  | { state: 'loading' }
  | { state: 'ready'; order: OrderDocument; token: string }
  | { state: 'not_found' }
  | { state: 'error'; message: string }

/**
 * /order/LK-240001?token=…: the order behind its private link (or, without the token, one placed on
 * this device or by the signed-in owner). Status, payment, items, totals and delivery; an unpaid M-Pesa
 * order also gets the pay / retry / Paybill panel.
 */
export function OrderPage({ orderNumber, token }: { orderNumber: string; token?: string }) {
  const user = useAppSelector(selectAuthUser)
  const currency = useAppSelector(selectCurrency)
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [generation, setGeneration] = useState(0)
  const number = orderNumber.toUpperCase()

  useEffect(() => {
    let live = true
    const run = async () => {
      const key =
        token ?? findSavedOrder(number)?.token ?? (user ? await fetchOwnOrderToken(number) : null)
      if (!key) {
        if (live) setLoad({ state: 'not_found' })
        return
      }
      try {
        const order = await fetchOrder(number, key)
        if (!live) return
        setLoad({ state: 'ready', order, token: key })
        // Opening the link on a new phone keeps it there too.
        saveOrderLink(order)
      } catch (error) {
        if (!live) return
        if (error instanceof CheckoutError && error.kind === 'not_found')
          setLoad({ state: 'not_found' })
        else
          setLoad((current) =>
            current.state === 'ready'
              ? current
              : {
                  state: 'error',
                  message:
                    error instanceof CheckoutError && error.kind === 'network'
                      ? "You're offline or the store can't be reached. Your order is safe: open this page again when you're back online."
                      : 'We could not load your order just now. Please try again.',
                },
          )
      }
    }
    void run()
    return () => {
      live = false
    }
  }, [number, token, user, generation])

  const reload = useCallback(() => setGeneration((n) => n + 1), [])
  // Paid, dispatched (with courier and tracking), delivered, cancelled, refunded: the page follows the
  // order while it is open. A signed-in owner hears each change of their orders; a guest hears it on the
  // order's private topic, which only its key opens. Everyone re-reads while the socket is down.
  const orderId = load.state === 'ready' ? load.order.id : null
  const orderKey = load.state === 'ready' ? load.token : null
  const [keyTopic, setKeyTopic] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    if (user || !orderId || !orderKey) setKeyTopic(null)
    else void orderKeyTopic(orderId, orderKey).then((topic) => current && setKeyTopic(topic))
    return () => {
      current = false
    }
  }, [user, orderId, orderKey])
  useLiveRefresh({
    topic: orderId && user ? `order:${orderId}` : keyTopic,
    config: user ? undefined : { private: true },
    bind: (channel, changed) =>
      user
        ? channel.on(
            'postgres_changes',
            { event: 'UPDATE', schema: 'public', table: 'orders', filter: `id=eq.${orderId}` },
            changed,
          )
        : channel.on('broadcast', { event: 'changed' }, changed),
    onChange: reload,
    fallbackMs: orderId ? 10_000 : 0,
  })

  if (load.state === 'loading') {
    return (
      <Frame title={`Order ${number}`}>
        <Notice compact role="status">
          Loading your order…
        </Notice>
      </Frame>
    )
  }
  if (load.state === 'not_found') {
    return (
      <Frame title="Order not found">
        <Stack gap="4">
          <Notice compact tone="error" role="alert">
            We could not find order {number}. Please open the link from your confirmation again, or
            contact us on {storeInfo.phoneDisplay} with your order number.
          </Notice>
          <Link to={paths.home}>
            <chakra.span css={secondaryButton}>Continue Shopping</chakra.span>
          </Link>
        </Stack>
      </Frame>
    )
  }
  if (load.state === 'error') {
    return (
      <Frame title={`Order ${number}`}>
        <Stack gap="4" align="start">
          <Notice compact tone="error" role="alert">
            {load.message}
          </Notice>
          <chakra.button type="button" css={secondaryButton} onClick={reload}>
            Try again
          </chakra.button>
        </Stack>
      </Frame>
    )
  }

  const { order } = load
  const firstName = order.contact.name.split(/\s+/)[0] ?? order.contact.name
  const unpaidMpesa =
    order.paymentMethod === 'mpesa' &&
    order.paymentStatus !== 'paid' &&
    order.status !== 'cancelled'
  const expired = Boolean(order.expiredAt)

  return (
    <Frame title={`Thank you, ${firstName}!`}>
      <chakra.p color="brand.charcoal" mb="6">
        Order <chakra.strong>{order.orderNumber}</chakra.strong> · placed{' '}
        {placedAt(order.createdAt)}
      </chakra.p>
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 380px' }}
        gap={{ base: '5', lg: '8' }}
        alignItems="start"
      >
        <Stack gap="5">
          <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr 1fr' }} gap="3">
            <StatusTile
              label="Order status"
              value={expired ? 'Expired' : statusText[order.status]}
            />
            <StatusTile
              label="Payment"
              value={paymentText(order)}
              tone={
                order.paymentStatus === 'paid'
                  ? 'good'
                  : order.paymentStatus === 'pending'
                    ? 'neutral'
                    : 'bad'
              }
            />
          </chakra.dl>

          {expired ? (
            <Notice compact tone="warning" role="status">
              <chakra.strong display="block">This order has expired</chakra.strong>
              It was not {order.paymentMethod === 'cod' ? 'confirmed' : 'paid'} in time, so its
              items went back on sale. Nothing was charged. Please place a new order if you still
              want them.
            </Notice>
          ) : null}
          {unpaidMpesa && order.paymentDueAt ? (
            <Notice compact role="status">
              We hold your items until {placedAt(order.paymentDueAt)}. Pay before then, or the order
              expires and they go back on sale.
            </Notice>
          ) : null}
          <OrderProgress order={order} />
          {unpaidMpesa ? <MpesaPanel order={order} token={load.token} onSettled={reload} /> : null}
          {order.paymentMethod === 'mpesa' && order.paymentStatus === 'paid' ? (
            <Notice compact tone="success" role="status">
              <chakra.strong display="block">Payment received</chakra.strong>
              {order.payment?.receipt ? `M-Pesa receipt ${order.payment.receipt}. ` : ''}
              {formatPrice(order.total, 'KSH')} paid with M-Pesa.
            </Notice>
          ) : null}
          <BankTransferPanel order={order} />
          <CardPanel order={order} token={load.token} />
          {order.paymentMethod === 'cod' &&
          order.paymentStatus !== 'paid' &&
          order.status !== 'cancelled' ? (
            <Notice compact>
              Cash on delivery: please have {formatPrice(order.total, 'KSH')} ready when your order
              arrives.
            </Notice>
          ) : null}

          <Section title={order.delivery.method === 'pickup' ? 'Pickup' : 'Delivery'}>
            {order.delivery.method === 'pickup' ? (
              <chakra.p>
                Collect from{' '}
                <chakra.strong>
                  {order.delivery.pickupPointName ?? order.delivery.pickupPoint}
                </chakra.strong>
                . We'll text {formatKenyanPhone(order.contact.phone)} when it's ready.
              </chakra.p>
            ) : (
              <chakra.address fontStyle="normal">
                {order.contact.name}
                <br />
                {order.delivery.street}
                <br />
                {order.delivery.town}, {order.delivery.county}
                {order.delivery.note ? (
                  <chakra.span display="block" mt="2" color="brand.muted" fontSize="sm">
                    Note for the rider: {order.delivery.note}
                  </chakra.span>
                ) : null}
              </chakra.address>
            )}
            <chakra.p mt="3" fontSize="sm" color="brand.muted">
              Contact: {formatKenyanPhone(order.contact.phone)} · {order.contact.email}
            </chakra.p>
          </Section>

          <Section title="Keep this link">
            <chakra.p fontSize="sm" color="brand.charcoal">
              This page is your private link to the order: bookmark it to check the status. It is
              saved on this device{user ? ' and in your account' : ''}. Don't share it.
            </chakra.p>
          </Section>
        </Stack>

        <Box position={{ lg: 'sticky' }} top={{ lg: '32' }}>
          <Section title="Your order">
            <chakra.ul listStyleType="none" aria-label="Items in your order">
              {order.items.map((item, index) => {
                const options = optionsText(item.size, item.color)
                return (
                  <Flex
                    as="li"
                    key={`${item.productId ?? 'item'}-${index}`}
                    justify="space-between"
                    gap="3"
                    py="2.5"
                    borderBottomWidth="1px"
                    borderColor="brand.line"
                    fontSize="sm"
                  >
                    <Box minW="0">
                      <chakra.span fontWeight="semibold" display="block">
                        {item.name}
                      </chakra.span>
                      <chakra.span color="brand.muted">
                        {options ? `${options} · ` : ''}Qty {item.quantity}
                      </chakra.span>
                    </Box>
                    <chakra.span fontVariantNumeric="tabular-nums" flexShrink={0}>
                      {formatPrice(item.lineTotal, currency)}
                    </chakra.span>
                  </Flex>
                )
              })}
            </chakra.ul>
            <chakra.dl display="grid" gap="2" mt="4">
              <TotalRow label="Subtotal" value={formatPrice(order.subtotal, currency)} />
              <OrderDiscountRows order={order} currency={currency} />
              <TotalRow
                label="Delivery"
                value={order.deliveryFee === 0 ? 'Free' : formatPrice(order.deliveryFee, currency)}
              />
              <Box borderTopWidth="1px" borderColor="brand.line" pt="3" mt="1">
                <TotalRow label="Total" value={formatPrice(order.total, currency)} strong />
              </Box>
            </chakra.dl>
            {currency === 'USD' ? (
              <chakra.p mt="2" fontSize="xs" color="brand.muted">
                Charged in KES: {formatPrice(order.total, 'KSH')}.
              </chakra.p>
            ) : null}
          </Section>
          <Box mt="4">
            <Link to={paths.home}>
              <chakra.span css={primaryButton} w="full">
                Continue Shopping
              </chakra.span>
            </Link>
          </Box>
        </Box>
      </Grid>
    </Frame>
  )
}

function StatusTile({
  label,
  value,
  tone = 'neutral',
}: {
  label: string
  value: string
  tone?: 'good' | 'bad' | 'neutral'
}) {
  return (
    <Box bg="white" borderWidth="1px" borderColor="brand.line" p="4">
      <chakra.dt fontSize="xs" letterSpacing="0.12em" textTransform="uppercase" color="brand.muted">
        {label}
      </chakra.dt>
      <chakra.dd
        mt="1"
        fontWeight="semibold"
        color={tone === 'good' ? 'brand.kenyaGreen' : tone === 'bad' ? 'brand.sale' : 'brand.ink'}
      >
        {value}
      </chakra.dd>
    </Box>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <chakra.section
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
      p={{ base: '4', md: '6' }}
    >
      <chakra.h2 fontFamily="heading" fontSize="xl" mb="3">
        {title}
      </chakra.h2>
      {children}
    </chakra.section>
  )
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box bg="brand.ivory" minH="70vh">
      <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <chakra.h1
          fontFamily="heading"
          fontSize={{ base: '3xl', md: '4xl' }}
          color="brand.ink"
          mb="2"
        >
          {title}
        </chakra.h1>
        {children}
      </Box>
    </Box>
  )
}
