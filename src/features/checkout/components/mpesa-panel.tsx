import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Input } from '@chakra-ui/react/input'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { MobileMoneyIcon } from '@/components/icons'
import { formatPrice } from '@/lib/money'
import { formatKenyanPhone, KENYAN_PHONE_ERROR, normalizeKenyanPhone } from '@/lib/phone'
import { peekPayIntent, takePayIntent } from '../checkout-storage'
import type { OrderDocument } from '../checkout-types'
import { PROMPT_SECONDS, useMpesaPayment } from '../use-mpesa-payment'
import { controlProps, Field, inputStyle, primaryButton } from './form-controls'
import { PaybillDetails } from './paybill-details'
import { Notice } from '@/components/ui/notice'

/**
 * Paying an order by M-Pesa: the prompt to a phone, a minute's countdown while the shopper enters their
 * PIN, then 'Payment received' with the receipt, or what went wrong with 'Retry M-Pesa' and the Paybill
 * details. Right after checkout the prompt goes out by itself.
 */
export function MpesaPanel({
  order,
  token,
  onSettled,
}: {
  order: OrderDocument
  token: string
  onSettled: () => void
}) {
  const mpesa = useMpesaPayment({ orderNumber: order.orderNumber, token, onSettled })
  const [phone, setPhone] = useState(() =>
    formatKenyanPhone(peekPayIntent(order.orderNumber) ?? order.contact.phone),
  )
  const [phoneError, setPhoneError] = useState<string | null>(null)
  const autoStarted = useRef(false)
  const amount = formatPrice(order.total, 'KSH')
  const { start, phase } = mpesa

  // Straight from checkout: send the prompt to the number given there (once, even on a re-render).
  useEffect(() => {
    if (autoStarted.current || phase !== 'idle') return
    autoStarted.current = true
    const intended = takePayIntent(order.orderNumber)
    if (intended) void start(intended)
  }, [order.orderNumber, phase, start])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const normalised = normalizeKenyanPhone(phone)
    if (!normalised) {
      setPhoneError(KENYAN_PHONE_ERROR)
      return
    }
    setPhoneError(null)
    void start(normalised)
  }

  if (phase === 'paid') {
    return (
      <Notice compact tone="success" role="status">
        <chakra.strong display="block" fontSize="md">
          Payment received
        </chakra.strong>
        {mpesa.receipt ? `M-Pesa receipt ${mpesa.receipt}. ` : ''}Thank you! We're preparing your
        order.
      </Notice>
    )
  }

  const retry = phase === 'failed' || phase === 'timeout'
  const previouslyFailed = order.paymentStatus === 'failed' || order.paymentStatus === 'cancelled'
  const error = phoneError ?? mpesa.phoneError ?? undefined

  return (
    <chakra.section
      aria-labelledby="mpesa-title"
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
      p={{ base: '4', md: '6' }}
    >
      <Flex align="center" gap="3" mb="4">
        <chakra.span color="brand.kenyaGreen" aria-hidden="true">
          <MobileMoneyIcon size={28} />
        </chakra.span>
        <chakra.h2 id="mpesa-title" fontFamily="heading" fontSize="xl">
          Pay with M-Pesa
        </chakra.h2>
      </Flex>

      {phase === 'waiting' ? (
        <Stack gap="3" role="status">
          <chakra.p fontSize="lg" fontWeight="semibold">
            Check your phone: enter your M-Pesa PIN to pay {amount}
          </chakra.p>
          <chakra.p color="brand.charcoal" fontSize="sm">
            We sent a payment prompt to{' '}
            {mpesa.phone ? formatKenyanPhone(mpesa.phone) : 'your phone'}. Waiting for confirmation…{' '}
            {mpesa.secondsLeft} s
          </chakra.p>
          <Box aria-hidden="true" h="1.5" bg="brand.line" borderRadius="full" overflow="hidden">
            <Box
              h="full"
              bg="brand.kenyaGreen"
              w={`${Math.round((mpesa.secondsLeft / PROMPT_SECONDS) * 100)}%`}
              transition="width 1s linear"
            />
          </Box>
        </Stack>
      ) : (
        <Stack gap="4">
          {phase === 'failed' ? (
            <Notice compact tone="error" role="alert">
              <chakra.strong display="block">Payment not completed</chakra.strong>
              {mpesa.message}
            </Notice>
          ) : null}
          {phase === 'timeout' ? (
            <Notice compact tone="warning" role="alert">
              <chakra.strong display="block">We haven't received your payment yet</chakra.strong>
              The prompt may have expired. Try again, or pay by Paybill below.
            </Notice>
          ) : null}
          {mpesa.message && phase === 'idle' ? (
            <Notice compact tone="error" role="alert">
              {mpesa.message}
            </Notice>
          ) : null}
          {phase === 'idle' && !previouslyFailed ? (
            <chakra.p color="brand.charcoal" fontSize="sm">
              We'll send a prompt for {amount} to your phone. Enter your M-Pesa PIN to pay.
            </chakra.p>
          ) : null}
          <chakra.form
            onSubmit={submit}
            noValidate
            display="grid"
            gap="3"
            aria-label="M-Pesa payment"
          >
            <Field field="mpesa.phone" label="M-Pesa number" error={error}>
              <Input
                {...controlProps('mpesa.phone', { error })}
                {...inputStyle}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
              />
            </Field>
            <chakra.button
              type="submit"
              css={primaryButton}
              disabled={phase === 'sending'}
              aria-busy={phase === 'sending'}
            >
              {phase === 'sending'
                ? 'Sending the prompt…'
                : retry || previouslyFailed
                  ? 'Retry M-Pesa'
                  : `Pay ${amount} with M-Pesa`}
            </chakra.button>
          </chakra.form>
          {retry || previouslyFailed ? (
            <PaybillDetails orderNumber={order.orderNumber} amount={order.total} />
          ) : (
            <chakra.details fontSize="sm">
              <chakra.summary
                cursor="pointer"
                fontWeight="semibold"
                textDecoration="underline"
                textUnderlineOffset="3px"
                py="2"
              >
                Pay by Paybill instead
              </chakra.summary>
              <Box mt="3">
                <PaybillDetails orderNumber={order.orderNumber} amount={order.total} />
              </Box>
            </chakra.details>
          )}
        </Stack>
      )}
    </chakra.section>
  )
}
