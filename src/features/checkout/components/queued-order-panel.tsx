import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { paths } from '@/config/paths'
import {
  findQueuedOrder,
  forgetQueuedOrder,
  subscribeQueuedOrders,
  type QueuedOrder,
} from '../queued-orders'
import { findSavedOrderByKey, listSavedOrders, subscribeSavedOrders } from '../saved-orders'
import { Notice, primaryButton, secondaryButton } from './form-controls'

/**
 * An order placed offline: 'Waiting to send' until the outbox delivers it, then the link to the order;
 * or, if the store refused it (items changed), why, with the way back to the cart (which still holds
 * the items).
 */
export function QueuedOrderPanel({ queued, onBack }: { queued: QueuedOrder; onBack: () => void }) {
  useSyncExternalStore(subscribeSavedOrders, listSavedOrders, () => [])
  const current =
    useSyncExternalStore(
      subscribeQueuedOrders,
      () => JSON.stringify(findQueuedOrder(queued.clientOrderId) ?? null),
      () => 'null',
    ) ?? 'null'
  const latest = (JSON.parse(current) as QueuedOrder | null) ?? queued
  const delivered = findSavedOrderByKey(queued.clientOrderId)

  if (delivered) {
    return (
      <Stack
        gap="4"
        bg="white"
        borderWidth="1px"
        borderColor="brand.line"
        p={{ base: '4', md: '6' }}
      >
        <chakra.h2 fontFamily="heading" fontSize="2xl">
          Order {delivered.orderNumber} placed
        </chakra.h2>
        <Notice tone="success" role="status">
          You're back online and your order has been sent.
          {latest.paymentMethod === 'mpesa' ? ' Open it to pay with M-Pesa.' : ''}
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
      <Stack
        gap="4"
        bg="white"
        borderWidth="1px"
        borderColor="brand.line"
        p={{ base: '4', md: '6' }}
      >
        <chakra.h2 fontFamily="heading" fontSize="2xl">
          Your order could not be placed
        </chakra.h2>
        <Notice tone="error" role="alert">
          {latest.rejected.message} Your cart still holds your items: please review them and place
          the order again.
        </Notice>
        <chakra.button
          type="button"
          css={primaryButton}
          onClick={() => {
            forgetQueuedOrder(queued.clientOrderId)
            onBack()
          }}
        >
          Review your order
        </chakra.button>
      </Stack>
    )
  }

  return (
    <Stack gap="4" bg="white" borderWidth="1px" borderColor="brand.line" p={{ base: '4', md: '6' }}>
      <chakra.h2 fontFamily="heading" fontSize="2xl">
        Waiting to send
      </chakra.h2>
      <Notice tone="warning" role="status">
        You're offline. Your order is saved and will be sent when you're back online.
      </Notice>
      {latest.needsSignIn ? (
        <Notice tone="error" role="alert">
          Your session has expired.{' '}
          <Link to={paths.auth}>
            <chakra.span textDecoration="underline">Sign in to finish your order</chakra.span>
          </Link>
          .
        </Notice>
      ) : null}
      <chakra.p color="brand.charcoal">
        Keep browsing or close the app: we'll send it the next time you're online and show you the
        confirmation here.
        {latest.paymentMethod === 'mpesa'
          ? ' Once it is placed you can pay with M-Pesa from the order page.'
          : ' You pay when it arrives.'}
      </chakra.p>
      <Link to={paths.home}>
        <chakra.span css={secondaryButton}>Continue shopping</chakra.span>
      </Link>
    </Stack>
  )
}
