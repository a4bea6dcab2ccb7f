import { Grid } from '@chakra-ui/react/grid'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { formatPrice } from '@/lib/money'
import { mpesaPhoneOf } from '../checkout-validation'
import type { PaymentLimits } from '../use-payment-limits'
import type { SectionProps } from './contact-section'
import { ChoiceCard, controlProps, Field, inputStyle, Section } from './form-controls'

/**
 * How the shopper pays: an M-Pesa prompt to a phone (the contact number unless changed), card, bank transfer,
 * or cash on delivery. A way whose ceiling the total is over is shown, unavailable, with the reason.
 */
export function PaymentSection({
  draft,
  errors,
  onChange,
  onBlur,
  total,
  limits,
}: SectionProps & { total: number | null; limits: PaymentLimits | null }) {
  const overMpesa = limits !== null && total !== null && total > limits.mpesaMax
  const overCash = limits !== null && total !== null && total > limits.codMax
  return (
    <Section step={3} title="Payment" id="checkout-payment-title">
      <chakra.fieldset>
        <chakra.legend srOnly>Payment method</chakra.legend>
        <Grid gap="3" templateColumns={{ base: '1fr', md: '1fr 1fr' }}>
          <ChoiceCard
            name="paymentMethod"
            value="mpesa"
            checked={draft.paymentMethod === 'mpesa'}
            onChange={() => onChange('paymentMethod', 'mpesa')}
            title="M-Pesa"
            disabled={overMpesa}
            detail={
              overMpesa
                ? `Not available for this order: M-Pesa takes at most ${formatPrice(limits.mpesaMax, 'KSH')} in one payment. Pay by card or bank transfer.`
                : 'We send a payment prompt to your phone: enter your PIN to pay.'
            }
          />
          <ChoiceCard
            name="paymentMethod"
            value="card"
            checked={draft.paymentMethod === 'card'}
            onChange={() => onChange('paymentMethod', 'card')}
            title="Card"
            detail="Debit or credit card, any amount. After you order you pay on our payment provider's secure page."
          />
          <ChoiceCard
            name="paymentMethod"
            value="bank"
            checked={draft.paymentMethod === 'bank'}
            onChange={() => onChange('paymentMethod', 'bank')}
            title="Bank transfer"
            detail={`Any amount. After you order you get our bank details; use your order number as the reference. We hold your order for ${limits?.bankTransferDays ?? 3} days.`}
          />
          <ChoiceCard
            name="paymentMethod"
            value="cod"
            checked={draft.paymentMethod === 'cod'}
            onChange={() => onChange('paymentMethod', 'cod')}
            title="Cash on delivery"
            disabled={overCash}
            detail={
              overCash
                ? `Not available for this order: cash on delivery is for orders up to ${formatPrice(limits.codMax, 'KSH')}.`
                : 'Pay when your order arrives or when you collect it.'
            }
          />
        </Grid>
      </chakra.fieldset>
      {errors.paymentMethod ? (
        <chakra.p role="alert" mt="3" fontSize="sm" color="brand.sale">
          {errors.paymentMethod}
        </chakra.p>
      ) : null}
      {draft.paymentMethod === 'mpesa' ? (
        <chakra.div mt="5" maxW={{ md: 'sm' }}>
          <Field
            field="mpesaPhone"
            label="M-Pesa number"
            hint="The prompt goes to this phone after you place the order."
            error={errors.mpesaPhone}
          >
            <Input
              {...controlProps('mpesaPhone', { error: errors.mpesaPhone, hint: true })}
              {...inputStyle}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="0712 345 678"
              maxLength={20}
              value={mpesaPhoneOf(draft)}
              onChange={(e) => {
                onChange('mpesaPhoneEdited', true)
                onChange('mpesaPhone', e.target.value)
              }}
              onBlur={() => onBlur('mpesaPhone')}
              aria-required="true"
            />
          </Field>
        </chakra.div>
      ) : null}
    </Section>
  )
}
