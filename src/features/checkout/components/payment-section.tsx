import { Grid } from '@chakra-ui/react/grid'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { mpesaPhoneOf } from '../checkout-validation'
import type { SectionProps } from './contact-section'
import { ChoiceCard, controlProps, Field, inputStyle, Section } from './form-controls'

/** How the shopper pays: an M-Pesa prompt to a phone (the contact number unless changed) or cash on delivery. */
export function PaymentSection({ draft, errors, onChange, onBlur }: SectionProps) {
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
            detail="We send a payment prompt to your phone: enter your PIN to pay."
          />
          <ChoiceCard
            name="paymentMethod"
            value="cod"
            checked={draft.paymentMethod === 'cod'}
            onChange={() => onChange('paymentMethod', 'cod')}
            title="Cash on delivery"
            detail="Pay when your order arrives or when you collect it."
          />
        </Grid>
      </chakra.fieldset>
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
