import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { useCallback, useEffect, useRef, useState } from 'react'
import { formatPrice } from '@/lib/money'
import { startCardPayment } from '../api/card-api'
import { peekCardIntent, takeCardIntent } from '../checkout-storage'
import type { OrderDocument } from '../checkout-types'
import { primaryButton } from './form-controls'
import { Notice } from '@/components/ui/notice'

type Phase = { state: 'idle' } | { state: 'opening' } | { state: 'error'; message: string }

/**
 * Paying an order by card: the shopper goes to the provider's secure page and comes back here, where
 * the order shows paid, or declined with a way to try again. Right after checkout the page opens by
 * itself. The database's answer (from the provider's signed webhook) is what this panel shows.
 */
export function CardPanel({ order, token }: { order: OrderDocument; token: string }) {
  const unpaid = order.paymentStatus !== 'paid' && order.status !== 'cancelled'
  // Straight from checkout, the page opens by itself (the intent is read here, taken in the effect).
  const [phase, setPhase] = useState<Phase>(() =>
    unpaid && peekCardIntent(order.orderNumber) ? { state: 'opening' } : { state: 'idle' },
  )
  const autoStarted = useRef(false)
  const amount = formatPrice(order.total, 'KSH')

  const failed = useCallback((message: string | null) => {
    if (message) setPhase({ state: 'error', message })
  }, [])

  const pay = () => {
    setPhase({ state: 'opening' })
    void openCardPage(order.orderNumber, token).then(failed)
  }

  // Once: coming back from the payment page must not send the shopper there again.
  useEffect(() => {
    if (autoStarted.current) return
    autoStarted.current = true
    if (takeCardIntent(order.orderNumber) && unpaid) {
      void openCardPage(order.orderNumber, token).then(failed)
    }
  }, [order.orderNumber, token, unpaid, failed])

  if (order.paymentMethod !== 'card') return null
  if (order.paymentStatus === 'paid') {
    return (
      <Notice compact tone="success" role="status">
        <chakra.strong display="block">Payment received</chakra.strong>
        {formatPrice(order.total, 'KSH')} paid by card.
        {order.payment?.resultDesc ? ` ${order.payment.resultDesc}.` : ''}
      </Notice>
    )
  }
  if (!unpaid) return null

  const declined = order.paymentStatus === 'failed' && order.payment?.status === 'failed'
  return (
    <chakra.section
      aria-labelledby="card-pay-title"
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
      p={{ base: '4', md: '6' }}
    >
      <chakra.h2 id="card-pay-title" fontFamily="heading" fontSize="xl" mb="3">
        Pay by card
      </chakra.h2>
      <Stack gap="4" align="start">
        {declined ? (
          <Notice compact tone="error" role="alert">
            <chakra.strong display="block">Your card payment did not go through</chakra.strong>
            {order.payment?.resultDesc ? `${order.payment.resultDesc}. ` : ''}No money was taken.
            You can try again with the same or another card.
          </Notice>
        ) : (
          <chakra.p fontSize="sm" color="brand.charcoal">
            Pay {amount} with a debit or credit card on our payment provider's secure page. You come
            back here when it is done.
          </chakra.p>
        )}
        {phase.state === 'error' ? (
          <Notice compact tone="error" role="alert">
            {phase.message}
          </Notice>
        ) : null}
        {phase.state === 'opening' ? (
          <Notice compact role="status">
            Taking you to the secure card payment page…
          </Notice>
        ) : null}
        <chakra.button
          type="button"
          css={primaryButton}
          onClick={pay}
          disabled={phase.state === 'opening'}
          aria-busy={phase.state === 'opening'}
        >
          {declined ? 'Try again' : `Pay ${amount} by card`}
        </chakra.button>
      </Stack>
    </chakra.section>
  )
}

/** Sends the browser to the provider's page for a new session; the reason in words when it cannot. */
async function openCardPage(orderNumber: string, token: string): Promise<string | null> {
  try {
    const session = await startCardPayment({
      orderNumber,
      token,
      returnOrigin: window.location.origin,
    })
    window.location.assign(session.url)
    return null
  } catch (error) {
    return error instanceof Error
      ? error.message
      : 'Card payments are not available right now. Please try again.'
  }
}
