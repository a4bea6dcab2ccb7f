import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { paths } from '@/config/paths'
import { addItem } from '@/features/cart/cart-slice'
import { useOutboxItems } from '@/features/outbox/outbox'
import {
  findQueuedOrder,
  forgetQueuedOrder,
  subscribeQueuedOrders,
  type QueuedOrder,
} from '../queued-orders'
import { findSavedOrderByKey, listSavedOrders, subscribeSavedOrders } from '../saved-orders'
import { primaryButton, secondaryButton } from './form-controls'
import { Notice } from '@/components/ui/notice'

const frame = {
  gap: '4',
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'brand.line',
  p: { base: '4', md: '6' },
} as const

/** The outbox has been read back from the device (an empty outbox before then proves nothing). */
function useOutboxReady() {
  return useAppSelector(
    (state) =>
      (state.outbox as { _persist?: { rehydrated?: boolean } })._persist?.rehydrated !== false,
  )
}

/**
 * An order placed offline: 'Waiting to send' until the outbox delivers it, then the link to the order;
 * or, if the store refused it (items sold out or repriced meanwhile), why, and 'Review your order',
 * which puts its items back in the cart and returns to the checkout with the per-line messages.
 */
export function QueuedOrderPanel({ queued, onBack }: { queued: QueuedOrder; onBack: () => void }) {
  const dispatch = useAppDispatch()
  useSyncExternalStore(subscribeSavedOrders, listSavedOrders, () => [])
  const saved = useSyncExternalStore(
    subscribeQueuedOrders,
    () => JSON.stringify(findQueuedOrder(queued.clientOrderId) ?? null),
    () => 'null',
  )
  const latest = (JSON.parse(saved) as QueuedOrder | null) ?? queued
  const delivered = findSavedOrderByKey(queued.clientOrderId)
  const waiting = useOutboxItems('order').find((item) => item.id === queued.clientOrderId)
  const outboxReady = useOutboxReady()
  // Neither sent, nor refused, nor waiting: the outbox dropped it (its owner signed out).
  const lost = outboxReady && !waiting && !delivered && !latest.rejected

  // Refused or dropped: the items go back into the cart for the shopper to review.
  const restore = useCallback(() => {
    for (const line of queued.lines ?? []) dispatch(addItem(line))
    forgetQueuedOrder(queued.clientOrderId)
    onBack()
  }, [dispatch, onBack, queued])

  useEffect(() => {
    if (delivered) forgetQueuedOrder(queued.clientOrderId)
  }, [delivered, queued.clientOrderId])

  useEffect(() => {
    if (lost) restore()
  }, [lost, restore])

  if (delivered) {
    return (
      <Stack {...frame}>
        <chakra.h2 fontFamily="heading" fontSize="2xl">
          Order {delivered.orderNumber} placed
        </chakra.h2>
        <Notice compact tone="success" role="status">
          You're back online and your order has been sent.
          {latest.paymentMethod === 'mpesa'
            ? ' Open it to pay with M-Pesa.'
            : ' You pay when it arrives.'}
        </Notice>
        <Link
          to="/order/$orderNumber"
          params={{ orderNumber: delivered.orderNumber }}
          search={{ token: delivered.token }}
        >
          <chakra.span css={primaryButton}>View your order</chakra.span>
        </Link>
      </Stack>
    )
  }

  if (latest.rejected) {
    return (
      <Stack {...frame}>
        <chakra.h2 fontFamily="heading" fontSize="2xl">
          Your order could not be placed
        </chakra.h2>
        <Notice compact tone="error" role="alert">
          {latest.rejected.message} Your cart still holds your items: please review them and place
          the order again.
        </Notice>
        <chakra.button type="button" css={primaryButton} onClick={restore}>
          Review your order
        </chakra.button>
      </Stack>
    )
  }

  return (
    <Stack {...frame}>
      <chakra.h2 fontFamily="heading" fontSize="2xl">
        Waiting to send
      </chakra.h2>
      <Notice compact tone="warning" role="status">
        You're offline. Your order is saved and will be sent when you're back online.
      </Notice>
      {waiting?.status === 'needs-auth' ? (
        <Notice compact tone="error" role="alert">
          Your session has expired.{' '}
          <Link to={paths.auth}>
            <chakra.span textDecoration="underline">Sign in to finish your order</chakra.span>
          </Link>
          .
        </Notice>
      ) : null}
      <chakra.p color="brand.charcoal">
        You can keep browsing or close the app: it is sent the next time you're online, and the
        confirmation appears here.
        {latest.paymentMethod === 'mpesa'
          ? ' Once it is placed you can pay with M-Pesa from the order page.'
          : ' You pay when it arrives.'}
      </chakra.p>
      <Link to={paths.home}>
        <chakra.span css={secondaryButton}>Continue Shopping</chakra.span>
      </Link>
    </Stack>
  )
}
