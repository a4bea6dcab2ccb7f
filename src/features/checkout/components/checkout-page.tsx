import { Box } from '@chakra-ui/react/box'
import { Grid } from '@chakra-ui/react/grid'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { DiscountCodeField } from '@/components/discount-code-field'
import { paths } from '@/config/paths'
import { selectAffiliateRecord } from '@/features/affiliate/affiliate-slice'
import { selectAuthUser } from '@/features/auth/auth-slice'
import { removeItem, selectCartItems, setQuantity } from '@/features/cart/cart-slice'
import { selectCurrency } from '@/features/currency/currency-slice'
import { formatPrice } from '@/lib/money'
import { formatKenyanPhone, normalizeKenyanPhone } from '@/lib/phone'
import { useOnlineStatus } from '@/lib/use-online-status'
import type { QuoteExtras } from '../api/checkout-api'
import { loadDraft, saveDraft } from '../checkout-storage'
import {
  addDiscountCode,
  normalizeCode,
  removeDiscountCode,
  selectDiscountCodes,
} from '../checkout-slice'
import {
  fieldOrder,
  mpesaPhoneOf,
  validateCheckout,
  type CheckoutDraft,
  type CheckoutErrors,
  type CheckoutField,
} from '../checkout-validation'
import { lineNotice, lineStates } from '../line-problems'
import { orderItems, quoteDelivery } from '../order-payload'
import { usePaymentLimits } from '../use-payment-limits'
import { usePickupPoints } from '../use-pickup-points'
import { usePlaceOrder } from '../use-place-order'
import { useQuote } from '../use-quote'
import { ContactSection } from './contact-section'
import { DeliverySection } from './delivery-section'
import { EmptyCheckout } from './empty-checkout'
import { primaryButton } from './form-controls'
import { OrderSummary } from './order-summary'
import { PaymentSection } from './payment-section'
import { QueuedOrderPanel } from './queued-order-panel'
import { Notice } from '@/components/ui/notice'

/** The cart has been read back from the device (an empty cart before then is not the shopper's). */
function useCartReady() {
  return useAppSelector(
    (state) =>
      (state.cart as { _persist?: { rehydrated?: boolean } })._persist?.rehydrated !== false,
  )
}

/**
 * /checkout on one page: contact, delivery or pickup, payment, and a summary priced by the database.
 * Placing sends the order once under this checkout's key (double taps and retries reuse it); offline,
 * the order waits in the outbox and is sent when the connection returns.
 */
export function CheckoutPage() {
  const dispatch = useAppDispatch()
  const items = useAppSelector(selectCartItems)
  const currency = useAppSelector(selectCurrency)
  const user = useAppSelector(selectAuthUser)
  const referral = useAppSelector(selectAffiliateRecord)
  const codes = useAppSelector(selectDiscountCodes)
  const cartReady = useCartReady()
  const online = useOnlineStatus()

  const [draft, setDraft] = useState<CheckoutDraft>(loadDraft)
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(new Set())

  // A signed-in shopper starts with their name and email filled in (once per account).
  const [prefilledFor, setPrefilledFor] = useState<string | null>(null)
  if (user && prefilledFor !== user.id) {
    setPrefilledFor(user.id)
    setDraft((current) => ({
      ...current,
      name: current.name || user.fullName,
      email: current.email || user.email,
    }))
  }

  const lines = useMemo(() => orderItems(items), [items])
  const linesKey = JSON.stringify(lines)
  const delivery = quoteDelivery(draft)
  // Whose codes and first order count: the email once the shopper has finished typing it.
  const quoteEmail =
    touched.has('contact.email') || user ? draft.email.trim() || undefined : undefined
  const quotePhone = touched.has('contact.phone')
    ? (normalizeKenyanPhone(draft.phone) ?? undefined)
    : undefined
  const extras: QuoteExtras = {
    discountCodes: codes,
    ...(codes.length && (quoteEmail || quotePhone)
      ? {
          contact: {
            ...(quoteEmail ? { email: quoteEmail } : {}),
            ...(quotePhone ? { phone: quotePhone } : {}),
          },
        }
      : {}),
  }
  const quoteState = useQuote(lines, delivery, online, extras)
  // A quote answers for the cart it was asked about; after a change it waits for the next one.
  const quote =
    quoteState.quote &&
    quoteState.quote.lines.length === lines.length &&
    quoteState.quote.lines.every(
      (line, i) => line.productId === lines[i]?.productId && line.quantity === lines[i]?.quantity,
    )
      ? quoteState.quote
      : null

  const {
    phase,
    submitted,
    alert,
    alertRef,
    serverErrors,
    clearServerErrors,
    conflict,
    queued,
    leaveQueued,
    submit,
  } = usePlaceOrder({ linesKey, refreshQuote: quoteState.refresh })
  useEffect(() => {
    if (phase === 'form') saveDraft(draft)
  }, [draft, phase])

  const states = lineStates(lines, quoteState.quote, conflict)
  const blocking =
    items.some((line, index) => lineNotice(line, states.get(index), currency)?.blocking) ||
    (quoteState.invalidLine !== null && quote === null && quoteState.status === 'unavailable')

  const { points, loading: pickupLoading } = usePickupPoints(online)
  const paymentLimits = usePaymentLimits(online)

  const errors = validateCheckout(draft, { signedIn: user !== null })
  const shownErrors: CheckoutErrors = { ...serverErrors }
  for (const field of fieldOrder) {
    if (errors[field] && (submitted || touched.has(field))) shownErrors[field] = errors[field]
  }

  const change = useCallback(
    <K extends keyof CheckoutDraft>(key: K, value: CheckoutDraft[K]) => {
      setDraft((current) => ({ ...current, [key]: value }))
      clearServerErrors()
    },
    [clearServerErrors],
  )
  const blur = useCallback((field: CheckoutField) => {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)))
  }, [])

  const goods = quote
    ? quote.subtotal - quote.discountTotal
    : items.reduce((s, l) => s + l.price * l.quantity, 0)
  const freeDelivery = goods >= (quote?.freeDeliveryFrom ?? 5000)
  const total = quote?.total ?? null

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void submit({ draft, items, codes, referral, errors, blocking })
  }

  if (queued) {
    return (
      <PageFrame>
        <QueuedOrderPanel queued={queued} onBack={leaveQueued} />
      </PageFrame>
    )
  }

  if (phase === 'done') {
    return (
      <PageFrame>
        <Notice compact role="status">
          Order placed. Taking you to your order…
        </Notice>
      </PageFrame>
    )
  }

  if (items.length === 0) {
    return (
      <PageFrame>
        {cartReady ? (
          <EmptyCheckout />
        ) : (
          <Notice compact role="status">
            Loading your cart…
          </Notice>
        )}
      </PageFrame>
    )
  }

  const mpesaNumber = normalizeKenyanPhone(mpesaPhoneOf(draft))

  return (
    <PageFrame>
      {!online ? (
        <Box mb="6">
          <Notice compact tone="warning" role="status">
            You're offline. You can still place your order: it is saved on this phone and sent as
            soon as you're back online. Prices and delivery are confirmed then.
          </Notice>
        </Box>
      ) : null}
      <chakra.form onSubmit={onSubmit} noValidate aria-label="Checkout">
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 400px' }}
          gap={{ base: '5', lg: '8' }}
          alignItems="start"
        >
          <Stack gap="5">
            <ContactSection
              draft={draft}
              errors={shownErrors}
              onChange={change}
              onBlur={blur}
              signedInEmail={user?.email ?? null}
            />
            <DeliverySection
              draft={draft}
              errors={shownErrors}
              onChange={change}
              onBlur={blur}
              pickupPoints={points}
              pickupLoading={pickupLoading}
              currency={currency}
              freeDelivery={freeDelivery}
            />
            <PaymentSection
              draft={draft}
              errors={shownErrors}
              onChange={change}
              onBlur={blur}
              total={quote ? (quote.total ?? quote.subtotal - quote.discountTotal) : null}
              limits={paymentLimits}
            />
          </Stack>
          <Box position={{ lg: 'sticky' }} top={{ lg: '32' }}>
            <OrderSummary
              lines={items}
              states={states}
              invalidLine={quoteState.invalidLine}
              quote={quote}
              estimated={quote === null && (!online || quoteState.status === 'unavailable')}
              currency={currency}
              deliveryKnown={delivery !== undefined}
              onRemove={(productId) => dispatch(removeItem(productId))}
              onSetQuantity={(productId, quantity) =>
                dispatch(setQuantity({ productId, quantity }))
              }
              codeField={
                <DiscountCodeField
                  codes={codes}
                  applied={quote?.codes ?? []}
                  refusal={quote?.codeRefusal ?? null}
                  checking={codes.length > 0 && quote === null && quoteState.status === 'loading'}
                  currency={currency}
                  onApply={(text) => {
                    const code = normalizeCode(text)
                    if (!code) return 'That code is not valid. Check it and try again.'
                    dispatch(addDiscountCode(code))
                    return null
                  }}
                  onRemove={(code) => dispatch(removeDiscountCode(code))}
                />
              }
            >
              <Stack gap="3" mt="5">
                <Box ref={alertRef} tabIndex={-1} outline="none" role="alert">
                  {alert ? (
                    <Notice compact tone="error">
                      {alert.text}{' '}
                      {alert.signIn ? (
                        <Link to={paths.auth}>
                          <chakra.span textDecoration="underline">Sign in</chakra.span>
                        </Link>
                      ) : null}
                    </Notice>
                  ) : null}
                </Box>
                <chakra.button
                  type="submit"
                  css={primaryButton}
                  w="full"
                  disabled={phase === 'placing'}
                  aria-busy={phase === 'placing'}
                >
                  {phase === 'placing' ? 'Placing your order…' : 'Place order'}
                </chakra.button>
                <chakra.p fontSize="xs" color="brand.muted" textAlign="center">
                  {draft.paymentMethod === 'mpesa'
                    ? `Next: an M-Pesa prompt${total !== null ? ` for ${formatPrice(total, 'KSH')}` : ''}${
                        mpesaNumber ? ` on ${formatKenyanPhone(mpesaNumber)}` : ''
                      }.`
                    : draft.paymentMethod === 'bank'
                      ? 'Next: our bank details, with your order number as the reference.'
                      : draft.paymentMethod === 'card'
                        ? 'Next: our payment provider’s secure page, to pay by card.'
                        : 'You pay when your order arrives.'}{' '}
                  Prices, stock and delivery fees are confirmed by our system when you place your
                  order.
                </chakra.p>
              </Stack>
            </OrderSummary>
          </Box>
        </Grid>
      </chakra.form>
    </PageFrame>
  )
}

function PageFrame({ children }: { children: React.ReactNode }) {
  return (
    <Box bg="brand.ivory" minH="70vh">
      <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <chakra.h1
          fontFamily="heading"
          fontSize={{ base: '3xl', md: '4xl' }}
          color="brand.ink"
          mb="1"
        >
          Checkout
        </chakra.h1>
        <chakra.p color="brand.muted" mb={{ base: '5', md: '8' }}>
          Pay with M-Pesa, card, bank transfer or cash on delivery. Delivery to all 47 counties.
        </chakra.p>
        {children}
      </Box>
    </Box>
  )
}
